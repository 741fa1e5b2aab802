import InstantSearchCore
import InstantSearchEngine
import Testing

/// A suggestions list that records what it is given.
@MainActor
final class TestSuggestionsController: QuerySuggestionsController {
  var onSelect: ((QuerySuggestion) -> Void)?
  var shown: [String] = []
  func setSuggestions(_ suggestions: [QuerySuggestion]) { shown = suggestions.map(\.query) }
}

@MainActor
@Suite("Query Suggestions", .timeLimit(.minutes(2)))
struct QuerySuggestionsTests {
  /// The widget catalog and a suggestions index beside it, searched by one multi-searcher.
  static func searchers() throws -> (MultiSearcher, HitsSearcher, HitsSearcher) {
    let client = try WidgetFixture.client()
    var settings = IndexSettings()
    settings.customRanking = [try .init("desc(popularity)")]
    let suggestions = LocalIndex(name: "suggestions", settings: settings)
    try suggestions.saveRecords([
      ["objectID": "red shirt", "query": "red shirt", "popularity": 30],
      ["objectID": "red shoes", "query": "red shoes", "popularity": 50],
      ["objectID": "blue hat", "query": "blue hat", "popularity": 10],
      ["objectID": "red", "query": "red", "popularity": 5],
    ])
    client.register(suggestions)
    let multi = MultiSearcher(client: client)
    return (multi, multi.addHitsSearcher(indexName: "products"), multi.addHitsSearcher(indexName: "suggestions"))
  }

  @Test("Typing shows the suggestions for the text; picking one makes it the query of the main searcher")
  func pick() async throws {
    let (multi, products, suggestions) = try Self.searchers()
    let searchBox = SearchBoxConnector(searcher: products)
    let controller = TestSuggestionsController()
    let connector = QuerySuggestionsConnector(
      suggestionsSearcher: suggestions, querySearcher: products, controller: controller)
    searchBox.interactor.setQuery("red")
    await multi.waitForResults()
    // The suggestion equal to the text typed is left out.
    #expect(controller.shown == ["red shoes", "red shirt"])
    #expect(connector.interactor.suggestions.first?.popularity == 50)
    #expect(connector.interactor.suggestions.first?.highlighted == "<em>red</em> shoes")
    controller.onSelect?(connector.interactor.suggestions[0])
    await multi.waitForResults()
    #expect(products.query == "red shoes" && searchBox.interactor.query == "red shoes")
    #expect(products.latestResponse?.hits.map(\.objectID) == ["3"])
    #expect(controller.shown.isEmpty)
  }

  @Test("A hit without a string query is no suggestion")
  func decoding() throws {
    #expect(QuerySuggestion(try SearchHit(object: ["objectID": "1", "query": 3])) == nil)
    let suggestion = QuerySuggestion(try SearchHit(object: ["objectID": "1", "query": "lamp", "popularity": 12]))
    #expect(suggestion == QuerySuggestion(objectID: "1", query: "lamp", popularity: 12))
  }

  @Test("The SwiftUI controller publishes once per change and picks through the connection")
  func observable() async throws {
    let (multi, products, suggestions) = try Self.searchers()
    let controller = QuerySuggestionsObservableController()
    let counter = PublicationCounter(controller)
    let connector = QuerySuggestionsConnector(
      suggestionsSearcher: suggestions, querySearcher: products, controller: controller)
    multi.query = "red s"
    multi.search()
    await multi.waitForResults()
    #expect(controller.suggestions.map(\.query) == ["red shoes", "red shirt"])
    #expect(counter.count == 1)
    controller.select(controller.suggestions[1])
    await multi.waitForResults()
    #expect(products.query == "red shirt")
    _ = connector
  }
}
