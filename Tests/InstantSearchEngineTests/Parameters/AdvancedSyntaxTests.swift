import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("advancedSyntax: exact phrases and excluded words")
struct AdvancedSyntaxTests {
  static let records: [[String: JSON]] = [
    ["objectID": "1", "name": "red shirt", "description": "cotton", "color": "red"],
    ["objectID": "2", "name": "shirt red", "description": "wool", "color": "red"],
    ["objectID": "3", "name": "red cotton shirt", "color": "red"],
    ["objectID": "4", "name": "red", "description": "shirt", "color": "blue"],
    ["objectID": "5", "name": "blue shirts", "description": "a red shirt for cotton lovers", "color": "blue"],
  ]

  static func index() throws -> LocalIndex {
    try Fixture.index(records, settings: ["attributesForFaceting": ["searchable(color)"]])
  }

  static func ids(
    _ text: String, advanced: Bool? = true, features: [Query.AdvancedSyntaxFeature]? = nil
  ) throws -> Set<String> {
    let answer = try index().search(
      Fixture.query(text) {
        $0.advancedSyntax = advanced
        $0.advancedSyntaxFeatures = features
      })
    #expect(answer.nbHits == answer.hits.count)
    return Set(Fixture.ids(answer))
  }

  @Test("A phrase matches its words consecutive, in order, in one attribute")
  func phrase() throws {
    #expect(try Self.ids(#""red shirt""#) == ["1", "5"])
    #expect(try Self.ids(#""shirt red""#) == ["2"])
    #expect(try Self.ids(#""red shirt" cotton"#) == ["1", "5"])
    #expect(try Self.ids(#"cotton "red shirt""#) == ["1", "5"])
  }

  @Test("A phrase's words match whole and without typos, even the last one")
  func phraseIsExact() throws {
    #expect(try Self.ids(#""red shrt""#).isEmpty)
    #expect(try Self.ids(#""red shi""#).isEmpty)
    #expect(try Self.ids(#""red shi"#).isEmpty, "an unclosed phrase runs to the end")
    #expect(try Self.ids(#""shirts""#) == ["5"])
    // Outside quotes, the same words match with typos and as a prefix.
    #expect(try Self.ids("red shrt") == ["1", "2", "3", "4", "5"])
  }

  @Test("-word leaves out the records holding the word, whole")
  func exclusion() throws {
    #expect(try Self.ids("shirt -cotton") == ["2", "4"])
    #expect(try Self.ids("-cotton") == ["2", "4"], "only exclusions: every record without the word")
    #expect(try Self.ids("shirt -cot") == ["1", "2", "3", "4", "5"], "a prefix excludes nothing")
    #expect(try Self.ids("t-shirt") == [], "a dash inside a word is a separator")
    #expect(try Self.ids(#""red shirt" -wool -lovers"#) == ["1"])
  }

  @Test("Without advancedSyntax, quotes and dashes are separators")
  func off() throws {
    #expect(try Self.ids(#""shirt red""#, advanced: nil) == ["1", "2", "3", "4", "5"])
    #expect(try Self.ids("shirt -cotton", advanced: false) == ["1", "3", "5"])
  }

  @Test("advancedSyntaxFeatures picks the features")
  func features() throws {
    #expect(try Self.ids(#""shirt red" -cotton"#, features: [.excludeWords]) == ["2", "4"])
    // Without excludeWords, -cotton is the word cotton, which must match.
    #expect(try Self.ids(#""shirt red" -cotton"#, features: [.exactPhrase]).isEmpty)
    #expect(try Self.ids(#""red shirt" -cotton"#, features: [.exactPhrase]) == ["1", "5"])
    #expect(try Self.ids(#"shirt -cotton"#, features: [.exactPhrase]) == ["1", "3", "5"])
  }

