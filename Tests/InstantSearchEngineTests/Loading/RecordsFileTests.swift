import Foundation
import InstantSearchModel
import Testing

@testable import InstantSearchEngine

/// What loading learns of a records file before reading its lines: its size, for progress, and whether it is
/// a JSON array; each failure a typed error with the system's reason.
@Suite("Records files: size and form", .timeLimit(.minutes(1)))
struct RecordsFileTests {
  /// Collects the sizes progress reports give.
  final class Totals: @unchecked Sendable {
    // Written only by the loader's callback, on one thread at a time, and read after the load returns.
    private(set) var values: [Int?] = []

    func append(_ value: Int?) { values.append(value) }
  }

  @Test("progress reports the file's size, into an empty index and into one that holds records")
  func totalBytes() throws {
    let text = (0..<5000).map { #"{"objectID":"\#($0)","n":\#($0)}"# }.joined(separator: "\n")
    let url = try LoadingTests.temporaryFile(text)
    defer { try? FileManager.default.removeItem(at: url) }
    for preloaded in [false, true] {
      let index = LocalIndex(name: "p")
      if preloaded { try index.saveRecords([["objectID": "first"]]) }
      let totals = Totals()
      try index.loadJSONLines(contentsOf: url) { totals.append($0.totalBytes) }
      #expect(!totals.values.isEmpty)
      #expect(totals.values.allSatisfy { $0 == text.utf8.count }, "preloaded: \(preloaded)")
    }
  }

  @Test("a device has no size to report: the load goes on without one")
  func deviceHasNoSize() throws {
    let file = try LineReader.open(URL(fileURLWithPath: "/dev/null"))
    #expect(try LineReader.size(of: file, at: URL(fileURLWithPath: "/dev/null")) == nil)
    let index = LocalIndex(name: "p")
    try index.loadJSONLines(contentsOf: URL(fileURLWithPath: "/dev/null"))
    #expect(index.recordCount == 0)
  }

  @Test("a JSON array is told from JSON lines past any white space, across reads of 4 KB")
  func arrayOrLines() throws {
    let cases: [(String, Bool)] = [
      ("", false), ("   \n", false), ("[]", true), (" \r\n\t[{\"objectID\":\"a\"}]", true),
      ("{\"objectID\":\"a\"}", false), (String(repeating: " ", count: 5000) + "[", true),
      (String(repeating: "\n", count: 4096) + "{}", false),
    ]
    for (text, isArray) in cases {
      let url = try LoadingTests.temporaryFile(text)
      defer { try? FileManager.default.removeItem(at: url) }
      #expect(try LocalIndex.holdsArray(url) == isArray, "\(text.utf8.count) bytes")
    }
  }

  @Test("a missing file and a directory: typed errors with the system's reason; nothing loaded")
  func unreadable() throws {
    let index = LocalIndex(name: "p")
    #expect(throws: EngineError.unreadableInput("cannot open /nonexistent/records.json: No such file or directory")) {
      try index.loadRecords(contentsOf: URL(fileURLWithPath: "/nonexistent/records.json"))
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("records-dir-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(throws: EngineError.unreadableInput("cannot read \(folder.path): Is a directory")) {
      try index.loadRecords(contentsOf: folder)
    }
    #expect(index.recordCount == 0)
  }
}
