import Foundation
import InstantSearchCore
import InstantSearchLanguageData
import Testing

@testable import InstantSearchEngine

@Suite("Transliteration: attributesToTransliterate finds Japanese words across kanji, hiragana and katakana")
struct TransliterationTests {
  /// Every test reads the tables of the separate language product.
  init() { InstantSearchLanguageData.install() }

  static let products: [[String: JSON]] = [
    ["objectID": "watch", "name": "腕時計 ステンレス"],
    ["objectID": "clock", "name": "掛け時計"],
    ["objectID": "bag", "name": "革のカバン"],
    ["objectID": "wallet", "name": "黒い財布"],
    ["objectID": "kana", "name": "さいふ カバー"],
    ["objectID": "tokyo", "name": "東京の地図"],
  ]
  static let japanese: [String: JSON] = ["indexLanguages": ["ja"]]

  @Test("Readings: kana as hiragana, kanji from the dictionary, folded as the index folds its terms")
  func readings() {
    #expect(JapaneseReadings.hiragana("カハン") == "かはん")
    #expect(JapaneseReadings.key(ofQueryWord: "かはん") == "かはん")
    #expect(JapaneseReadings.key(ofQueryWord: "カハン") == "かはん")
    #expect(JapaneseReadings.key(ofQueryWord: "か") == nil)
    #expect(JapaneseReadings.key(ofQueryWord: "bag") == nil)
    func readings(_ text: String) -> [String]? { JapaneseReadings.readings(ofTerm: ArraySlice(text.utf8)) }
    // The index holds 時計 as 时计 (Han folded to Simplified) and readings lose their voicing marks.
    #expect(readings(TextTokens.fold("時計"))?.contains("とけい") == true)
    #expect(readings(TextTokens.fold("腕時計")) == ["うてとけい"])
    #expect(readings(TextTokens.fold("財布")) == ["さいふ"])
    #expect(readings(TextTokens.fold("カバン")) == ["かはん"])
    #expect(readings("watch") == nil)
    #expect(readings("腕時計x") == nil)
  }

  @Test("The list folded in one pass gives the table folding it entry by entry gives")
  func oneFoldingPass() {
    var byEntry: [String: [String]] = [:]
    for entry in (LanguageTables.readingLists["ja"] ?? "").split(separator: " ") {
      let sides = entry.split(separator: ":")
      guard sides.count == 2 else { continue }
      let form = TextTokens.fold(String(sides[0]))
      var readings = byEntry[form] ?? []
      for reading in sides[1].split(separator: ",").map({ TextTokens.fold(String($0)) })
      where readings.count < JapaneseReadings.maximumReadings && !readings.contains(reading) {
        readings.append(reading)
      }
      byEntry[form] = readings
    }
    #expect(byEntry.count > 25_000)
    #expect(JapaneseReadings.parse(JapaneseReadings.foldedList) == byEntry)
  }

  @Test("With indexLanguages ja, a word typed in hiragana finds it written in kanji and in katakana")
  func hiraganaFindsKanjiAndKatakana() throws {
    let plain = try Fixture.index(Self.products)
    #expect(try Fixture.matchedIDs(plain, "とけい").isEmpty)
    #expect(try Fixture.matchedIDs(plain, "かばん").isEmpty)
    let index = try Fixture.index(Self.products, settings: Self.japanese)
    #expect(try Fixture.matchedIDs(index, "とけい") == ["clock"])
    #expect(try Fixture.matchedIDs(index, "ちず") == ["tokyo"])
    // ICU cuts うでどけい into う, て, と, けい: the run kept whole reads as 腕時計.
    #expect(try Fixture.matchedIDs(index, "うでどけい") == ["watch"])
    #expect(try Fixture.matchedIDs(index, "かばん") == ["bag"])
    #expect(try Fixture.matchedIDs(index, "とうきょう") == ["tokyo"])
    // さいふ is the kanji word and the hiragana one.
    #expect(try Fixture.matchedIDs(index, "さいふ") == ["wallet", "kana"])
    // Katakana typed for kanji, and for hiragana (which ICU cuts as さ, いふ: read again in hiragana).
    #expect(try Fixture.matchedIDs(index, "サイフ") == ["wallet", "kana"])
    // A word the dictionary lacks whole (掛け時計) reads as its words' readings, and each word finds it.
    #expect(try Fixture.matchedIDs(index, "かけどけい") == ["clock"])
    // With another word, in any order.
    #expect(try Fixture.matchedIDs(index, "すてんれす うでどけい") == ["watch"])
    // Exact and typo-free in the ranking.
    let response = try index.search(
      Fixture.query("かばん") {
        $0.getRankingInfo = true
        $0.queryType = .prefixNone
        $0.exactOnSingleWordQuery = .word
      })
    let hit = try #require(response.hits.first)
    #expect(hit.object["_rankingInfo"]?["nbTypos"] == 0, "\(hit.object["_rankingInfo"] ?? .null)")
    #expect(hit.object["_rankingInfo"]?["nbExactWords"] == 1, "\(hit.object["_rankingInfo"] ?? .null)")
    #expect(hit.highlight(for: "name")?.value == "革の<em>カバン</em>")
  }

