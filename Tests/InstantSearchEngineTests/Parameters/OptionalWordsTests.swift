import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("optionalWords and removeWordsIfNoResults")
struct OptionalWordsTests {
  static let records: [[String: JSON]] = [
    ["objectID": "1", "name": "sparkly blue iphone case", "color": "blue", "rank": 1],
    ["objectID": "2", "name": "blue iphone case", "color": "blue", "rank": 2],
    ["objectID": "3", "name": "iphone case", "color": "black", "rank": 3],
    ["objectID": "4", "name": "red phone case", "color": "red", "rank": 4],
    ["objectID": "5", "name": "sparkly shoes", "color": "silver", "rank": 5],
  ]

  static func index() throws -> LocalIndex {
    try Fixture.index(records, settings: ["attributesForFaceting": ["color"], "customRanking": ["asc(rank)"]])
  }

  static func search(_ text: String, _ configure: (inout Query) -> Void = { _ in }) throws -> SearchResponse {
    try index().search(Fixture.query(text, configure))
  }

  @Test("An optional word need not be held; records holding more words rank first")
  func optional() throws {
    let answer = try Self.search("sparkly blue iphone") {
      $0.optionalWords = ["sparkly", "blue"]
      $0.facets = ["color"]
      $0.getRankingInfo = true
    }
    #expect(Fixture.ids(answer) == ["1", "2", "3"])
    #expect(answer.nbHits == 3 && answer.facets["color"] == ["blue": 2, "black": 1])
    let words = answer.hits.map { $0.object["_rankingInfo"]?.objectValue?["words"] }
    #expect(words == [3, 2, 1])
  }

  @Test("An entry of several words makes each optional; a word of the query not listed stays required")
  func entries() throws {
    #expect(
      Fixture.ids(try Self.search("sparkly blue case") { $0.optionalWords = ["sparkly blue"] }) == ["1", "2", "3", "4"])
    // Record 4's "phone" is not "iphone" (the first letter differs): it lacks a required word.
    let redIphone = try Self.search("red iphone") { $0.optionalWords = ["red"] }
    #expect(Set(Fixture.ids(redIphone)) == ["1", "2", "3"] && redIphone.nbHits == 3)
  }

  @Test("When every word is optional, a record holding any of them matches")
  func allOptional() throws {
    let answer = try Self.search("sparkly red") { $0.optionalWords = ["sparkly", "red"] }
    #expect(Set(Fixture.ids(answer)) == ["1", "4", "5"] && answer.nbHits == 3)
  }

  @Test("Fewer typos first, as Algolia ranks: a record without an optional word has no typo on it")
  func typosFirst() throws {
    // "blu" (a prefix, no typo) holds in 1 and 2; "sparkli" is one typo from "sparkly".
    let answer = try Self.search("sparkli blue") {
      $0.optionalWords = ["sparkli"]
      $0.getRankingInfo = true
    }
    #expect(Fixture.ids(answer) == ["2", "1"], "no typo beats more words: typo comes before words")
  }

  @Test("removeWordsIfNoResults lastWords: the last words made optional one at a time, and said")
  func lastWords() throws {
    let none = try Self.search("sparkly blue iphone covers") { $0.hitsPerPage = 10 }
    #expect(none.nbHits == 0 && none.queryAfterRemoval == nil)
    let answer = try Self.search("sparkly blue iphone covers") { $0.removeWordsIfNoResults = .lastWords }
    #expect(Fixture.ids(answer) == ["1"])
    #expect(answer.queryAfterRemoval == "sparkly blue iphone <em>covers</em>")
    #expect(answer.query == "sparkly blue iphone covers")
    let two = try Self.search("Blue iPhone phones covers") { $0.removeWordsIfNoResults = .lastWords }
    #expect(Fixture.ids(two) == ["1", "2"] && two.queryAfterRemoval == "Blue iPhone <em>phones covers</em>")
  }

  @Test("firstWords from the start; allOptional at once; none, the default, leaves the answer empty")
  func otherModes() throws {
    let first = try Self.search("golden sparkly shoes") { $0.removeWordsIfNoResults = .firstWords }
    #expect(Fixture.ids(first) == ["5"] && first.queryAfterRemoval == "<em>golden</em> sparkly shoes")
    let all = try Self.search("golden red") {
      $0.removeWordsIfNoResults = .allOptional
      $0.highlightPreTag = "["
      $0.highlightPostTag = "]"
    }
    #expect(Fixture.ids(all) == ["4"] && all.queryAfterRemoval == "[golden red]")
    #expect(try Self.search("golden red") { $0.removeWordsIfNoResults = Query.RemoveWordsIfNoResults.none }.nbHits == 0)
    // At most five words are made optional one at a time: the sixth-to-last word stays required.
    let long = try Self.search("golden a b c d e") { $0.removeWordsIfNoResults = .lastWords }
    #expect(long.nbHits == 0)
  }

  @Test("The index's settings give the defaults")
  func fromSettings() throws {
    let index = try Fixture.index(
      Self.records, settings: ["removeWordsIfNoResults": "lastWords", "optionalWords": ["sparkly"]])
    // Three words held first, then two (the earlier match in the name first).
    #expect(Fixture.ids(try index.search(Query("sparkly iphone case"))) == ["1", "3", "2"])
    #expect(try index.search(Query("blue iphone xyz")).queryAfterRemoval == "blue iphone <em>xyz</em>")
  }

  @Test("Random records over one and several segments, with and without a side thread: a brute force's matches")
  func randomized() throws {
    let catalog = try RandomTextCatalog(seed: 40)
    let cases: [(String, optional: [String])] = [
      ("red shirt", ["red"]), ("red shirt sale", ["red", "sale"]), ("blue hat", ["blue", "hat"]),
      ("cotton wool new", ["new"]), ("green sh", ["sh"]),
    ]
    for (text, optional) in cases {
      let words = text.split(separator: " ").map(String.init)
      try catalog.expectMatches(Fixture.query(text) { $0.optionalWords = optional }) { record in
        let held = RandomTextCatalog.attributes.flatMap { RandomTextCatalog.words(record, $0) }
        let holds = words.enumerated().map { position, word in
          position == words.count - 1 ? held.contains { $0.hasPrefix(word) } : held.contains(word)
        }
        let required = words.indices.filter { !optional.contains(words[$0]) }
        return required.isEmpty ? holds.contains(true) : required.allSatisfy { holds[$0] }
      }
    }
  }
}
