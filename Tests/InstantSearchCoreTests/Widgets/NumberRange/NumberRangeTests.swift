import InstantSearchCore
import InstantSearchTesting
import Testing

@MainActor
@Suite("Filter Numeric Range: bounds, clamping, filters and lifecycle", .timeLimit(.minutes(2)))
struct NumberRangeTests {
  /// A searcher answering each call with the next statistics for `price`.
  func scriptedSearcher(_ stats: [FacetStats?]) -> (HitsSearcher, ScriptedSearchClient) {
    let respond = priceStatsResponses(stats)
    let client = ScriptedSearchClient { call in call.queries.map { _ in respond(call.number) } }
    return (HitsSearcher(client: client, indexName: "products"), client)
  }

  @Test("Bounds: each side given by the developer wins, otherwise the latest statistics")
  func boundsPrecedence() async {
    let (searcher, _) = scriptedSearcher([FacetStats(min: 10, max: 50), nil, FacetStats(min: 20, max: 40)])
    let both = NumberRangeInteractor<Double>(bounds: 0...100)
    let lowerOnly = NumberRangeInteractor<Double>()
    lowerOnly.fixedLowerBound = 0
    let upperOnly = NumberRangeInteractor<Double>()
    upperOnly.fixedUpperBound = 45
    let none = NumberRangeInteractor<Double>()
    for interactor in [both, lowerOnly, upperOnly, none] { interactor.connectSearcher(searcher, attribute: "price") }
    #expect(none.bounds == nil && lowerOnly.bounds == nil && both.bounds == 0...100)

    searcher.search()
    await searcher.waitForResults()
    #expect(both.bounds == 0...100)
    #expect(lowerOnly.bounds == 0...50)
    #expect(upperOnly.bounds == 10...45)
    #expect(none.bounds == 10...50)

    // A response without statistics keeps the previous bounds.
    searcher.search()
    await searcher.waitForResults()
    #expect(none.bounds == 10...50 && lowerOnly.bounds == 0...50)

    // Bounds are refreshed on every result (the anchor takes only the first).
    searcher.search()
    await searcher.waitForResults()
    #expect(none.bounds == 20...40 && upperOnly.bounds == 20...45 && both.bounds == 0...100)
  }

  @Test("Degenerate and unusable statistics: min == max is valid, infinities never reach the bounds")
  func degenerateStats() async {
    let (searcher, _) = scriptedSearcher([
      FacetStats(min: 7, max: 7), FacetStats(min: -.infinity, max: 3), FacetStats(min: .nan, max: 3),
    ])
    let interactor = NumberRangeInteractor<Double>()
    interactor.connectSearcher(searcher, attribute: "price")
    searcher.search()
    await searcher.waitForResults()
    #expect(interactor.bounds == 7...7)
    for _ in 0..<2 {
      searcher.search()
      await searcher.waitForResults()
      #expect(interactor.bounds == 7...7)
    }
  }

  @Test("Integer ranges floor the minimum and ceil the maximum of fractional statistics (anchor §9.17)")
  func integerBounds() async throws {
    let (searcher, _) = scriptedSearcher([FacetStats(min: 1.75, max: 14.15)])
    let ints = NumberRangeInteractor<Int>()
    let doubles = NumberRangeInteractor<Double>()
    let floats = NumberRangeInteractor<Float>()
    ints.connectSearcher(searcher, attribute: "price")
    doubles.connectSearcher(searcher, attribute: "price")
    floats.connectSearcher(searcher, attribute: "price")
    searcher.search()
    await searcher.waitForResults()
    #expect(ints.bounds == 1...15)
    #expect(doubles.bounds == 1.75...14.15)
    let floatBounds = try #require(floats.bounds)
    #expect(Double(floatBounds.lowerBound) <= 1.75 && Double(floatBounds.upperBound) >= 14.15)
  }

