import InstantSearchCore
import InstantSearchEngine
import InstantSearchTesting
import Testing

@MainActor
@Suite("Search box over a multi-searcher", .timeLimit(.minutes(2)))
struct SearchBoxMultiSearcherTests {
  @Test("The Query Suggestions guide's shape: one box types into every index, searched in one request")
  func guideShape() async throws {
    let local = try QuerySuggestionsTests.searchers().0.client
    let recorder = ScriptedSearchClient { call in try await local.search(call.queries, strategy: call.strategy) }
    let searcher = MultiSearcher(client: recorder)
    let products = searcher.addHitsSearcher(indexName: "products")
    let suggestions = searcher.addHitsSearcher(indexName: "suggestions")
    let suggestionsView = TestHitsController<QuerySuggestion>()
    let suggestionsHitsConnector = HitsConnector<QuerySuggestion>(
      searcher: suggestions, interactor: .init(infiniteScrolling: .off), controller: suggestionsView)
    let box = TestSearchBoxController()
    // InstantSearch iOS's earlier name, which its guide uses, is the same type.
    let queryInputConnector: QueryInputConnector = SearchBoxConnector(searcher: searcher, controller: box)
    box.type("red")
    await searcher.waitForResults()
    #expect(products.query == "red" && suggestions.query == "red")
    #expect(recorder.calls.count == 1 && recorder.calls.first?.queries.count == 2)
    // The suggestion equal to the one-word query first (Algolia's exact criterion), then by popularity.
    #expect(suggestionsView.rows.map(\.query) == ["red", "red shoes", "red shirt"])
    #expect(suggestionsView.rows.map(\.popularity) == [5, 50, 30])
    // A query set on the multi-searcher (or a child) shows in the box.
    searcher.setQuery("blue")
    #expect(box.shown == "blue")
    products.query = "hat"
    #expect(box.shown == "hat" && suggestions.query == "hat")
    // A suggestions list that is also a search box: picking a suggestion submits it as the query, searched
    // once (as you type, the submission adds no second search).
    let picker = TestSearchBoxController()
    queryInputConnector.connectController(picker)
    #expect(box.onQueryChanged == nil && picker.shown == "hat")
    picker.onQuerySubmitted?("red shoes")
    await searcher.waitForResults()
    #expect(products.query == "red shoes" && recorder.calls.count == 2)
    _ = suggestionsHitsConnector
  }

  @Test("Disconnecting the box stops it following the multi-searcher's query")
  func disconnect() throws {
    let searcher = MultiSearcher(client: try WidgetFixture.client())
    let products = searcher.addHitsSearcher(indexName: "products")
    let box = TestSearchBoxController()
    let connector = SearchBoxConnector(searcher: searcher, controller: box)
    products.query = "red"
    #expect(box.shown == "red")
    connector.disconnect()
    products.query = "blue"
    #expect(box.shown == "red" && box.onQueryChanged == nil)
  }
}
