import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("responseFields, renderingContent per search, maxFacetHits in the settings")
struct ResponseParameterTests {
  static func index(_ settings: [String: JSON] = [:]) throws -> LocalIndex {
    try Fixture.index(
      (0..<12).map { ["objectID": .string("\($0)"), "name": "shirt", "brand": .string("brand \($0)")] },
      settings: settings.merging(["attributesForFaceting": ["searchable(brand)"]]) { $1 })
  }

  @Test("Without hits in responseFields, no hit is built; the counts stay")
  func responseFields() throws {
    let answer = try Self.index().search(Fixture.query("shirt") { $0.responseFields = ["nbHits", "facets"] })
    #expect(answer.hits.isEmpty && answer.nbHits == 12)
    let ranked = try Self.index().search(
      Fixture.query("shirt") {
        $0.responseFields = ["nbHits"]
        $0.getRankingInfo = true
        $0.distinct = 1
      })
    #expect(ranked.hits.isEmpty && ranked.nbHits == 12)
    let all = try Self.index().search(Fixture.query("shirt") { $0.responseFields = ["*"] })
    #expect(all.hits.count == 12)
  }

  @Test("A search's renderingContent replaces the index's in its answer")
  func renderingContent() throws {
    let index = try Self.index(["renderingContent": ["facetOrdering": ["facets": ["order": ["brand"]]]]])
    #expect(try index.search(Query("shirt")).renderingContent?.facetOrdering?.facets?.order == ["brand"])
    let own = try JSONDecoder().decode(
      Query.self, from: Data(#"{"query":"shirt","renderingContent":{"facetOrdering":{"facets":{"order":["x"]}}}}"#.utf8)
    )
    #expect(try index.search(own).renderingContent?.facetOrdering?.facets?.order == ["x"])
  }

  @Test("maxFacetHits in the settings is the default of a search for facet values")
  func maxFacetHits() throws {
    #expect(try Self.index().searchForFacetValues(attribute: "brand", facetQuery: "brand").facetHits.count == 10)
    let index = try Self.index(["maxFacetHits": 3])
    #expect(try index.searchForFacetValues(attribute: "brand", facetQuery: "brand").facetHits.count == 3)
    #expect(
      try index.searchForFacetValues(attribute: "brand", facetQuery: "brand", maxFacetHits: 5).facetHits.count == 5)
    #expect(throws: EngineError.self) { try IndexSettings(json: ["maxFacetHits": 101]) }
  }
}