  @Test("Facets, pagination, browse and search for facet values see the same matches")
  func everyStage() throws {
    let index = try Self.index()
    var query = Fixture.query("shirt -cotton") {
      $0.advancedSyntax = true
      $0.facets = ["color"]
      $0.hitsPerPage = 1
    }
    let first = try index.search(query)
    #expect(first.nbHits == 2 && first.nbPages == 2 && first.facets["color"] == ["red": 1, "blue": 1])
    query.page = 1
    let second = try index.search(query)
    #expect(Set(Fixture.ids(first) + Fixture.ids(second)) == ["2", "4"])
    #expect(Set(try index.browse(query, offset: 0, count: 10).hits.map(\.objectID)) == ["2", "4"])
    let phrase = Fixture.query(#""red shirt""#) { $0.advancedSyntax = true }
    let values = try index.searchForFacetValues(attribute: "color", facetQuery: "", query: phrase)
    #expect(Dictionary(uniqueKeysWithValues: values.facetHits.map { ($0.value, $0.count) }) == ["red": 1, "blue": 1])
  }

  @Test("The query reads into words, phrases and exclusions")
  func reading() throws {
    let query = Fixture.query(#"A "Big Red" -Dog "unclosed phrase"#) { $0.advancedSyntax = true }
    let json = try JSONDecoder().decode(JSON.self, from: JSONEncoder().encode(query))
    let back = try JSONDecoder().decode(Query.self, from: JSONEncoder().encode(json))
    #expect(back.advancedSyntax == true)
    let params = try Query(urlEncodedParameters: "advancedSyntax=true&advancedSyntaxFeatures=exactPhrase")
    #expect(params.advancedSyntax == true && params.advancedSyntaxFeatures == [.exactPhrase])
    #expect(throws: (any Error).self) { try Query(jsonObject: ["advancedSyntaxFeatures": ["phrases"]]) }
  }

  @Test("Random records over one and several segments, with and without a side thread: a brute force's matches")
  func randomized() throws {
    let catalog = try RandomTextCatalog(seed: 39)
    let attributes = RandomTextCatalog.attributes
    func holds(_ record: [String: JSON], phrase: [String]) -> Bool {
      attributes.contains { attribute in
        let words = RandomTextCatalog.words(record, attribute)
        guard words.count >= phrase.count else { return false }
        return (0...(words.count - phrase.count)).contains { Array(words[$0..<$0 + phrase.count]) == phrase }
      }
    }
    func holds(_ record: [String: JSON], word: String, prefix: Bool) -> Bool {
      attributes.contains { RandomTextCatalog.words(record, $0).contains { prefix ? $0.hasPrefix(word) : $0 == word } }
    }
    // The last plain word is a prefix when no phrase follows it: it is the word being typed.
    let cases: [(String, phrases: [[String]], words: [String], excluded: [String], lastIsPrefix: Bool)] = [
      (#""red shirt""#, [["red", "shirt"]], [], [], false),
      (#""blue hat" sale"#, [["blue", "hat"]], ["sale"], [], true),
      (#"shoe -wool"#, [], ["shoe"], ["wool"], true),
      (#"-red -blue"#, [], [], ["red", "blue"], false),
      (#""green cotton wool" -new"#, [["green", "cotton", "wool"]], [], ["new"], false),
      (#"sa "hat shoe" -shirt"#, [["hat", "shoe"]], ["sa"], ["shirt"], false),
      (#""hat shoe" sa -shirt"#, [["hat", "shoe"]], ["sa"], ["shirt"], true),
    ]
    for (text, phrases, words, excluded, lastIsPrefix) in cases {
      try catalog.expectMatches(Fixture.query(text) { $0.advancedSyntax = true }) { record in
        phrases.allSatisfy { holds(record, phrase: $0) }
          && words.enumerated().allSatisfy { position, word in
            holds(record, word: word, prefix: position == words.count - 1 && lastIsPrefix)
          }
          && !excluded.contains { holds(record, word: $0, prefix: false) }
      }
    }
  }
}
