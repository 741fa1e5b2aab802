import InstantSearchCore
import InstantSearchEngine
import InstantSearchTesting
import Testing

@MainActor
@Suite("Facet searcher (search for facet values)", .timeLimit(.minutes(2)))
struct FacetSearcherTests {
  static func client() throws -> LocalSearchClient {
    let index = LocalIndex(
      name: "products",
      settings: try IndexSettings(json: ["attributesForFaceting": ["searchable(color)", "size"]]))
    try index.saveRecords([
      ["objectID": "1", "color": "red", "size": "S"], ["objectID": "2", "color": "blue", "size": "S"],
      ["objectID": "3", "color": "black", "size": "M"], ["objectID": "4", "color": "brown", "size": "M"],
      ["objectID": "5", "color": "red", "size": "M"],
    ])
    return LocalSearchClient(indices: [index])
  }

  @Test("With red selected in the OR group color, searching \"b\" in color still finds blue (user finding C7)")
  func ownGroupLeftOut() async throws {
    let filterState = FilterState()
    let searcher = FacetSearcher(client: try Self.client(), indexName: "products", attribute: "color")
    searcher.connectFilterState(filterState)
    filterState[or: "color"].add(Filter.Facet(attribute: "color", stringValue: "red"))
    filterState[and: "size"].add(Filter.Facet(attribute: "size", stringValue: "S"))
    searcher.query = "b"
    searcher.search()
    await searcher.waitForResults()
    // The size filter applies (black and brown are size M); the color filter does not.
    #expect(searcher.latestResponse?.facetHits.map(\.value) == ["blue"])
    #expect(searcher.effectiveRequest.filters == #"( "size":"S" )"#)
  }

  @Test("The facet query survives filter changes; a change of the own OR group alone sends nothing")
  func refreshes() async throws {
    let scripted = ScriptedSearchClient(
      facetSearch: { call in FacetSearchResponse(facetHits: [Facet(value: call.facetQuery, count: 1)]) },
      respond: { _ in [] })
    let filterState = FilterState()
    let searcher = FacetSearcher(client: scripted, indexName: "products", attribute: "color")
    searcher.connectFilterState(filterState)
    searcher.query = "bl"
    searcher.search()
    await searcher.waitForResults()
    #expect(scripted.facetCalls.count == 1)

    filterState[or: "color"].add(Filter.Facet(attribute: "color", stringValue: "red"))
    await searcher.waitForResults()
    #expect(scripted.facetCalls.count == 1)

    filterState[and: "size"].add(Filter.Facet(attribute: "size", stringValue: "M"))
    filterState[and: "size"].add(Filter.Facet(attribute: "size", stringValue: "L"))
    await searcher.waitForResults()
    #expect(scripted.facetCalls.count == 2)  // two changes in one turn: one request
    let last = try #require(scripted.facetCalls.last)
    #expect(last.facetQuery == "bl")
    #expect(last.attribute == "color" && last.indexName == "products")
    #expect(last.query.filters == #"( "size":"L" AND "size":"M" )"#)
  }

  @Test("maxFacetHits stays within 1…100")
  func maxFacetHits() async throws {
    let scripted = ScriptedSearchClient(respond: { _ in [] })
    let searcher = FacetSearcher(client: scripted, indexName: "products", attribute: "color")
    #expect(searcher.maxFacetHits == nil)
    searcher.maxFacetHits = 0
    #expect(searcher.maxFacetHits == 1)
    searcher.maxFacetHits = 500
    #expect(searcher.maxFacetHits == 100)
    searcher.search()
    await searcher.waitForResults()
    #expect(scripted.facetCalls.last?.maxFacetHits == 100)
  }

  @Test("A facet list fed by the facet searcher shows the values found, with the selection of the filter state")
  func facetList() async throws {
    let filterState = FilterState()
    let searcher = FacetSearcher(client: try Self.client(), indexName: "products", attribute: "color")
    searcher.connectFilterState(filterState)
    let interactor = FacetListInteractor()
    interactor.connectFacetSearcher(searcher)
    interactor.connectFilterState(filterState, with: "color", operator: .or)
    let list = TestFacetListController()
    interactor.connectController(list)
    searcher.query = "b"
    searcher.search()
    await searcher.waitForResults()
    #expect(list.shown == ["black (1)", "blue (1)", "brown (1)"])
    #expect(interactor.items.first?.highlighted == "<em>b</em>lack")

    list.click("blue")
    await searcher.waitForResults()
    #expect(filterState.description == #"( "color":"blue" )"#)
    #expect(list.shown == ["black (1)", "blue (1) ✓", "brown (1)"])
  }

  @Test("Errors are delivered and cleared by the next answer; released searchers stop")
  func errors() async throws {
    struct Offline: Error {}
    let scripted = ScriptedSearchClient(
      facetSearch: { call in
        if call.facetQuery == "x" { throw Offline() }
        return FacetSearchResponse(facetHits: [])
      },
      respond: { _ in [] })
    let searcher = FacetSearcher(client: scripted, indexName: "products", attribute: "color")
    var errors = 0
    let token = searcher.onError { _ in errors += 1 }
    searcher.query = "x"
    searcher.search()
    await searcher.waitForResults()
    // Errors are `RequestError`s, as the hits searcher's: the cause, and the query that met it.
    #expect(errors == 1 && searcher.latestError?.underlyingError is Offline)
    #expect(searcher.latestError?.queries.map(\.indexName) == ["products"])
    searcher.query = "y"
    searcher.search()
    await searcher.waitForResults()
    #expect(searcher.latestError == nil && searcher.latestResponse != nil)
    token.cancel()
  }
}
