import InstantSearchCore
import InstantSearchTesting
import Testing

/// Each response names its index and query, and the call it answers.
@Sendable func namedResponses(_ call: ScriptedSearchClient.Call) -> [SearchResponse] {
  call.queries.map { SearchResponse(nbHits: call.number, query: $0.query.query, index: $0.indexName) }
}

@MainActor
@Suite("MultiSearcher", .timeLimit(.minutes(2)))
struct MultiSearcherTests {
  @Test("The children's queries go as one request, in order, and each child gets its own responses")
  func oneRequest() async {
    let client = ScriptedSearchClient(respond: namedResponses)
    let multi = MultiSearcher(client: client)
    let products = multi.addHitsSearcher(indexName: "products")
    let suggestions = multi.addHitsSearcher(indexName: "suggestions", query: Query(nil))
    products.query = "pho"
    #expect(suggestions.query == "pho")
    products.search()
    await multi.waitForResults()
    #expect(client.calls.count == 1)
    #expect(client.calls[0].queries.map(\.indexName) == ["products", "suggestions"])
    #expect(products.latestResponse?.index == "products" && suggestions.latestResponse?.index == "suggestions")
    #expect(suggestions.latestResponse?.query == "pho")
    // Disjunctive faceting adds queries to a child: the slices still line up.
    let filterState = FilterState()
    products.connectFilterState(filterState)
    products.addRequestedFacet("color")
    filterState[or: "color"].add(Filter.Facet(attribute: "color", stringValue: "red"))
    await multi.waitForResults()
    #expect(client.calls.last?.queries.map(\.indexName) == ["products", "products", "suggestions"])
    #expect(suggestions.latestResponse?.index == "suggestions")
    #expect(products.latestResponse?.index == "products")
  }

  @Test("Out of order: a round answered after a newer one is dropped for every child")
  func outOfOrder() async {
    let clock = ManualClock()
    let client = ScriptedSearchClient(
      clock: clock, latency: { $0.queries.first?.query.query == "ph" ? .milliseconds(100) : .milliseconds(10) },
      honoursCancellation: false, respond: namedResponses)
    let multi = MultiSearcher(client: client)
    let products = multi.addHitsSearcher(indexName: "products")
    let suggestions = multi.addHitsSearcher(indexName: "suggestions")
    var delivered: [String] = []
    let tokens = [
      products.onResults { delivered.append("products:\($0.query ?? "")") },
      suggestions.onResults { delivered.append("suggestions:\($0.query ?? "")") },
    ]
    multi.query = "ph"
    multi.search()
    multi.query = "phone"
    multi.search()
    while client.calls.count < 2 || client.pendingCalls > 0 {
      await Task.yield()
      clock.advance(by: .milliseconds(10))
    }
    await multi.waitForResults()
    #expect(delivered.sorted() == ["products:phone", "suggestions:phone"])
    #expect(!products.isLoading && !suggestions.isLoading)
    _ = tokens
  }

  @Test("A failing query is reported by its child only; the others get their results")
  func partialFailure() async {
    let client = ScriptedSearchClient { call in
      if call.queries.contains(where: { $0.indexName == "broken" }) {
        throw AlgoliaError.httpStatus(status: 400, message: "bad filter")
      }
      return namedResponses(call)
    }
    let multi = MultiSearcher(client: client)
    let products = multi.addHitsSearcher(indexName: "products")
    let broken = multi.addHitsSearcher(indexName: "broken")
    let tail = multi.addHitsSearcher(indexName: "tail")
    multi.search()
    await multi.waitForResults()
    #expect(products.latestResponse?.index == "products" && tail.latestResponse?.index == "tail")
    #expect(products.latestError == nil)
    #expect(broken.latestResponse == nil)
    #expect(broken.latestError?.queries.map(\.indexName) == ["broken"])
    // One combined call, then one per child.
    #expect(client.calls.map(\.queries.count) == [3, 1, 1, 1])
  }

  @Test("Facet searchers search in the same round; a child's search starts a round for all")
  func facetChildren() async {
    let client = ScriptedSearchClient(
      facetSearch: { call in FacetSearchResponse(facetHits: [Facet(value: call.facetQuery, count: 1)]) },
      respond: namedResponses)
    let multi = MultiSearcher(client: client)
    let products = multi.addHitsSearcher(indexName: "products")
    let brands = multi.addFacetsSearcher(indexName: "products", attribute: "brand", facetQuery: "so")
    brands.search()
    await multi.waitForResults()
    #expect(client.calls.count == 1 && client.facetCalls.count == 1)
    #expect(products.latestResponse != nil)
    #expect(brands.latestResponse?.facetHits.first?.value == "so")
    multi.sharesQuery = false
    products.query = "x"
    #expect(multi.query == "x")
  }
}
