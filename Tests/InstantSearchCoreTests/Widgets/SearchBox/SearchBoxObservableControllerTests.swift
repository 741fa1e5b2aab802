import InstantSearchCore
import Testing

@MainActor
@Suite("Search box: the observable controller", .timeLimit(.minutes(2)))
struct SearchBoxObservableControllerTests {
  @Test("Typing into the bound text searches; a submission reports; the searcher's text shows; one publication each")
  func bound() async throws {
    let (searcher, client) = try WidgetFixture.recordingSearcher()
    searcher.query = "hat"
    let controller = QueryInputObservableController()
    let counter = PublicationCounter(controller)
    let connector = SearchBoxConnector(searcher: searcher, controller: controller)
    #expect(controller.query == "hat" && counter.count == 1)
    controller.query = "shoes"
    #expect(counter.count == 2 && connector.interactor.query == "shoes")
    controller.query = "shoes"
    #expect(counter.count == 2)
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.nbHits == 1 && client.calls.count == 1)
    var submitted: [String?] = []
    let token = connector.interactor.onSubmit { submitted.append($0) }
    controller.submit()
    #expect(submitted == ["shoes"])
    connector.disconnect()
    controller.query = "red"
    #expect(connector.interactor.query == "shoes")
    token.cancel()
  }
}
