import InstantSearchCore
import InstantSearchEngine
import Testing

/// A segmented control that records what it is given.
@MainActor
final class TestSegmentController: SelectableSegmentController {
  var onClick: ((Int) -> Void)?
  var items: [Int: String] = [:]
  var selected: Int?
  func setSelected(_ selected: Int?) { self.selected = selected }
  func setItems(items: [Int: String]) { self.items = items }
}

/// The widget fixture's catalog with two replicas sorted by price, one each way.
@MainActor
enum SortFixture {
  static func client() throws -> LocalSearchClient {
    let client = try WidgetFixture.client()
    let index = try #require(client.index(named: "products"))
    var settings = index.settings
    settings.replicas = [.init(name: "products_price_asc"), .init(name: "products_price_desc")]
    index.setSettings(settings)
    for (name, direction) in [("products_price_asc", "asc"), ("products_price_desc", "desc")] {
      var replica = index.settings
      replica.replicas = []
      replica.ranking = ["\(direction)(price)"] + IndexSettings.defaultRanking
      try index.replica(named: name)?.setSettings(replica)
    }
    return client
  }
}

@MainActor
@Suite("Sort By", .timeLimit(.minutes(2)))
struct SortByTests {
  let names = ["products", "products_price_asc", "products_price_desc"]

  @Test("Selecting a replica switches the searcher's index, keeps query and filters, goes back to page 0")
  func switchesIndex() async throws {
    let searcher = HitsSearcher(client: try SortFixture.client(), indexName: "products")
    let filterState = FilterState()
    searcher.connectFilterState(filterState)
    filterState[and: "color"].add(Filter.Facet(attribute: "color", stringValue: "blue"))
    let controller = TestSegmentController()
    let connector = SortByConnector(
      searcher: searcher, indicesNames: names, controller: controller,
      presenter: { ["products": "Most popular", "products_price_asc": "Price ↑"][$0] ?? "Price ↓" })
    #expect(connector.interactor.selected == 0)
    #expect(controller.items == [0: "Most popular", 1: "Price ↑", 2: "Price ↓"])
    searcher.query = "shirt hat"
    searcher.request.page = 2
    controller.onClick?(2)
    await searcher.waitForResults()
    #expect(searcher.indexName == "products_price_desc")
    #expect(searcher.request.page == 0 && searcher.query == "shirt hat")
    #expect(controller.selected == 2)
    searcher.query = nil
    searcher.search()
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.hits.map(\.objectID) == ["5", "2"])
    controller.onClick?(1)
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.hits.map(\.objectID) == ["2", "5"])
    #expect(searcher.latestResponse?.index == "products_price_asc")
  }

  @Test("The initial selection is applied at connect; without one, the searcher's index is selected")
  func initialSelection() throws {
    let searcher = HitsSearcher(client: try SortFixture.client(), indexName: "products")
    let interactor = SortByInteractor(items: [0: "products", 1: "products_price_asc"], selected: 1)
    interactor.connectSearcher(searcher)
    #expect(searcher.indexName == "products_price_asc")
    let other = HitsSearcher(client: try SortFixture.client(), indexName: "products_price_asc")
    let follower = SortByInteractor(items: [0: "products", 5: "products_price_asc"])
    follower.connectSearcher(other)
    #expect(follower.selected == 5)
    // The selection follows the searcher when something else switches its index.
    other.indexName = "products"
    #expect(follower.selected == 0)
    other.indexName = "unknown"
    #expect(follower.selected == nil)
  }

  @Test("Selecting the selected key or an unknown one changes nothing; disconnecting stops the link")
  func noOps() throws {
    let searcher = HitsSearcher(client: try SortFixture.client(), indexName: "products")
    let connector = SortByConnector(searcher: searcher, indicesNames: names, selected: 0)
    connector.interactor.select(0)
    connector.interactor.select(9)
    #expect(searcher.indexName == "products" && connector.interactor.selected == 0)
    connector.disconnect()
    connector.interactor.select(1)
    #expect(searcher.indexName == "products")
    #expect(connector.interactor.selected == 1)
  }
}
