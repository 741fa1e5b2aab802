import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("The documentation's settings table")
struct SettingTableTests {
  /// The fate column of a setting, as the table writes it.
  static func column(_ fate: IndexSettings.SettingFate) -> String {
    switch fate {
    case .applied: "applied"
    case .searchDefault: "search default"
    case .noEffect: "no effect"
    case .notYetApplied: "default only"
    }
  }

  @Test("It lists every setting with its fate, and nothing else")
  func agrees() throws {
    let article = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("Sources/InstantSearchEngine/InstantSearchEngine.docc/SearchParameters.md")
    let text = try String(contentsOf: article, encoding: .utf8)
    let section = try #require(text.range(of: "## Index settings")).upperBound
    var table: [String: String] = [:]
    for line in text[section...].split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      table[cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[2]
    }
    let fates = IndexSettings.settingFates
    #expect(Set(table.keys) == Set(fates.keys), "\(Set(table.keys).symmetricDifference(fates.keys))")
    for (name, fate) in fates { #expect(table[name] == Self.column(fate), "\(name)") }
  }
}
