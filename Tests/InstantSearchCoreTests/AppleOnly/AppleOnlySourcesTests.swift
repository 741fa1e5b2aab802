import Foundation
import TestProcesses
import Testing

/// The UIKit and SwiftUI files cannot be type-checked where their frameworks do not exist. This suite makes
/// sure that each at least parses (the toolchain's parser reads inactive `#if` blocks too), is wholly
/// inside its platform condition (so it never breaks a build elsewhere), and declares the names and
/// initializers the seed pages use. On Linux it also type-checks them, in Swift 6 mode with warnings as
/// errors, against stand-ins for UIKit and SwiftUI (`Tests/AppleStubs`) and the real, freshly built
/// `InstantSearchCore`: that checks our side (conformances, the view models, isolation), not the frameworks.
@Suite("Apple-only sources")
struct AppleOnlySourcesTests {
  /// The package's root folder (this file is `Tests/InstantSearchCoreTests/AppleOnly/…`).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Every Swift file of the UIKit and SwiftUI targets.
  static func appleOnlyFiles() throws -> [URL] {
    var files: [URL] = []
    for target in ["Sources/InstantSearch", "Sources/InstantSearchSwiftUI"] {
      let folder = root.appendingPathComponent(target)
      let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
      while let url = enumerator?.nextObject() as? URL {
        if url.pathExtension == "swift" { files.append(url) }
      }
    }
    return files.sorted { $0.path < $1.path }
  }

