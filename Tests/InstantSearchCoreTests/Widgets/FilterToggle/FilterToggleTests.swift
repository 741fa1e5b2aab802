import InstantSearchCore
import InstantSearchTesting
import Testing

/// A switch that records what it is given, as `FilterSwitchController` does with a `UISwitch`.
@MainActor
final class TestSwitchController<F: FilterType>: SelectableController {
  var onClick: ((Bool) -> Void)?
  var item: F?
  var isOn = false
  var selectedCalls: [Bool] = []

  func setItem(_ item: F) { self.item = item }
  func setSelected(_ isSelected: Bool) {
    isOn = isSelected
    selectedCalls.append(isSelected)
  }

  /// The user flips the switch.
  func flip() { onClick?(!isOn) }
}

@MainActor
@Suite("Filter toggle")
struct FilterToggleTests {
  @Test("The documented example: an \"on sale\" tag toggled on and off through a switch")
  func documentedExample() async throws {
    let searcher = try WidgetFixture.searcher()
    let filterState: FilterState = .init()
    let filterToggleSwitchController = TestSwitchController<Filter.Tag>()
    let filterToggleConnector = FilterToggleConnector(
      filterState: filterState, filter: "on sale" as Filter.Tag, controller: filterToggleSwitchController)
    searcher.connectFilterState(filterState)
    searcher.search()
    #expect(filterToggleSwitchController.item == "on sale")
    #expect(filterToggleSwitchController.selectedCalls == [false])
    filterToggleSwitchController.flip()
    #expect(filterState.description == #"( "_tags":"on sale" )"#)
    #expect(filterToggleSwitchController.selectedCalls == [false, true])
    #expect(filterToggleConnector.interactor.isSelected)
    filterToggleSwitchController.flip()
    #expect(filterState.isEmpty)
    #expect(filterToggleSwitchController.selectedCalls == [false, true, false])
  }

  @Test("At connect the state wins: a filter already applied shows on, whatever the initial state")
  func derivedAtConnect() {
    let inStock = Filter.Facet(attribute: "inStock", boolValue: true)
    let state = FilterState()
    state[and: "inStock"].add(inStock)
    let connector = FilterToggleConnector(filterState: state, filter: inStock, isSelected: false)
    #expect(connector.interactor.isSelected)
    #expect(state.filters.count == 1)

    // An initial "on" is written to a state that holds nothing of the toggle.
    let empty = FilterState()
    let on = FilterToggleConnector(filterState: empty, filter: inStock, isSelected: true)
    #expect(on.interactor.isSelected && empty.description == #"( "inStock":true )"#)

    // A state holding the default filter shows "off", even with an initial "on".
    let withDefault = FilterState()
    let outOfStock = Filter.Facet(attribute: "inStock", boolValue: false)
    withDefault[and: "inStock"].add(outOfStock)
    let off = FilterToggleConnector(filterState: withDefault, filter: inStock, isSelected: true, default: outOfStock)
    #expect(!off.interactor.isSelected && withDefault.description == #"( "inStock":false )"#)
  }

  @Test("The default filter stands in the group while the toggle is off")
  func defaultFilter() {
    let state = FilterState()
    let free = Filter.Numeric(attribute: "shipping", operator: .equals, value: 0)
    let any = Filter.Numeric(attribute: "shipping", operator: .greaterThanOrEqual, value: 0)
    let connector = FilterToggleConnector(filterState: state, filter: free, default: any)
    #expect(state.description == #"( "shipping" >= 0.0 )"#)
    connector.interactor.toggle()
    #expect(state.description == #"( "shipping" = 0.0 )"#)
    connector.interactor.toggle()
    #expect(state.description == #"( "shipping" >= 0.0 )"#)
  }

  @Test("Only the toggle's own filters are written: another widget's filter in the same group stays")
  func exactRemoval() {
    let state = FilterState()
    let onSale: Filter.Tag = "on sale"
    let other: Filter.Tag = "new"
    state[or: "_tags"].add(other)
    let connector = FilterToggleConnector(filterState: state, filter: onSale, operator: .or)
    var changes = 0
    let token = state.onChange { _ in changes += 1 }
    connector.interactor.toggle()
    #expect(state.description == #"( "_tags":"new" OR "_tags":"on sale" )"#)
    connector.interactor.toggle()
    #expect(state.description == #"( "_tags":"new" )"#)
    #expect(changes == 2)
    // Removing the filter elsewhere turns the toggle off.
    connector.interactor.toggle()
    state[or: "_tags"].remove(onSale)
    #expect(!connector.interactor.isSelected)
    token.cancel()
  }

  @Test("Disconnecting undoes connecting: clicks and state changes no longer travel")
  func disconnect() {
    let state = FilterState()
    let controller = TestSwitchController<Filter.Tag>()
    let connector = FilterToggleConnector(filterState: state, filter: "on sale", controller: controller)
    connector.disconnect()
    #expect(controller.onClick == nil)
    state[and: "_tags"].add("on sale" as Filter.Tag)
    #expect(controller.selectedCalls == [false])
    #expect(!connector.interactor.isSelected)
    connector.connect()
    #expect(connector.interactor.isSelected && controller.selectedCalls == [false, true])
    controller.flip()
    #expect(state.isEmpty)
  }

  @Test("The observable controller shows the filter through the presenter and publishes once per change")
  func observableController() {
    let state = FilterState()
    let controller = FilterToggleObservableController<Filter.Facet>()
    let counter = PublicationCounter(controller)
    let connector = FilterToggleConnector(
      filterState: state, filter: Filter.Facet(attribute: "free_shipping", boolValue: true), controller: controller)
    #expect(controller.title == "free_shipping")
    #expect(counter.count == 1)  // the filter arrived; the state (off) was already shown
    controller.toggle()
    #expect(controller.isSelected && counter.count == 2)
    #expect(state.description == #"( "free_shipping":true )"#)
    controller.setSelected(true)
    #expect(counter.count == 2)
    _ = connector
  }

  @Test("End to end on the embedded engine: the toggle narrows the hits to its filter")
  func endToEnd() async throws {
    let searcher = try WidgetFixture.searcher()
    let state = FilterState()
    searcher.connectFilterState(state)
    let connector = FilterToggleConnector(
      filterState: state, filter: Filter.Facet(attribute: "inStock", boolValue: true))
    searcher.search()
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.nbHits == 5)
    connector.interactor.toggle()
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.nbHits == 3)
  }
}
