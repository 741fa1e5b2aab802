import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("Language-specific foldings: ß, æ, ø, ł…, kana voicing marks, Traditional Chinese")
struct LanguageFoldingTests {
  static let records: [[String: JSON]] = [
    ["objectID": "da", "name": "Smørrebrød"],
    ["objectID": "pl", "name": "Łódź"],
    ["objectID": "la", "name": "Encyclopædia"],
    ["objectID": "de", "name": "Straße"],
    ["objectID": "fr", "name": "Œuvre"],
    ["objectID": "is", "name": "Þórður"],
    ["objectID": "ja", "name": "ギター"],
    ["objectID": "ja-half", "name": "ﾃﾞﾝｷ"],
    ["objectID": "zh-hant", "name": "資訊科技"],
  ]

  static func ids(_ index: LocalIndex, _ text: String) throws -> [String] {
    try index.search(Fixture.query(text) { $0.typoTolerance = .enabled(false) }).hits.map(\.objectID)
  }

  @Test("A query written without the letter's stroke, ligature or sharp s finds it, and the other way round")
  func letters() throws {
    let index = try Fixture.index(Self.records)
    #expect(try Self.ids(index, "smorrebrod") == ["da"])
    #expect(try Self.ids(index, "SMØRREBRØD") == ["da"])
    #expect(try Self.ids(index, "lodz") == ["pl"])
    #expect(try Self.ids(index, "encyclopaedia") == ["la"])
    #expect(try Self.ids(index, "strasse") == ["de"])
    #expect(try Self.ids(index, "oeuvre") == ["fr"])
    #expect(try Self.ids(index, "thordur") == ["is"])
    let plain = try Fixture.index([["objectID": "o", "name": "Lodz"]])
    #expect(try Self.ids(plain, "Łódź") == ["o"])
  }

  @Test("Kana match without their voicing marks, half-width katakana as full-width; Traditional as Simplified")
  func kanaAndHan() throws {
    let index = try Fixture.index(Self.records)
    // The run is cut before it is folded: a query cut otherwise than the record (ICU's dictionaries read
    // `バッグ` and `ハック` differently) would not find it, which is why the words here are cut alike.
    #expect(try Self.ids(index, "キター") == ["ja"])
    #expect(try Self.ids(index, "デンキ") == ["ja-half"])
    #expect(try Self.ids(index, "资讯") == ["zh-hant"])
    #expect(try Self.ids(index, "資訊") == ["zh-hant"])
    let highlighted = try #require(try index.search(Fixture.query("资讯")).hits.first)
    #expect(highlighted.highlight(for: "name")?.value == "<em>資訊</em>科技")
  }

  @Test("keepDiacriticsOnCharacters and customNormalization win over these foldings")
  func settingsWin() throws {
    let kept = try Fixture.index(Self.records, settings: ["keepDiacriticsOnCharacters": "ø"])
    #expect(try Self.ids(kept, "smorrebrod").isEmpty)
    #expect(try Self.ids(kept, "smørrebrød") == ["da"])
    let normalized = try Fixture.index(Self.records, settings: ["customNormalization": ["default": ["æ": "e"]]])
    #expect(try Self.ids(normalized, "encyclopedia") == ["la"])
    #expect(try Self.ids(normalized, "encyclopaedia").isEmpty)
  }
}
