import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("naturalLanguages: the defaults of a query written as a sentence")
struct NaturalLanguagesTests {
  static let records: [[String: JSON]] = [
    ["objectID": "coffee", "name": "Best coffee beans"],
    ["objectID": "tea", "name": "Green tea"],
  ]

  @Test("Stop words leave, plurals match, and a query with no answer has every word optional")
  func defaults() throws {
    let index = try Fixture.index(Self.records)
    func ids(_ text: String, _ configure: (inout Query) -> Void = { _ in }) throws -> [String] {
      try LanguageTests.ids(index, text, configure)
    }
    #expect(try ids("the best coffees").isEmpty)
    #expect(try ids("the best coffees") { $0.naturalLanguages = ["en"] } == ["coffee"])
    #expect(try ids("coffee for zebras") { $0.naturalLanguages = ["en"] } == ["coffee"])
    // The query's own values win.
    #expect(
      try ids("the best coffees") {
        $0.naturalLanguages = ["en"]
        $0.removeStopWords = .enabled(false)
        $0.removeWordsIfNoResults = Query.RemoveWordsIfNoResults.none
      }.isEmpty)
  }

  @Test("natural_language joins ruleContexts and analyticsTags, and wins over the index's defaults")
  func contextsAndSettings() throws {
    let index = try Fixture.index(Self.records, settings: ["ignorePlurals": false, "removeStopWords": false])
    index.saveRules([
      try QueryRule(json: [
        "objectID": "r", "conditions": [["context": "natural_language"]],
        "consequence": ["userData": ["voice": true]],
      ])
    ])
    let query = Fixture.query("the best coffees") {
      $0.naturalLanguages = ["en"]
      $0.queryType = .prefixNone
    }
    let read = query.applyingNaturalLanguages()
    #expect(read.ruleContexts == ["natural_language"] && read.analyticsTags == ["natural_language"])
    let response = try index.search(query)
    #expect(response.hits.map(\.objectID) == ["coffee"])
    #expect(response.userData == [["voice": true]])
  }
}
