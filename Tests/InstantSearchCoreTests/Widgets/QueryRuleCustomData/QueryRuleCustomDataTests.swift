import InstantSearchCore
import InstantSearchEngine
import Testing

/// A banner view.
@MainActor
final class TestBannerController: ItemController {
  var shown: [String?] = []
  func setItem(_ item: String?) { shown.append(item) }
}

@MainActor
@Suite("Query Rule Custom Data", .timeLimit(.minutes(2)))
struct QueryRuleCustomDataTests {
  struct Banner: Decodable, Equatable {
    let title: String
    let link: String?
  }

  /// The widget fixture with a rule that shows a banner when someone types "sale", and one whose data is
  /// not a banner when someone types "hat".
  static func searcher() throws -> HitsSearcher {
    let client = try WidgetFixture.client()
    let index = try #require(client.index(named: "products"))
    index.saveRules([
      try QueryRule(json: [
        "objectID": "sale", "conditions": [["pattern": "sale", "anchoring": "contains"]],
        "consequence": [
          "params": ["query": ["remove": ["sale"]]], "userData": ["title": "Spring sale", "link": "/sale"],
        ],
      ]),
      try QueryRule(json: [
        "objectID": "hat", "conditions": [["pattern": "hat", "anchoring": "contains"]],
        "consequence": ["userData": ["headline": 7]],
      ]),
    ])
    return HitsSearcher(client: client, indexName: "products")
  }

  @Test("Typing \"sale\" shows the rule's banner; another query clears it; a view gets what the presenter makes")
  func banner() async throws {
    let searcher = try Self.searcher()
    let controller = TestBannerController()
    let connector = QueryRuleCustomDataConnector<Banner>(searcher: searcher, controller: controller) { $0?.title }
    #expect(controller.shown == [nil])
    searcher.query = "red sale"
    searcher.search()
    await searcher.waitForResults()
    #expect(connector.interactor.item == Banner(title: "Spring sale", link: "/sale"))
    #expect(controller.shown.last == "Spring sale")
    #expect(searcher.latestResponse?.nbHits == 2, "the rule removed \"sale\" from the query")
    searcher.query = "shirt"
    searcher.search()
    await searcher.waitForResults()
    #expect(connector.interactor.item == nil && controller.shown.last == .some(nil))
  }

  @Test("Data that does not fit the model gives no item and says why; the observable controller follows")
  func mismatch() async throws {
    let searcher = try Self.searcher()
    let controller = QueryRuleCustomDataObservableController<Banner>()
    let interactor = QueryRuleCustomDataInteractor<Banner>()
    interactor.connectSearcher(searcher)
    interactor.connectController(controller)
    searcher.query = "hat"
    searcher.search()
    await searcher.waitForResults()
    #expect(interactor.item == nil)
    #expect(interactor.decodingError != nil)
    searcher.query = "sale"
    searcher.search()
    await searcher.waitForResults()
    #expect(controller.item?.title == "Spring sale" && interactor.decodingError == nil)
  }
}
