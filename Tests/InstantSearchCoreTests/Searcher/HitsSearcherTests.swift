import InstantSearchCore
import InstantSearchTesting
import Testing

/// Records what a searcher delivers.
@MainActor
final class OutcomeRecorder {
  var outcomes: [Result<SearchResponse, RequestError>] = []
  private var token: SubscriptionToken?

  init(_ searcher: HitsSearcher) {
    token = searcher.onOutcome { [unowned self] in self.outcomes.append($0) }
  }

  /// The `nbHits` of each response delivered (tests put the call number there).
  var deliveredNumbers: [Int] {
    outcomes.compactMap { outcome in
      if case .success(let response) = outcome { return response.nbHits }
      return nil
    }
  }

  var errors: [RequestError] {
    outcomes.compactMap { outcome in
      if case .failure(let error) = outcome { return error }
      return nil
    }
  }
}

/// A response per query whose `nbHits` is the call number, so tests can tell answers apart.
@Sendable func numbered(_ call: ScriptedSearchClient.Call) -> [SearchResponse] {
  call.queries.map { SearchResponse(nbHits: call.number, query: $0.query.query) }
}

@MainActor
@Suite("HitsSearcher", .timeLimit(.minutes(2)))
struct HitsSearcherTests {
  let red = Filter.Facet(attribute: "color", stringValue: "red")
  let blue = Filter.Facet(attribute: "color", stringValue: "blue")

  @Test("Nothing is sent until search() or a connected change")
  func noImplicitSearch() async {
    let client = ScriptedSearchClient(respond: numbered)
    let searcher = HitsSearcher(client: client, indexName: "products")
    let filterState = FilterState()
    filterState[and: "a"].add(red)
    searcher.connectFilterState(filterState)
    searcher.query = "phone"
    let recorder = OutcomeRecorder(searcher)
    await searcher.waitForResults()
    #expect(client.calls.isEmpty)
    #expect(searcher.plan.queries[0].query.filters == #"( "color":"red" )"#)

    searcher.search()
    await searcher.waitForResults()
    #expect(client.calls.count == 1)
    #expect(recorder.deliveredNumbers == [1])
    #expect(searcher.latestResponse?.nbHits == 1)
  }

  @Test("Several filter changes in one turn send one request holding all of them")
  func coalescing() async {
    let client = ScriptedSearchClient(respond: numbered)
    let searcher = HitsSearcher(client: client, indexName: "products")
    let filterState = FilterState()
    searcher.connectFilterState(filterState)
    filterState[or: "color"].toggle(red)
    filterState[or: "color"].toggle(blue)
    filterState[and: "tags"].add(Filter.Tag(value: "sale"))
    await searcher.waitForResults()
    #expect(client.calls.count == 1)
    #expect(
      client.calls[0].queries[0].query.filters
        == #"( "color":"blue" OR "color":"red" ) AND ( "_tags":"sale" )"#)
    // A no-op change sends nothing.
    filterState[and: "tags"].add(Filter.Tag(value: "sale"))
    await searcher.waitForResults()
    #expect(client.calls.count == 1)
  }

  @Test("Filters set on the request are kept and ANDed with the FilterState's")
  func baseFilters() async {
    let client = ScriptedSearchClient(respond: numbered)
    var query = Query()
    query.filters = "inStock:true"
    let searcher = HitsSearcher(client: client, indexName: "products", query: query)
    let filterState = FilterState()
    searcher.connectFilterState(filterState)
    filterState[and: "brand"].add(Filter.Facet(attribute: "brand", stringValue: "Sony"))
    await searcher.waitForResults()
    #expect(client.calls.last?.queries[0].query.filters == #"inStock:true AND ( "brand":"Sony" )"#)
    filterState.removeAll()
    await searcher.waitForResults()
    #expect(client.calls.last?.queries[0].query.filters == "inStock:true")
    #expect(searcher.request.filters == "inStock:true")
  }

