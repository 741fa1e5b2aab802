#if os(Linux)
  import Foundation
  import Testing

  extension AppleOnlySourcesTests {
    /// Flags that find the running tests' built modules (`…/debug/Modules`) and the module maps of the
    /// C modules they pull in: OpenCombine's C helpers (`InstantSearchCore` on Linux) and the engine's
    /// population counts, checksum instructions and word segmenter (`InstantSearchEngine`, which the `InstantSearch` umbrella
    /// re-exports).
    static func builtModuleFlags() -> [String]? {
      let engineCModules = ["CInstantSearchBits", "CInstantSearchChecksum", "CInstantSearchSegmenter"]
      var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      for _ in 0..<4 {
        let modules = folder.appendingPathComponent("Modules")
        let map = folder.appendingPathComponent("COpenCombineHelpers.build/module.modulemap")
        let core = modules.appendingPathComponent("InstantSearchCore.swiftmodule")
        if FileManager.default.fileExists(atPath: core.path), FileManager.default.fileExists(atPath: map.path) {
          var flags = ["-swift-version", "6", "-I", modules.path, "-Xcc", "-fmodule-map-file=\(map.path)"]
          for module in engineCModules {
            let engineMap = folder.appendingPathComponent("\(module).build/module.modulemap")
            if FileManager.default.fileExists(atPath: engineMap.path) {
              flags += ["-Xcc", "-fmodule-map-file=\(engineMap.path)"]
            }
          }
          return flags
        }
        folder.deleteLastPathComponent()
      }
      return nil
    }

    /// A fresh scratch folder holding the stand-in `framework` module, built from
    /// `Tests/AppleStubs/<framework>.swift` — with MapKit's over it for UIKit, as the map controller
    /// needs both — and the flags to compile against them.
    static func stub(_ framework: String) async throws -> (folder: URL, flags: [String]) {
      let built = try #require(builtModuleFlags(), "the tests run from a build folder holding InstantSearchCore")
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apple-stubs-\(UUID())")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let frameworks = framework == "UIKit" ? ["UIKit", "MapKit"] : [framework]
      for name in frameworks {
        let source = root.appendingPathComponent("Tests/AppleStubs/\(name).swift")
        let module = folder.appendingPathComponent("\(name).swiftmodule")
        let emitted = try await swiftc(
          ["-emit-module", "-parse-as-library", "-module-name", name, "-o", module.path, source.path] + built + [
            "-I", folder.path,
          ])
        #expect(emitted.status == 0, "\(emitted.output)")
      }
      return (folder, built + ["-I", folder.path])
    }

    @Test(
      "The controllers and views, with the seeds' examples, type-check against stand-ins and the real Core",
      arguments: [("InstantSearch", "UIKit"), ("InstantSearchSwiftUI", "SwiftUI")])
    func typechecks(target: String, framework: String) async throws {
      let stub = try await Self.stub(framework)
      defer { try? FileManager.default.removeItem(at: stub.folder) }
      // The seed pages' examples for the framework are type-checked with the target's files, and so are
      // the calls InstantSearch iOS's widget pages and guides document, where there is a file of them.
      let examples = Self.root.appendingPathComponent("Tests/AppleStubs/SeedExamples/\(framework)SeedExamples.swift")
      let documented = Self.root.appendingPathComponent(
        "Tests/AppleStubs/DocumentedExamples/\(framework)DocumentedExamples.swift")
      let files =
        try Self.appleOnlyFiles().filter { $0.path.contains("/Sources/\(target)/") } + [examples]
        + (FileManager.default.fileExists(atPath: documented.path) ? [documented] : [])
      let result = try await Self.swiftc(
        ["-typecheck", "-warnings-as-errors", "-module-name", target] + stub.flags + files.map(\.path))
      #expect(result.status == 0, "\(result.output)")
      #expect(!result.output.contains("error:") && !result.output.contains("warning:"), "\(result.output)")
    }

    @Test("The type-check fails when a controller breaks its protocol")
    func typecheckCanFail() async throws {
      let stub = try await Self.stub("UIKit")
      defer { try? FileManager.default.removeItem(at: stub.folder) }
      // A table controller whose `setSelectableItems` has the wrong label no longer conforms.
      let broken = stub.folder.appendingPathComponent("Broken.swift")
      try """
      import InstantSearchCore
      import UIKit
      @MainActor final class Broken: NSObject, FacetListController {
        var onClick: ((Facet) -> Void)?
        func setSelectableItems(_ items: [SelectableItem<Facet>]) {}
      }
      """.write(to: broken, atomically: true, encoding: .utf8)
      let result = try await Self.swiftc(["-typecheck"] + stub.flags + [broken.path])
      #expect(result.status != 0)
      #expect(result.output.contains("error:") && result.output.contains("'FacetListController'"), "\(result.output)")
    }
  }
#endif
