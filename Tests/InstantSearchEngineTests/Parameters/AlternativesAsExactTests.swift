import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("alternativesAsExact: which synonyms count as exact matches")
struct AlternativesAsExactTests {
  /// The synonym's record first, so that where the exact criterion ties it stays first.
  static let records: [[String: JSON]] = [
    ["objectID": "television", "name": "television stand"],
    ["objectID": "tv", "name": "tv stand"],
    ["objectID": "newyork", "name": "new york pizza"],
    ["objectID": "ny", "name": "ny pizza"],
  ]

  static func index(_ settings: [String: JSON] = [:]) throws -> LocalIndex {
    let index = try Fixture.index(records, settings: settings)
    index.saveSynonyms([
      try Synonym(json: ["objectID": "one", "type": "synonym", "synonyms": ["tv", "television"]]),
      try Synonym(json: ["objectID": "multi", "type": "synonym", "synonyms": ["ny", "new york"]]),
    ])
    return index
  }

  static func exactWords(_ response: SearchResponse) -> [String: Int] {
    var result: [String: Int] = [:]
    for hit in response.hits {
      guard case .object(let info)? = hit.object["_rankingInfo"], case .number(let exact)? = info["nbExactWords"]
      else { continue }
      result[hit.objectID] = Int(exact)
    }
    return result
  }

  static func query(_ text: String, _ alternatives: [Query.AlternativeAsExact]?) -> Query {
    Fixture.query(text) {
      $0.getRankingInfo = true
      $0.alternativesAsExact = alternatives
    }
  }

  @Test("By default a single-word synonym is exact: the two records tie on exact and keep their order")
  func singleWordDefault() throws {
    let response = try Self.index().search(Self.query("tv stand", nil))
    #expect(Fixture.ids(response) == ["television", "tv"])
    #expect(Self.exactWords(response) == ["television": 2, "tv": 2])
  }

  @Test("Without singleWordSynonym the synonym still matches, and ranks below the word itself")
  func singleWordLeftOut() throws {
    let response = try Self.index().search(Self.query("tv stand", [.ignorePlurals]))
    #expect(Fixture.ids(response) == ["tv", "television"])
    #expect(Self.exactWords(response) == ["television": 1, "tv": 2])
    #expect(response.nbHits == 2)
  }

  @Test("The words a multi-word synonym puts in count as exact only with multiWordsSynonym")
  func multiWords() throws {
    let index = try Self.index()
    let plain = try index.search(Self.query("ny pizza", nil))
    #expect(Set(Fixture.ids(plain)) == ["ny", "newyork"])
    // "pizza" only: "new york" came from the synonym.
    #expect(Self.exactWords(plain)["newyork"] == 1)
    #expect(Self.exactWords(plain)["ny"] == 2)
    let counted = try index.search(Self.query("ny pizza", [.multiWordsSynonym, .singleWordSynonym]))
    #expect((Self.exactWords(counted)["newyork"] ?? 0) >= 2)
  }

  @Test("As an index setting it is every search's default; a search's own value wins; GET returns it")
  func asSetting() throws {
    let index = try Self.index(["alternativesAsExact": ["multiWordsSynonym"]])
    let response = try index.search(Self.query("tv stand", nil))
    #expect(Fixture.ids(response) == ["tv", "television"])
    let own = try index.search(Self.query("tv stand", [.singleWordSynonym]))
    #expect(Fixture.ids(own) == ["television", "tv"])
    #expect(index.settings.answeredJSONObject["alternativesAsExact"] == ["multiWordsSynonym"])
  }

  @Test("A value that is not one of Algolia's is refused, naming the parameter")
  func refused() throws {
    #expect(throws: (any Error).self) { try Query(jsonObject: ["alternativesAsExact": ["plurals"]]) }
  }
}