  @Test("The word being typed finds the words whose reading it starts")
  func prefixes() throws {
    let index = try Fixture.index(Self.products, settings: Self.japanese)
    #expect(try Fixture.matchedIDs(index, "うでど") == ["watch"])
    // Cut into readings, the last one started: めざまし (目覚まし) and と, which starts とけい (時計).
    let alarm = try Fixture.index([["objectID": "alarm", "name": "目覚まし時計"]], settings: Self.japanese)
    #expect(try Fixture.matchedIDs(alarm, "めざましどけい") == ["alarm"])
    #expect(try Fixture.matchedIDs(alarm, "めざましとけ") == ["alarm"])
    #expect(JapaneseReadings.cut("めさましとけい", lastIsPrefix: false) == ["めさまし", "とけい"])
    #expect(JapaneseReadings.cut("めさましとけ", lastIsPrefix: false) == ["めさまし", "とけ"])
    #expect(JapaneseReadings.cut("めさましぁぁぁ", lastIsPrefix: false) == nil)
    #expect(JapaneseReadings.cut("めさ", lastIsPrefix: false) == nil)
    // かば starts the reading of カバン (bag) and of カバー (cover).
    #expect(try Fixture.matchedIDs(index, "かば") == ["bag", "kana"])
    #expect(try Fixture.matchedIDs(index, "かば") { $0.queryType = .prefixNone }.isEmpty)
  }

  @Test("attributesToTransliterate: an empty list turns it off; it is read back; bad lists are refused")
  func setting() throws {
    let off = try Fixture.index(Self.products, settings: ["indexLanguages": ["ja"], "attributesToTransliterate": []])
    #expect(try Fixture.matchedIDs(off, "かばん").isEmpty)
    let all = try Fixture.index(
      Self.products, settings: ["indexLanguages": ["ja"], "attributesToTransliterate": ["*"]])
    #expect(try Fixture.matchedIDs(all, "かばん") == ["bag"])
    #expect(all.settings.jsonObject["attributesToTransliterate"] == ["*"])
    let english = try Fixture.index(
      Self.products, settings: ["indexLanguages": ["en"], "attributesToTransliterate": ["name"]])
    #expect(try Fixture.matchedIDs(english, "かばん").isEmpty)
    #expect(throws: EngineError.self) { try IndexSettings(json: ["attributesToTransliterate": [""]]) }
    #expect(throws: EngineError.self) { try IndexSettings(json: ["attributesToTransliterate": [1]]) }
    let tooMany = JSON.array((0...IndexSettings.maximumTransliteratedAttributes).map { .string("a\($0)") })
    #expect(throws: EngineError.self) { try IndexSettings(json: ["attributesToTransliterate": tooMany]) }
  }

  @Test("A word found by its reading counts, and is highlighted, only in the attributes listed")
  func listedAttributesOnly() throws {
    let records: [[String: JSON]] = [
      ["objectID": "name", "name": "腕時計", "description": "ステンレス"],
      ["objectID": "description", "name": "ステンレス", "description": "腕時計のベルト"],
      ["objectID": "both", "name": "時計", "description": "時計"],
    ]
    let settings: [String: JSON] = [
      "searchableAttributes": ["name", "description"], "indexLanguages": ["ja"],
      "attributesToTransliterate": ["name"], "attributesForFaceting": ["name"],
    ]
    let index = try Fixture.index(records, settings: settings)
    let response = try index.search(
      Fixture.query("うでどけい") {
        $0.queryType = .prefixNone
        $0.facets = ["name"]
      })
    #expect(Set(response.hits.map(\.objectID)) == ["name"])
    #expect(response.nbHits == 1)
    #expect(response.facets["name"] == ["腕時計": 1])
    let both = try #require(try index.search(Fixture.query("とけい") { $0.queryType = .prefixNone }).hits.first)
    #expect(both.objectID == "both")
    #expect(both.highlight(for: "name")?.value == "<em>時計</em>")
    #expect(both.highlight(for: "description")?.value == "時計")
    // With decompounding beside it, each scope keeps its own attributes.
    var mixed = settings
    mixed["decompoundedAttributes"] = ["de": ["description"]]
    let german: [[String: JSON]] = records + [["objectID": "de", "name": "Uhr", "description": "Armbanduhr"]]
    let mixedIndex = try Fixture.index(german, settings: mixed)
    #expect(try Fixture.matchedIDs(mixedIndex, "うでどけい") { $0.queryType = .prefixNone } == ["name"])
    #expect(try Fixture.matchedIDs(mixedIndex, "uhr") { $0.queryType = .prefixNone } == ["de"])
    // Every attribute listed: both count.
    var listingBoth = settings
    listingBoth["attributesToTransliterate"] = ["name", "description"]
    let wide = try Fixture.index(records, settings: listingBoth)
    #expect(try Fixture.matchedIDs(wide, "うでどけい") { $0.queryType = .prefixNone } == ["name", "description"])
  }

  @Test("Words written later, in another segment, are found by their reading and by their parts too")
  func laterSegments() throws {
    var settings = Self.japanese
    settings["decompoundedAttributes"] = ["de": ["name"]]
    let index = try Fixture.index(Self.products, settings: settings)
    try index.saveRecords([
      ["objectID": "later", "name": "目覚まし時計"], ["objectID": "compound", "name": "Armbanduhr"],
    ])
    #expect(index.view.segments.count > 1, "the write left one segment")
    #expect(try Fixture.matchedIDs(index, "めざましどけい") == ["later"])
    #expect(try Fixture.matchedIDs(index, "uhr") { $0.queryType = .prefixNone } == ["compound"])
  }
}
