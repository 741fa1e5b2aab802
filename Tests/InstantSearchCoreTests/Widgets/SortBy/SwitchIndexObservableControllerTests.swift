import InstantSearchCore
import Testing

@MainActor
@Suite("Sort By: switching the index by name", .timeLimit(.minutes(2)))
struct SwitchIndexObservableControllerTests {
  @Test("Names in key order and the selection at connect; picking a name switches the index; one publication each")
  func switches() async throws {
    let searcher = HitsSearcher(client: try SortFixture.client(), indexName: "products_price_asc")
    let interactor = SortByInteractor(items: [1: "products_price_asc", 0: "products", 2: "products_price_desc"])
    interactor.connectSearcher(searcher)
    let controller = SwitchIndexObservableController()
    let counter = PublicationCounter(controller)
    let connection = interactor.connectController(controller)
    #expect(controller.indexNames == ["products", "products_price_asc", "products_price_desc"])
    #expect(controller.selectedIndexName == "products_price_asc" && counter.count == 1)
    controller.select("products_price_desc")
    await searcher.waitForResults()
    #expect(searcher.indexName == "products_price_desc" && controller.selectedIndexName == "products_price_desc")
    #expect(counter.count == 2)
    controller.select("unknown")
    #expect(searcher.indexName == "products_price_desc" && counter.count == 2)
    searcher.indexName = "elsewhere"
    #expect(controller.selectedIndexName == "" && counter.count == 3)
    connection.disconnect()
    controller.select("products")
    #expect(searcher.indexName == "elsewhere")
  }
}
