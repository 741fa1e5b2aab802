import Foundation
import InstantSearchCore
import InstantSearchTesting
import Testing

@MainActor
@Suite("Facet list: exhaustive counts per attribute", .timeLimit(.minutes(2)))
struct FacetListExhaustiveTests {
  @Test("A non-exhaustive disjunctive response marks only its own list approximate")
  func perAttribute() async throws {
    // The main query answers exactly; the auxiliary query for the refined OR attribute "brand" does not.
    let client = ScriptedSearchClient { call in
      call.queries.enumerated().map { index, query in
        let isMain = index == 0
        return SearchResponse(
          nbHits: 5, facets: isMain ? ["brand": ["Sony": 5], "color": ["red": 3]] : ["brand": ["Sony": 5, "LG": 9]],
          exhaustiveFacetsCount: isMain)
      }
    }
    let searcher = HitsSearcher(client: client, indexName: "products")
    let filterState = FilterState()
    let brandList = TestFacetListController()
    let brands = FacetListConnector(
      searcher: searcher, filterState: filterState, attribute: "brand", operator: .or, controller: brandList)
    let colors = FacetListConnector(
      searcher: searcher, filterState: filterState, attribute: "color", operator: .and,
      controller: TestFacetListController())
    searcher.connectFilterState(filterState)
    searcher.search()
    await searcher.waitForResults()
    // No OR refinement yet: one query, exact.
    #expect(brands.interactor.areCountsExhaustive && colors.interactor.areCountsExhaustive)

    let reloads = brandList.reloads
    brands.interactor.toggle("Sony")
    await searcher.waitForResults()
    // The selection, then the result (new values, counts no longer exact, all at once): one redraw each.
    #expect(brandList.reloads == reloads + 2)
    #expect(client.calls.last?.queries.count == 2)
    #expect(!brands.interactor.areCountsExhaustive)
    #expect(colors.interactor.areCountsExhaustive)
    #expect(searcher.latestResponse?.areFacetCountsExhaustive == false)
    #expect(searcher.latestResponse?.isFacetCountExhaustive(for: "color") == true)
  }

  @Test("The per-attribute flags survive a JSON round trip and are absent when empty")
  func coding() throws {
    var response = SearchResponse(nbHits: 1, exhaustiveFacetsCount: false)
    let plain = String(decoding: try JSONEncoder().encode(response), as: UTF8.self)
    #expect(!plain.contains("exhaustiveFacetsCountByAttribute"))
    response.exhaustiveFacetsCountByAttribute = ["brand": false, "color": true]
    let decoded = try SearchResponse.decode(from: try JSONEncoder().encode(response))
    #expect(decoded == response)
    #expect(decoded.isFacetCountExhaustive(for: "color") && !decoded.isFacetCountExhaustive(for: "brand"))
    #expect(!decoded.isFacetCountExhaustive(for: "size"))  // falls back to the response's own flag
  }
}