  @Test("Clamping only changes what is shown: no write to the filter state, no search")
  func clampingIsDisplayOnly() async throws {
    let (searcher, client) = scriptedSearcher([FacetStats(min: 25, max: 28), FacetStats(min: 10, max: 50)])
    let filterState = FilterState()
    searcher.connectFilterState(filterState)
    filterState[and: "price"].add(Filter.Numeric(attribute: "price", range: 20...30))
    let controller = RecordingRangeController<Double>()
    let connector = NumberRangeConnector<Double>(
      searcher: searcher, filterState: filterState, attribute: "price", controller: controller)
    // Filters set before connecting show at once.
    #expect(controller.itemCalls == [20...30])
    searcher.search()
    await searcher.waitForResults()
    #expect(connector.interactor.displayedRange == 25...28)
    #expect(controller.itemCalls.last == 25...28)
    #expect(filterState.description == #"( "price":20.0 TO 30.0 )"#)
    #expect(client.calls.count == 1)

    // A selection wholly outside the bounds stays as it is and is flagged.
    filterState[and: "price"].set([Filter.Numeric(attribute: "price", range: 60...70)])
    await searcher.waitForResults()
    #expect(connector.interactor.bounds == 10...50)
    #expect(connector.interactor.isOutsideBounds)
    #expect(connector.interactor.displayedRange == 50...50)
    #expect(filterState.description == #"( "price":60.0 TO 70.0 )"#)
    #expect(client.calls.count == 2)
  }

  @Test("Connecting sends no extra search, and the initial range is written at connect (anchor §9.18)")
  func initialRangeAndSearchCount() async throws {
    let (searcher, client) = try WidgetFixture.recordingSearcher()
    let filterState = FilterState()
    searcher.connectFilterState(filterState)
    let connector = NumberRangeConnector<Double>(
      searcher: searcher, filterState: filterState, attribute: "price", range: 12...40)
    #expect(filterState.description == #"( "price":12.0 TO 40.0 )"#)
    searcher.search()
    await searcher.waitForResults()
    #expect(client.calls.count == 1)
    #expect(searcher.latestResponse?.nbHits == 3)
    #expect(connector.interactor.bounds == 10...50)
    // Another FilterState notification does not lose the initial range.
    filterState[and: "color"].add(Filter.Facet(attribute: "color", stringValue: "red"))
    await searcher.waitForResults()
    #expect(connector.interactor.item == 12...40)
    #expect(client.calls.count == 2)

    // A connector made after results arrived takes their bounds without searching.
    let late = NumberRangeConnector<Int>(searcher: searcher, filterState: filterState, attribute: "size")
    await searcher.waitForScheduledSearch()
    #expect(client.calls.count == 2)
    _ = late
  }

  @Test("The range writes one range filter, in its group only, and keeps other widgets' filters")
  func ownFiltersOnly() {
    let filterState = FilterState()
    let comparison = Filter.Numeric(attribute: "price", operator: .greaterThanOrEqual, value: 5)
    let otherAttribute = Filter.Numeric(attribute: "size", range: 1...5)
    filterState[and: "price"].add(comparison, otherAttribute)
    let interactor = NumberRangeInteractor<Double>(bounds: 0...100)
    interactor.connectFilterState(filterState, attribute: "price")
    interactor.applyRange(10...20)
    interactor.applyRange(15...25)
    #expect(filterState.getFilters(forGroupWithID: .and(name: "price")).count == 3)
    #expect(filterState.contains(Filter.Numeric(attribute: "price", range: 15...25)))
    #expect(filterState.contains(comparison) && filterState.contains(otherAttribute))
    // The full bounds remove the range filter, and only it.
    interactor.applyRange(0...100)
    #expect(filterState.getFilters(forGroupWithID: .and(name: "price")).count == 2)
    #expect(interactor.item == nil)

    let orState = FilterState()
    let orRange = NumberRangeInteractor<Int>()
    orRange.connectFilterState(orState, attribute: "price", operator: .or, groupName: "prices")
    orRange.applyRange(1...2)
    #expect(orState.getGroupIDs() == [.or(name: "prices", filterType: .numeric)])
  }

  @Test("Bounds are taken without the range's own filter; a query change updates them")
  func boundsFollowQueryNotSelection() async throws {
    let searcher = try WidgetFixture.searcher()
    let filterState = FilterState()
    searcher.connectFilterState(filterState)
    let connector = NumberRangeConnector<Double>(searcher: searcher, filterState: filterState, attribute: "price")
    searcher.search()
    await searcher.waitForResults()
    connector.interactor.applyRange(10...20)
    await searcher.waitForResults()
    #expect(connector.interactor.bounds == 10...50)
    searcher.query = "hat"
    searcher.search()
    await searcher.waitForResults()
    #expect(connector.interactor.bounds == 15.5...30)
  }

