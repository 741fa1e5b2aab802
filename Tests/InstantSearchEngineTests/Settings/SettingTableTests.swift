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
    let table = try ReferenceText.documentedFates(from: "## Index settings", to: nil)
    let fates = IndexSettings.settingFates
    #expect(Set(table.keys) == Set(fates.keys), "\(Set(table.keys).symmetricDifference(fates.keys))")
    for (name, fate) in fates { #expect(table[name] == Self.column(fate), "\(name)") }
  }
}
