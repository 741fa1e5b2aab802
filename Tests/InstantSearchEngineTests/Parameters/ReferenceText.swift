import Foundation
import Testing

/// What the parameter and setting tests read to check the engine against: the property names of the
/// Common Test Suite's Search API spec (`../shared/reference/algolia-cts`) and the tables of the engine's
/// documentation (`SearchParameters.md`).
enum ReferenceText {
  /// The project's root directory.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The names of the properties of the top-level `sections` (`baseIndexSettings:`…) of the spec's schema
  /// file `file` (`IndexSettings.yml`).
  static func specProperties(_ file: String, sections: Set<String>) throws -> Set<String> {
    let schemas = root.deletingLastPathComponent()
      .appendingPathComponent("shared/reference/algolia-cts/specs/common/schemas")
    try #require(
      FileManager.default.fileExists(atPath: schemas.path), "the Common Test Suite's specs at \(schemas.path)")
    let text = try String(contentsOf: schemas.appendingPathComponent(file), encoding: .utf8)
    var names: Set<String> = []
    var inSection = false
    var inProperties = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if !line.hasPrefix(" "), !line.isEmpty {
        inSection = sections.contains(String(line))
        inProperties = false
        continue
      }
      guard inSection else { continue }
      if line == "  properties:" {
        inProperties = true
      } else if inProperties, line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
        names.insert(String(line.dropFirst(4).dropLast()))
      }
    }
    return names
  }

  /// The rows of the documentation's table between `start` (a heading, or the beginning) and `end` (the
  /// next heading of interest, or the end): the name in the first column → the second column.
  static func documentedFates(from start: String?, to end: String?) throws -> [String: String] {
    let article = root.appendingPathComponent(
      "Sources/InstantSearchEngine/InstantSearchEngine.docc/SearchParameters.md")
    let whole = try String(contentsOf: article, encoding: .utf8)
    let lower = try start.map { try #require(whole.range(of: $0)).upperBound } ?? whole.startIndex
    let upper = end.flatMap { whole.range(of: $0)?.lowerBound } ?? whole.endIndex
    var table: [String: String] = [:]
    for line in whole[lower..<upper].split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      table[cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[2]
    }
    return table
  }
}
