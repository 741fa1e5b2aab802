import InstantSearchCore
import Testing

/// A record type of the fixture.
struct Product: Decodable, Sendable, Equatable {
  let objectID: String
  let name: String
  let price: Double
}

/// A hits view that reads every row on reload, as a table does for the rows on screen.
@MainActor
final class TestHitsController<Record: Decodable & Sendable>: HitsController {
  weak var hitsSource: HitsInteractor<Record>?
  var rows: [Record] = []
  var visibleRows = Int.max
  var scrolledToTop = 0

  func reload() {
    guard let source = hitsSource else { return }
    rows = (0..<min(source.numberOfHits(), visibleRows)).compactMap { source.hit(atIndex: $0) }
  }

  func scrollToTop() { scrolledToTop += 1 }
}

@MainActor
@Suite("Hits", .timeLimit(.minutes(2)))
struct HitsTests {
  @Test("From credentials: a searcher on Algolia made for the connector, the filter state reaching it, the options")
  func fromCredentials() {
    let filterState = FilterState()
    filterState[and: "brand"].add(Filter.Facet(attribute: "brand", stringValue: "Acme"))
    let controller = TestHitsController<Product>()
    let connector = HitsConnector<Product>(
      appID: "APPID", apiKey: "key", indexName: "products", infiniteScrolling: .off, showItemsOnEmptyQuery: false,
      filterState: filterState, controller: controller)
    #expect(connector.searcher.indexName == "products")
    #expect(connector.searcher.client is AlgoliaSearchClient)
    #expect(connector.searcher.filters == filterState.filters)
    #expect(connector.interactor.infiniteScrolling == .off && !connector.interactor.showItemsOnEmptyQuery)
    #expect(controller.hitsSource === connector.interactor)
    let plain = HitsConnector<Product>(appID: "APPID", apiKey: "key", indexName: "products")
    #expect(plain.interactor.infiniteScrolling == .on(withOffset: 5) && plain.searcher.filters.isEmpty)
  }

  @Test("Hit<Product> as InstantSearch iOS documents it: the record, its id and its highlighted name, on the engine")
  func genericHits() async throws {
    let searcher = try WidgetFixture.searcher()
    let controller = TestHitsController<Hit<Product>>()
    let connector = HitsConnector<Hit<Product>>(searcher: searcher, controller: controller)
    searcher.query = "red"
    searcher.search()
    await searcher.waitForResults()
    #expect(Set(controller.rows.map(\.object.name)) == ["Red shirt", "Red shoes"])
    #expect(controller.rows.map(\.objectID) == controller.rows.map(\.object.objectID))
    let runs = try #require(controller.rows.first?.hightlightedString(forKey: "name")?.runs)
    #expect(runs.first == .init(text: "Red", isHighlighted: true))
    #expect(connector.interactor.decodingError == nil)
  }

  @Test("Typed hits, pages loaded as the end comes into view, discarded on a new query or filters")
  func infiniteScrolling() async throws {
    let searcher = try WidgetFixture.searcher()
    searcher.request.hitsPerPage = 2
    let filterState = FilterState()
    searcher.connectFilterState(filterState)
    let controller = TestHitsController<Product>()
    let connector = HitsConnector<Product>(
      searcher: searcher, interactor: .init(infiniteScrolling: .on(withOffset: 1)), filterState: filterState,
      controller: controller)
    searcher.search()
    await searcher.waitForResults()
    // Reading the last row of page 0 asked for page 1, and so on until all 5 are loaded.
    // Each delivered page reloads the view, whose last row asks for the next page.
    for _ in 0..<5 where connector.interactor.pages.count < connector.interactor.nbPages {
      await searcher.waitForResults()
    }
    #expect(connector.interactor.pages.count == 3)
    #expect(controller.rows.map(\.objectID).sorted() == ["1", "2", "3", "4", "5"])

    filterState[and: "color"].add(Filter.Facet(attribute: "color", stringValue: "red"))
    #expect(connector.interactor.isStale)
    await searcher.waitForResults()
    #expect(connector.interactor.pages.count == 1)
    #expect(controller.rows.map(\.name).sorted() == ["Red shirt", "Red shoes"])
    #expect(searcher.request.page == 0)
    #expect(controller.scrolledToTop == 2)
  }

  @Test("Undecodable hits are left out and the error says which key")
  func decodingErrors() async throws {
    struct Strict: Decodable, Sendable {
      let objectID: String
      let missing: String
    }
    let searcher = try WidgetFixture.searcher()
    let interactor = HitsInteractor<Strict>()
    interactor.connectSearcher(searcher)
    searcher.search()
    await searcher.waitForResults()
    #expect(interactor.numberOfHits() == 0)
    #expect(interactor.decodingError?.description.contains("missing") == true)
  }

  @Test("Raw hits, and no hits on an empty query when asked")
  func rawHitsAndEmptyQuery() async throws {
    let searcher = try WidgetFixture.searcher()
    let interactor = HitsInteractor<SearchHit>(infiniteScrolling: .off, showItemsOnEmptyQuery: false)
    interactor.connectSearcher(searcher)
    searcher.search()
    await searcher.waitForResults()
    #expect(interactor.numberOfHits() == 0)
    searcher.query = "shirt"
    searcher.search()
    await searcher.waitForResults()
    #expect(interactor.hits.map(\.objectID).sorted() == ["1", "2"])
    #expect(interactor.hit(atIndex: 0)?.highlight(for: "name")?.matchLevel == .full)
  }

  @Test("Connect, disconnect, release: everything deinitialises and no callback fires afterwards")
  func lifecycle() async throws {
    weak var weakInteractor: HitsInteractor<Product>?
    weak var weakController: TestHitsController<Product>?
    let searcher = try WidgetFixture.searcher()
    do {
      let controller = TestHitsController<Product>()
      var connector: HitsConnector<Product>? = HitsConnector(searcher: searcher, controller: controller)
      weakInteractor = connector?.interactor
      weakController = controller
      connector?.disconnect()
      #expect(controller.hitsSource == nil)
      connector = nil
    }
    #expect(weakInteractor == nil && weakController == nil)
    searcher.search()
    await searcher.waitForResults()
  }
}
