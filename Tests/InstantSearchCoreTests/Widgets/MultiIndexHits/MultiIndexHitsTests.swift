import InstantSearchCore
import InstantSearchEngine
import Testing

/// A sectioned list that records its reloads.
@MainActor
final class TestSectionsController: MultiIndexHitsController {
  weak var hitsSource: MultiIndexHitsInteractor?
  var reloads = 0
  func reload() { reloads += 1 }
}

@MainActor
@Suite("Multi-index hits", .timeLimit(.minutes(2)))
struct MultiIndexHitsTests {
  struct Product: Decodable, Sendable {
    let name: String
    let price: Double
  }

  @Test("One section per hits searcher, each with its index's hits, from one request")
  func sections() async throws {
    let client = try WidgetFixture.client()
    let hats = LocalIndex(name: "articles", settings: try IndexSettings(json: ["searchableAttributes": ["title"]]))
    try hats.saveRecords([["objectID": "a1", "title": "How to wear a hat"], ["objectID": "a2", "title": "Shirts"]])
    client.register(hats)
    let multi = MultiSearcher(client: client)
    multi.addHitsSearcher(indexName: "products")
    multi.addHitsSearcher(indexName: "articles")
    let controller = TestSectionsController()
    let connector = MultiIndexHitsConnector(searcher: multi, controller: controller)
    multi.query = "hat"
    multi.search()
    await multi.waitForResults()
    let interactor = connector.interactor
    #expect(interactor.numberOfSections() == 2)
    #expect(interactor.numberOfHits(inSection: 0) == 2 && interactor.numberOfHits(inSection: 1) == 1)
    #expect(interactor.hit(atIndex: 0, inSection: 1)?.objectID == "a1")
    #expect(try interactor.hit(atIndex: 0, inSection: 0, as: Product.self)?.name.hasSuffix("hat") == true)
    #expect(interactor.hit(atIndex: 0, inSection: 5) == nil && interactor.numberOfHits(inSection: -1) == 0)
    #expect(controller.hitsSource === interactor && controller.reloads >= 2)
    connector.disconnect()
    #expect(controller.hitsSource == nil)
  }
}
