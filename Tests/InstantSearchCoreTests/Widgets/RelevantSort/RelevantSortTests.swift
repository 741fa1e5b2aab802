import InstantSearchCore
import InstantSearchEngine
import Testing

/// A Relevant Sort view that records what it is given.
@MainActor
final class TestRelevantSortController: RelevantSortController {
  var didToggle: (() -> Void)?
  var item: RelevantSortTextualRepresentation?
  var calls = 0
  func setItem(_ item: RelevantSortTextualRepresentation?) {
    self.item = item
    calls += 1
  }
}

@MainActor
@Suite("Relevant Sort", .timeLimit(.minutes(2)))
struct RelevantSortTests {
  /// The fixture with a virtual replica sorting by price ascending.
  static func searcher() throws -> HitsSearcher {
    let client = try WidgetFixture.client()
    let index = try #require(client.index(named: "products"))
    var settings = index.settings
    settings.replicas = [.init(name: "products_relevant_price", isVirtual: true)]
    index.setSettings(settings)
    var replica = index.settings
    replica.replicas = []
    replica.customRanking = [.init(path: "price", isAscending: true)]
    try index.replica(named: "products_relevant_price")?.setSettings(replica)
    return HitsSearcher(client: client, indexName: "products_relevant_price")
  }

  @Test("Toggling asks for every hit and back; the state comes from each response")
  func toggles() async throws {
    let searcher = try Self.searcher()
    let controller = TestRelevantSortController()
    let connector = RelevantSortConnector(searcher: searcher, controller: controller)
    #expect(controller.item == nil)
    // "Shirts" matches exactly in two names; "hats" with a typo ("hat" is a prefix of nothing longer).
    searcher.query = "shirt"
    searcher.search()
    await searcher.waitForResults()
    #expect(connector.interactor.item == .relevancy)
    #expect(controller.item?.toggleTitle == "Show all results")
    controller.didToggle?()
    await searcher.waitForResults()
    #expect(searcher.request.relevancyStrictness == 0)
    #expect(searcher.latestResponse?.appliedRelevancyStrictness == 0)
    // InstantSearch iOS would read nbSortedHits > 0 here and show `.relevancy` again.
    #expect(searcher.latestResponse.map { ($0.nbSortedHits ?? 0) > 0 } == true)
    #expect(connector.interactor.item == .hitsCount)
    #expect(controller.item?.hintText == "Showing all results")
    connector.interactor.toggle()
    await searcher.waitForResults()
    #expect(searcher.request.relevancyStrictness == 100)
    #expect(connector.interactor.item == .relevancy)
  }

  @Test("On an index that does not sort relevantly there is nothing to show or toggle")
  func hiddenElsewhere() async throws {
    let searcher = try Self.searcher()
    searcher.indexName = "products"
    let interactor = RelevantSortInteractor()
    let controller = TestRelevantSortController()
    interactor.connectSearcher(searcher)
    interactor.connectController(controller)
    searcher.search()
    await searcher.waitForResults()
    #expect(interactor.item == nil && controller.item == nil)
    interactor.toggle()
    #expect(searcher.request.relevancyStrictness == nil)
  }

  @Test("Priorities and strictness values, and what a response reports")
  func priorities() {
    #expect(RelevantSortPriority(relevancyStrictness: 1) == .relevancy)
    #expect(RelevantSortPriority(relevancyStrictness: 0) == .hitsCount)
    #expect(RelevantSortPriority.relevancy.relevancyStrictness == 100)
    var response = SearchResponse()
    #expect(RelevantSortPriority(response) == nil)
    response.nbSortedHits = 0
    #expect(RelevantSortPriority(response) == .relevancy)
    response.appliedRelevancyStrictness = 0
    #expect(RelevantSortPriority(response) == .hitsCount)
    #expect(DefaultPresenter.RelevantSort.present(nil) == nil)
  }

  @Test("The SwiftUI controller publishes once per change")
  func observable() async throws {
    let searcher = try Self.searcher()
    let controller = RelevantSortObservableController()
    let counter = PublicationCounter(controller)
    let connector = RelevantSortConnector(searcher: searcher, controller: controller)
    searcher.search()
    await searcher.waitForResults()
    #expect(controller.item?.hintText == "Showing the most relevant results")
    #expect(counter.count == 1)
    controller.toggle()
    await searcher.waitForResults()
    #expect(controller.item?.toggleTitle == "Show more relevant results")
    #expect(connector.interactor.item == .hitsCount)
  }
}