  @Test("Disconnecting leaves the searcher's own listeners alone (anchor §9.9)")
  func disconnectKeepsSearcherListeners() async throws {
    let searcher = try WidgetFixture.searcher()
    var delivered = 0
    let token = searcher.onResults { _ in delivered += 1 }
    let interactor = NumberRangeInteractor<Double>()
    let connection = interactor.connectSearcher(searcher, attribute: "price")
    #expect(searcher.rangeAttributes == ["price"] && searcher.request.facets == ["price"])
    connection.disconnect()
    #expect(searcher.rangeAttributes.isEmpty && searcher.request.facets == [])
    searcher.search()
    await searcher.waitForResults()
    #expect(delivered == 1)
    #expect(interactor.bounds == nil)
    token.cancel()
  }

  @Test("The observable controller shows pushed values without echo and publishes once per change")
  func observableController() {
    let filterState = FilterState()
    let interactor = NumberRangeInteractor<Int>(bounds: 0...100)
    interactor.connectFilterState(filterState, attribute: "price")
    let controller = NumberRangeObservableController<Int>()
    let published = PublicationCounter(controller)
    interactor.connectController(controller)
    #expect(controller.bounds == 0...100 && controller.range == 0...100)
    #expect(published.count == 2)
    #expect(filterState.isEmpty)
    controller.range = 10...20
    #expect(published.count == 3)
    #expect(filterState.description == #"( "price":10.0 TO 20.0 )"#)
    filterState.removeAll()
    #expect(controller.range == 0...100)
    #expect(published.count == 4)
    #expect(filterState.isEmpty)
    // A pushed range never comes back as a user change, even when it is a clamped one.
    let apply = controller.onRangeChanged
    var userChanges = 0
    controller.onRangeChanged = { range in
      userChanges += 1
      apply?(range)
    }
    filterState[and: "price"].add(Filter.Numeric(attribute: "price", range: 150...160))
    #expect(controller.range == 100...100)
    #expect(userChanges == 0)
    #expect(filterState.description == #"( "price":150.0 TO 160.0 )"#)
  }

  @Test("A new view connection gets the current state once and writes nothing (anchor §9.18)")
  func noReplayIntoNewConnections() {
    let filterState = FilterState()
    let interactor = NumberRangeInteractor<Double>(bounds: 0...100)
    interactor.connectFilterState(filterState, attribute: "price")
    interactor.applyRange(10...20)
    var changes = 0
    let token = filterState.onChange { _ in changes += 1 }
    let controller = RecordingRangeController<Double>()
    interactor.connectController(controller)
    #expect(controller.boundsCalls == [0...100] && controller.itemCalls == [10...20])
    #expect(changes == 0)
    token.cancel()
  }

  @Test("Connect, disconnect, release: everything deinitialises and no callback fires afterwards")
  func lifecycle() async throws {
    weak var weakConnector: NumberRangeConnector<Double>?
    weak var weakInteractor: NumberRangeInteractor<Double>?
    weak var weakController: RecordingRangeController<Double>?
    let searcher = try WidgetFixture.searcher()
    let filterState = FilterState()
    var callsAtRelease = 0
    do {
      let controller = RecordingRangeController<Double>()
      var connector: NumberRangeConnector<Double>? = NumberRangeConnector(
        searcher: searcher, filterState: filterState, attribute: "price", controller: controller)
      weakConnector = connector
      weakInteractor = connector?.interactor
      weakController = controller
      connector?.disconnect()
      #expect(searcher.rangeAttributes.isEmpty)
      connector?.connect()
      #expect(searcher.rangeAttributes == ["price"])
      callsAtRelease = controller.itemCalls.count + controller.boundsCalls.count
      connector = nil
    }
    #expect(weakConnector == nil && weakInteractor == nil && weakController == nil)
    // Releasing the connector undid what it connected.
    #expect(searcher.rangeAttributes.isEmpty && searcher.request.facets == [])
    filterState[and: "price"].add(Filter.Numeric(attribute: "price", range: 1...2))
    searcher.search()
    await searcher.waitForResults()
    #expect(callsAtRelease == 0)
  }
}