  @Test("Any change of query, filters or index resets the page to 0")
  func pageReset() async {
    let client = ScriptedSearchClient(respond: numbered)
    let searcher = HitsSearcher(client: client, indexName: "products")
    let filterState = FilterState()
    searcher.connectFilterState(filterState)

    searcher.request.page = 3
    searcher.search()
    await searcher.waitForResults()
    #expect(client.calls.last?.queries[0].query.page == 3)

    searcher.query = "tv"
    #expect(searcher.request.page == 0)
    searcher.request.page = 2
    filterState[and: "a"].add(red)
    await searcher.waitForResults()
    #expect(client.calls.last?.queries[0].query.page == 0)

    searcher.request.page = 4
    searcher.indexName = "products_by_price"
    #expect(searcher.request.page == 0)
    searcher.search()
    await searcher.waitForResults()
    #expect(client.calls.last?.queries[0].indexName == "products_by_price")
  }

  @Test("Query text is debounced on the injected clock; a repeated value is not lost")
  func debounce() async {
    let clock = ManualClock()
    let client = ScriptedSearchClient(respond: numbered)
    let searcher = HitsSearcher(client: client, indexName: "products", clock: clock)
    for text in ["a", "ab", "abc", "ab", "a"] {
      searcher.query = text
      searcher.scheduleSearch()
    }
    await clock.waitForSleepers(count: 1)
    clock.advance(by: .milliseconds(149))
    #expect(client.calls.isEmpty)
    clock.advance(by: .milliseconds(1))
    await searcher.waitForResults()
    #expect(client.calls.count == 1)
    #expect(client.calls[0].queries[0].query.query == "a")

    // A filter change is not debounced.
    let filterState = FilterState()
    searcher.connectFilterState(filterState)
    filterState[and: "a"].add(red)
    await searcher.waitForResults()
    #expect(client.calls.count == 2)
    #expect(clock.now.offset == .milliseconds(150))
  }

  @Test("Out of order: request 2 answered before request 1 → only 2 is published")
  func outOfOrder() async {
    let clock = ManualClock()
    let client = ScriptedSearchClient(
      clock: clock, latency: { $0.queries[0].query.query == "fire" ? .milliseconds(100) : .milliseconds(10) },
      honoursCancellation: false, respond: numbered)
    let searcher = HitsSearcher(client: client, indexName: "products", clock: clock)
    let recorder = OutcomeRecorder(searcher)
    var results = searcher.results().makeAsyncIterator()
    searcher.query = "fire"
    searcher.search()
    searcher.query = "firefox"
    searcher.search()
    #expect(searcher.isLoading)
    await clock.waitForSleepers(count: 2)
    clock.advance(by: .milliseconds(10))
    let first = await results.next()
    #expect((try? first?.get())?.query == "firefox")
    clock.advance(by: .milliseconds(90))
    await searcher.waitForResults()
    #expect(client.calls.count == 2)
    #expect(recorder.outcomes.count == 1)
    #expect(searcher.latestResponse?.query == "firefox")
    #expect(!searcher.isLoading)
  }

  @Test("10,000 requests with random latencies never publish a stale result")
  func randomizedOrdering() async {
    let clock = ManualClock()
    let client = ScriptedSearchClient(
      clock: clock, latency: { call in .milliseconds((call.number &* 7919 &+ 13) % 97) },
      honoursCancellation: false, respond: numbered)
    let searcher = HitsSearcher(client: client, indexName: "products", clock: clock)
    let recorder = OutcomeRecorder(searcher)
    var generator = SplitMix64(seed: 2026)
    for index in 1...10_000 {
      searcher.query = "q\(index)"
      searcher.search()
      if Int.random(in: 0..<8, using: &generator) == 0 {
        await Task.yield()
        clock.advance(by: .milliseconds(Int.random(in: 0..<40, using: &generator)))
      }
    }
    // Every call recorded and answered (a call is recorded before it sleeps on the clock, so waiting for
    // "no sleeper" alone could stop in between and leave a call asleep forever).
    while client.calls.count < 10_000 || client.pendingCalls > 0 {
      await Task.yield()
      clock.advance(by: .milliseconds(100))
    }
    await searcher.waitForResults()
    // Call numbers follow the order in which tasks reached the client, not the order of search();
    // the query text says which search an answer belongs to.
    let delivered = recorder.outcomes.compactMap { outcome -> Int? in
      guard case .success(let response) = outcome else { return nil }
      return response.query.flatMap { Int($0.dropFirst()) }
    }
    #expect(delivered.count > 1)
    #expect(zip(delivered, delivered.dropFirst()).allSatisfy { $0 < $1 })
    #expect(delivered.last == 10_000)
    #expect(searcher.latestResponse?.query == "q10000")
    #expect(!searcher.isLoading)
  }

