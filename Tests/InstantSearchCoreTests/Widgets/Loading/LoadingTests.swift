import InstantSearchCore
import InstantSearchTesting
import Testing

/// A loading view that records every state it is given.
@MainActor
final class TestLoadingController: LoadingController {
  var states: [Bool] = []
  func setItem(_ item: Bool) { states.append(item) }
}

/// Whether a call is the first search of a test. Two searches in a row reach the client from two tasks,
/// in either order, so a call's number does not say which search it is: its query text does.
@Sendable private func isFirst(_ call: ScriptedSearchClient.Call) -> Bool {
  call.queries.first?.query.query == "first"
}

@Suite("Loading")
@MainActor
struct LoadingTests {
  struct Offline: Error {}

  @Test("The documented example: a connector shows the searcher's loading state, on then off")
  func documentedExample() async throws {
    let searcher = try WidgetFixture.searcher()
    let controller = TestLoadingController()
    let loadingConnector = LoadingConnector(searcher: searcher, controller: controller)
    #expect(controller.states == [false])
    searcher.search()
    #expect(controller.states == [false, true])
    await searcher.waitForResults()
    #expect(controller.states == [false, true, false])
    #expect(!loadingConnector.interactor.item)
  }

  @Test("Connecting while a search is on its way shows it at once")
  func derivedAtConnect() async throws {
    let searcher = try WidgetFixture.searcher()
    searcher.search()
    let interactor = LoadingInteractor()
    interactor.connectSearcher(searcher)
    #expect(interactor.item)
    await searcher.waitForResults()
    #expect(!interactor.item)
  }

  @Test("Never stuck on: after an error, and after a stale answer is dropped")
  func neverStuck() async {
    let clock = ManualClock()
    let client = ScriptedSearchClient(
      clock: clock, latency: { isFirst($0) ? .milliseconds(100) : .milliseconds(10) }, honoursCancellation: false,
      respond: { call in
        if !isFirst(call) { throw Offline() }
        return call.queries.map { _ in SearchResponse(nbHits: 1) }
      })
    let searcher = HitsSearcher(client: client, indexName: "products", clock: clock)
    let controller = TestLoadingController()
    let connector = LoadingConnector(searcher: searcher, controller: controller)
    searcher.query = "first"
    searcher.search()
    searcher.query = "second"
    searcher.search()
    await clock.waitForSleepers(count: 2)
    clock.advance(by: .milliseconds(10))
    while searcher.latestError == nil { await Task.yield() }
    // Request 2 failed and was delivered: request 1 can only be dropped now, so nothing is awaited.
    #expect(controller.states == [false, true, false])
    #expect(!connector.interactor.item)
    clock.advance(by: .milliseconds(90))
    await searcher.waitForResults()
    #expect(controller.states == [false, true, false])
    #expect(searcher.latestError?.underlyingError is Offline && searcher.latestResponse == nil)
  }

  @Test("A dropped stale answer ends the loading state once the newest has answered")
  func staleDropped() async {
    let clock = ManualClock()
    let client = ScriptedSearchClient(
      clock: clock, latency: { isFirst($0) ? .milliseconds(100) : .milliseconds(10) }, honoursCancellation: false,
      respond: { call in call.queries.map { _ in SearchResponse(nbHits: isFirst(call) ? 1 : 2) } })
    let searcher = HitsSearcher(client: client, indexName: "products", clock: clock)
    let interactor = LoadingInteractor()
    interactor.connectSearcher(searcher)
    searcher.query = "first"
    searcher.search()
    searcher.query = "second"
    searcher.search()
    await clock.waitForSleepers(count: 2)
    clock.advance(by: .milliseconds(10))
    while searcher.latestResponse == nil { await Task.yield() }
    // Answer 2 is delivered: answer 1 can only be dropped now, so nothing is awaited.
    #expect(!interactor.item)
    clock.advance(by: .milliseconds(90))
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.nbHits == 2)
    #expect(!interactor.item)
  }

  @Test("An error alone turns the indicator off")
  func errorTurnsOff() async {
    let client = ScriptedSearchClient { _ in throw Offline() }
    let searcher = HitsSearcher(client: client, indexName: "products")
    let controller = TestLoadingController()
    let interactor = LoadingInteractor()
    interactor.connectSearcher(searcher)
    interactor.connectController(controller)
    searcher.search()
    await searcher.waitForResults()
    #expect(controller.states == [false, true, false])
  }

  @Test("Cancelling a search turns the indicator off")
  func cancelTurnsOff() async {
    let clock = ManualClock()
    let client = ScriptedSearchClient(
      clock: clock, latency: { _ in .seconds(1) }, respond: { call in call.queries.map { _ in SearchResponse() } })
    let searcher = HitsSearcher(client: client, indexName: "products", clock: clock)
    let interactor = LoadingInteractor()
    interactor.connectSearcher(searcher)
    searcher.search()
    #expect(interactor.item)
    searcher.cancel()
    await searcher.waitForResults()
    #expect(!interactor.item)
  }

  @Test("Disconnecting undoes connecting: no more states reach the view")
  func disconnect() async throws {
    let searcher = try WidgetFixture.searcher()
    let controller = TestLoadingController()
    let connector = LoadingConnector(searcher: searcher, controller: controller)
    connector.disconnect()
    searcher.search()
    await searcher.waitForResults()
    #expect(controller.states == [false])
    connector.connect()
    #expect(controller.states == [false, false])
  }

  @Test("The observable controller publishes once per change, and not for an equal state")
  func observablePublishesOnce() async throws {
    let searcher = try WidgetFixture.searcher()
    let controller = LoadingObservableController()
    let counter = PublicationCounter(controller)
    let connector = LoadingConnector(searcher: searcher, controller: controller)
    #expect(counter.count == 0)
    searcher.search()
    #expect(controller.isLoading && counter.count == 1)
    await searcher.waitForResults()
    #expect(!controller.isLoading && counter.count == 2)
    controller.setItem(false)
    #expect(counter.count == 2)
    _ = connector
  }
}
