import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("Query suggestion records read as Codable, as InstantSearch iOS's QuerySuggestion")
struct QuerySuggestionCodableTests {
  @Test("A hit of a suggestions index decodes: query, popularity, objectID, the highlighted query")
  func decodesHits() throws {
    let text =
      #"{"objectID":"s1","query":"red shoes","popularity":50,"nb_words":2,"#
      + #""_highlightResult":{"query":{"value":"<em>red</em> shoes","matchLevel":"partial"}}}"#
    let hit = Data(text.utf8)
    let suggestion = try JSONDecoder().decode(QuerySuggestion.self, from: hit)
    #expect(
      suggestion
        == QuerySuggestion(objectID: "s1", query: "red shoes", popularity: 50, highlighted: "<em>red</em> shoes"))
    let bare = try JSONDecoder().decode(QuerySuggestion.self, from: Data(#"{"query":"hat"}"#.utf8))
    #expect(bare == QuerySuggestion(objectID: "hat", query: "hat"))
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(QuerySuggestion.self, from: Data(#"{"popularity":3}"#.utf8))
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(QuerySuggestion.self, from: Data(#"{"query":"x","popularity":2.5}"#.utf8))
    }
  }

  @Test("Encoded and decoded again, a suggestion is the same; it reads as the SearchHit initializer reads it")
  func roundTrip() throws {
    for suggestion in [
      QuerySuggestion(objectID: "a", query: "blue hat", popularity: 7, highlighted: "<em>blue</em> hat"),
      QuerySuggestion(objectID: "b", query: "scarf"),
    ] {
      let data = try JSONEncoder().encode(suggestion)
      #expect(try JSONDecoder().decode(QuerySuggestion.self, from: data) == suggestion)
      let hit = try JSONDecoder().decode(SearchHit.self, from: data)
      #expect(QuerySuggestion(hit) == suggestion)
    }
  }
}
