import InstantSearchCore
import InstantSearchTesting
import Testing

/// A stepper view that records what it is given.
@MainActor
final class TestStepperController<Number: RangeNumber>: NumberController {
  var computation: Computation<Number>?
  var items: [Number?] = []
  var bounds: ClosedRange<Number>?

  func setItem(_ item: Number) { items.append(item) }
  func setComputation(computation: Computation<Number>) { self.computation = computation }
  func setBounds(bounds: ClosedRange<Number>?) { self.bounds = bounds }
  func invalidate() { items.append(nil) }

  var shown: Number? { items.last ?? nil }
  func tapPlus() { computation?.increment(step: 1, default: bounds?.lowerBound ?? 0) }
  func tapMinus() { computation?.decrement(step: 1, default: bounds?.lowerBound ?? 0) }
}

@MainActor
@Suite("Filter numeric comparison")
struct FilterComparisonTests {
  @Test("The documented example: price >= a number, stepped up and down")
  func documentedExample() async throws {
    let searcher = try WidgetFixture.searcher()
    let filterState = FilterState()
    let controller = TestStepperController<Int>()
    let connector = FilterComparisonConnector<Int>(
      searcher: searcher, filterState: filterState, attribute: "price", numericOperator: .greaterThanOrEqual,
      number: 20, operator: .and, controller: controller)
    searcher.connectFilterState(filterState)
    #expect(filterState.description == #"( "price" >= 20.0 )"#)
    #expect(controller.shown == 20)
    controller.tapPlus()
    #expect(filterState.description == #"( "price" >= 21.0 )"#)
    controller.tapMinus()
    controller.tapMinus()
    #expect(connector.interactor.item == 19 && controller.shown == 19)
    searcher.search()
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.nbHits == 3)  // 20, 30, 50
  }

  @Test("Bounds come from facets_stats computed without the comparison's own filter, and clamp the number")
  func boundsFromStatistics() async throws {
    let searcher = try WidgetFixture.searcher()
    let state = FilterState()
    searcher.connectFilterState(state)
    let controller = TestStepperController<Int>()
    let connector = FilterComparisonConnector<Int>(
      searcher: searcher, filterState: state, attribute: "price", numericOperator: .greaterThanOrEqual, number: 40,
      controller: controller)
    searcher.search()
    await searcher.waitForResults()
    #expect(connector.interactor.bounds == 10...50)
    #expect(controller.bounds == 10...50)
    connector.interactor.computeNumber(number: 500)
    #expect(connector.interactor.item == 50)
    connector.interactor.computeNumber(number: -3)
    #expect(state.description == #"( "price" >= 10.0 )"#)
    // Developer bounds win.
    connector.interactor.applyBounds(bounds: 0...100)
    #expect(controller.bounds == 0...100)
  }

  @Test("At connect the state wins; with no number anywhere the view is invalidated")
  func derivedAtConnect() {
    let state = FilterState()
    state[and: "price"].add(Filter.Numeric(attribute: "price", operator: .greaterThanOrEqual, value: 7))
    let interactor = NumberInteractor<Double>(item: 20)
    interactor.connectFilterState(state, attribute: "price", numericOperator: .greaterThanOrEqual)
    #expect(interactor.item == 7)
    #expect(state.filters.count == 1)

    let controller = TestStepperController<Double>()
    let empty = NumberInteractor<Double>()
    empty.connectFilterState(FilterState(), attribute: "price", numericOperator: .lessThan)
    empty.connectController(controller)
    #expect(controller.items == [nil])
  }

  @Test("Only the widget's own comparison is written: other operators and attributes in the group stay")
  func exactRemoval() {
    let state = FilterState()
    let upper = Filter.Numeric(attribute: "price", operator: .lessThan, value: 100)
    let size = Filter.Numeric(attribute: "size", operator: .greaterThan, value: 2)
    state[and: "price"].add(upper)
    state[and: "price"].add(size)
    let interactor = NumberInteractor<Int>()
    interactor.connectFilterState(state, attribute: "price", numericOperator: .greaterThanOrEqual)
    var changes = 0
    let token = state.onChange { _ in changes += 1 }
    interactor.computeNumber(number: 5)
    interactor.computeNumber(number: 6)
    interactor.computeNumber(number: nil)
    #expect(state.filters.contains(upper) && state.filters.contains(size) && state.filters.count == 2)
    #expect(changes == 3)
    // Removing the comparison elsewhere clears the number.
    interactor.computeNumber(number: 8)
    state[and: "price"].remove(Filter.Numeric(attribute: "price", operator: .greaterThanOrEqual, value: 8))
    #expect(interactor.item == nil)
    token.cancel()
  }

  @Test("Disconnecting undoes connecting, including the searcher's facet and range attribute")
  func disconnect() {
    let searcher = HitsSearcher(client: ScriptedSearchClient(response: SearchResponse()), indexName: "products")
    let state = FilterState()
    let connector = FilterComparisonConnector<Int>(
      searcher: searcher, filterState: state, attribute: "price", numericOperator: .greaterThan)
    #expect(searcher.request.facets == ["price"] && searcher.rangeAttributes == ["price"])
    connector.disconnect()
    #expect(searcher.request.facets == [] && searcher.rangeAttributes.isEmpty)
    state[and: "price"].add(Filter.Numeric(attribute: "price", operator: .greaterThan, value: 3))
    #expect(connector.interactor.item == nil)
    connector.connect()
    #expect(connector.interactor.item == 3 && searcher.rangeAttributes == ["price"])
  }

  @Test("The observable controller steps from the lower bound and publishes once per change")
  func observableController() {
    let state = FilterState()
    let controller = NumberObservableController<Int>(step: 2)
    let counter = PublicationCounter(controller)
    let connector = FilterComparisonConnector<Int>(
      filterState: state, attribute: "size", numericOperator: .greaterThanOrEqual, bounds: 1...9,
      controller: controller)
    #expect(controller.value == nil && controller.bounds == 1...9 && counter.count == 1)
    controller.increment()
    #expect(controller.value == 1 && counter.count == 2)
    controller.increment()
    #expect(controller.value == 3 && counter.count == 3)
    #expect(state.description == #"( "size" >= 3.0 )"#)
    state.notifyChange()
    #expect(counter.count == 3)
    _ = connector
  }
}