  /// The `swiftc` next to the running toolchain, found on `PATH`.
  static func swiftc() -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for folder in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }

  /// Runs `swiftc -parse` on `files`; returns the exit status and what it printed.
  static func parse(_ files: [URL]) async throws -> (status: Int32, output: String) {
    try await swiftc(["-parse"] + files.map(\.path))
  }

  /// Runs `swiftc` with `arguments` (on a thread of its own: it blocks until the compiler ends); returns
  /// the exit status and what it printed.
  static func swiftc(_ arguments: [String]) async throws -> (status: Int32, output: String) {
    let compiler = try #require(swiftc(), "swiftc is on PATH").path
    return try await onDedicatedThread { try ChildProcess.run(compiler, arguments) }
  }

  @Test("Every UIKit and SwiftUI file parses")
  func everyFileParses() async throws {
    let files = try Self.appleOnlyFiles()
    #expect(files.count >= 6)
    let result = try await Self.parse(files)
    #expect(result.status == 0, "\(result.output)")
    #expect(!result.output.contains("error:"), "\(result.output)")
  }

  @Test("The parse check fails on a syntax error inside an inactive block")
  func parseCheckCanFail() async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("apple-only-\(UUID()).swift")
    try "#if canImport(UIKit)\n  import UIKit\n  final class Broken { func f( { } }\n#endif\n"
      .write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try await Self.parse([file])
    #expect(result.status != 0)
    #expect(result.output.contains("error:"))
  }

  @Test("Each file is wholly inside its platform condition")
  func guarded() throws {
    for file in try Self.appleOnlyFiles() {
      let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        .map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty && !$0.hasPrefix("//") }
      let isUmbrella = file.lastPathComponent == "InstantSearch.swift"
      if isUmbrella { continue }
      let framework = file.path.contains("/InstantSearchSwiftUI/") ? "SwiftUI" : "UIKit"
      #expect(lines.first?.hasPrefix("#if canImport(\(framework))") == true, "\(file.lastPathComponent)")
      #expect(lines.last == "#endif", "\(file.lastPathComponent)")
      #expect(lines.filter { $0.hasPrefix("#if") }.count == 1, "\(file.lastPathComponent): one block")
    }
  }

  @Test(
    "The seed pages' names and initializers are declared",
    arguments: [
      (
        "FacetList/FacetListTableController.swift",
        "class FacetListTableController: NSObject, FacetListShowMoreController"
      ),
      (
        "FacetList/FacetListTableController.swift",
        "public init(tableView: UITableView, cellID: String = \"FacetList\")"
      ),
      ("CurrentFilters/CurrentFilterListTableController.swift", "open class CurrentFilterListTableController"),
      ("CurrentFilters/CurrentFilterListTableController.swift", "public init(tableView: UITableView"),
      ("FilterMap/SegmentedController.swift", "open class SegmentedController<F: FilterType>"),
      ("FilterMap/SegmentedController.swift", "public init(segmentedControl: UISegmentedControl)"),
      ("NumberRange/NumberRangeSlidersController.swift", "NSObject, NumberRangeController"),
      (
        "../InstantSearchSwiftUI/FacetList/FacetList.swift", "public struct FacetList<Row: View, NoResults: View>: View"
      ),
      ("../InstantSearchSwiftUI/FacetList/FacetList.swift", "_ facetListController: FacetListObservableController,"),
      ("../InstantSearchSwiftUI/FacetList/FacetList.swift", "extension FacetList where NoResults == Never"),
      ("../InstantSearchSwiftUI/FacetList/FacetRow.swift", "public init(facet: Facet, isSelected: Bool)"),
    ])
  func seedShapes(file: String, declaration: String) throws {
    let url = Self.root.appendingPathComponent("Sources/InstantSearch").appendingPathComponent(file)
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(text.contains(declaration))
  }

  @Test(
    "The other widgets' UIKit controllers and SwiftUI views keep InstantSearch's names and initializers",
    arguments: [
      ("FilterToggle/FilterSwitchController.swift", "open class FilterSwitchController<F: FilterType>"),
      ("FilterToggle/FilterSwitchController.swift", "public init(`switch`: UISwitch)"),
      ("FilterList/FilterListTableController.swift", "open class FilterListTableController<F: FilterType>"),
      ("FilterList/FilterListTableController.swift", "tableView: UITableView"),
      ("NumberComparison/NumericStepperController.swift", "public init(stepper: UIStepper)"),
      ("Hierarchical/HierarchicalTableViewController.swift", "open class HierarchicalTableViewController"),
      ("DynamicFacetList/DynamicFacetListTableViewController.swift", "open class DynamicFacetListTableViewController"),
      (
        "Hits/HitsTableViewController.swift",
        "open class HitsTableViewController<CellConfigurator: TableViewCellConfigurable>: UITableViewController"
      ),
      ("Hits/TableViewCellConfigurable.swift", "init(model: Model, indexPath: IndexPath)"),
      (
        "Hits/HitsCollectionViewController.swift",
        "open class HitsCollectionViewController<CellConfigurator: CollectionViewCellConfigurable>:"
      ),
      ("QuerySuggestions/QuerySuggestionsViewController.swift", "open class QuerySuggestionsViewController"),
      ("MultiIndexHits/MultiIndexHitsCollectionController.swift", "public init(collectionView: UICollectionView"),
      ("Rating/RatingControl.swift", "open class RatingControl: UIControl"),
      ("Rating/NumericRatingController.swift", "public init(ratingControl: RatingControl = RatingControl())"),
      ("NumberComparison/NumericTextFieldController.swift", "public init(textField: UITextField = UITextField())"),
      ("Geo/MapHitsController.swift", "#if canImport(UIKit) && canImport(MapKit) && !os(watchOS)"),
      ("Loading/ActivityIndicatorController.swift", "public init(activityIndicator: UIActivityIndicatorView)"),
      ("../InstantSearchSwiftUI/FilterList/FilterList.swift", "public struct FilterList<F: FilterType, Row: View>"),
      ("../InstantSearchSwiftUI/Hierarchical/HierarchicalList.swift", "public struct HierarchicalList<Row: View>"),
      (
        "../InstantSearchSwiftUI/Hierarchical/HierarchicalFacetRow.swift",
        "public init(facet: Facet, nestingLevel: Int, isSelected: Bool"
      ),
    ])
  func widgetShapes(file: String, declaration: String) throws {
    let url = Self.root.appendingPathComponent("Sources/InstantSearch").appendingPathComponent(file)
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(text.contains(declaration))
  }
}