  @Test("Errors are delivered with their queries and never end the results; the same request twice is sent twice")
  func errorsAndRepeats() async {
    struct Offline: Error {}
    let client = ScriptedSearchClient { call in
      if call.number == 1 { throw Offline() }
      return numbered(call)
    }
    let searcher = HitsSearcher(client: client, indexName: "products")
    let recorder = OutcomeRecorder(searcher)
    var stream = searcher.results().makeAsyncIterator()
    searcher.search()
    await searcher.waitForResults()
    searcher.search()
    await searcher.waitForResults()
    searcher.search()
    await searcher.waitForResults()
    #expect(client.calls.count == 3)
    #expect(recorder.errors.count == 1)
    #expect(recorder.errors.first?.underlyingError is Offline)
    #expect(recorder.errors.first?.queries == client.calls[0].queries)
    #expect(recorder.deliveredNumbers == [2, 3])
    let first = await stream.next()
    let second = await stream.next()
    guard case .failure? = first, case .success(let response)? = second else {
      Issue.record("expected an error then a response, got \(String(describing: first)), \(String(describing: second))")
      return
    }
    #expect(response.nbHits == 2)
  }

  @Test("Cancellation is never reported as an error")
  func cancellationIsSilent() async {
    let clock = ManualClock()
    let client = ScriptedSearchClient(clock: clock, latency: { _ in .seconds(1) }, respond: numbered)
    let searcher = HitsSearcher(client: client, indexName: "products", clock: clock)
    let recorder = OutcomeRecorder(searcher)
    searcher.search()
    searcher.search()
    await clock.waitForSleepers(count: 1)
    searcher.cancel()
    await searcher.waitForResults()
    #expect(recorder.outcomes.isEmpty)
    #expect(!searcher.isLoading)
  }

  @Test("A response count that does not match the queries sent is a typed error")
  func countMismatch() async {
    let client = ScriptedSearchClient { call in Array(numbered(call).dropLast()) }
    let searcher = HitsSearcher(client: client, indexName: "products")
    let filterState = FilterState()
    searcher.connectFilterState(filterState)
    let recorder = OutcomeRecorder(searcher)
    filterState[or: "color"].add(red)
    await searcher.waitForResults()
    #expect(client.calls[0].queries.count == 2)
    #expect(
      recorder.errors.first?.underlyingError as? SearchError
        == .responseCountMismatch(expected: 2, received: 1))
  }

  @Test("Disconnecting stops following the filter state")
  func disconnect() async {
    let client = ScriptedSearchClient(respond: numbered)
    let searcher = HitsSearcher(client: client, indexName: "products")
    let filterState = FilterState()
    let connection = searcher.connectFilterState(filterState)
    #expect(connection.isConnected)
    connection.disconnect()
    filterState[and: "a"].add(red)
    await searcher.waitForResults()
    #expect(client.calls.isEmpty)
    #expect(searcher.filters.isEmpty)
  }

  @available(*, deprecated)
  @Test("SingleIndexSearcher is the former name")
  func formerName() {
    let searcher: SingleIndexSearcher = HitsSearcher(client: ScriptedSearchClient(respond: numbered), indexName: "i")
    #expect(searcher.indexName == "i")
  }
}
