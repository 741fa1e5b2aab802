import InstantSearchCore
import InstantSearchTesting
import Testing

/// A list view that records what it is given, as `FilterListTableController` does with a table.
@MainActor
final class TestFilterListController<F: FilterType>: SelectableListController {
  var onClick: ((F) -> Void)?
  var items: [SelectableItem<F>] = []
  var reloads = 0

  func setSelectableItems(selectableItems: [SelectableItem<F>]) { items = selectableItems }
  func reload() { reloads += 1 }

  /// The user taps the row at `row`.
  func tap(_ row: Int) { onClick?(items[row].item) }

  var shown: [String] {
    items.map { DefaultPresenter.Filter.present($0.item.eraseToFilter()) + ($0.isSelected ? " ✓" : "") }
  }
}

@MainActor
@Suite("Filter list")
struct FilterListTests {
  let colors: [Filter.Facet] = ["red", "blue", "green", "yellow", "black"].map {
    .init(attribute: "color", stringValue: $0)
  }

  @Test("The documented facet example: multiple selection in an and group")
  func facetExample() throws {
    let searcher = try WidgetFixture.searcher()
    let filterState = FilterState()
    let filterListController = TestFilterListController<Filter.Facet>()
    let filterListConnector = FacetFilterListConnector(
      facetFilters: colors, selectionMode: .multiple, filterState: filterState, operator: .and, groupName: "filters",
      controller: filterListController)
    searcher.connectFilterState(filterState)
    #expect(filterListController.shown == ["red", "blue", "green", "yellow", "black"])
    filterListController.tap(1)
    filterListController.tap(0)
    #expect(filterState.description == #"( "color":"blue" AND "color":"red" )"#)
    #expect(filterListController.shown == ["red ✓", "blue ✓", "green", "yellow", "black"])
    filterListController.tap(1)
    #expect(filterState.description == #"( "color":"red" )"#)
    #expect(filterListConnector.interactor.selections == [colors[0]])
  }

  @Test("The documented numeric example: single selection replaces, a second tap clears")
  func numericExample() {
    let filterState = FilterState()
    let numericFilters: [Filter.Numeric] = [
      .init(attribute: "price", operator: .lessThan, value: 5),
      .init(attribute: "price", range: 5...10),
      .init(attribute: "price", range: 10...25),
      .init(attribute: "price", operator: .greaterThanOrEqual, value: 25),
    ]
    let controller = TestFilterListController<Filter.Numeric>()
    let connector = NumericFilterListConnector(
      numericFilters: numericFilters, filterState: filterState, operator: .and, groupName: "filters",
      controller: controller)
    #expect(connector.interactor.selectionMode == .single)
    #expect(controller.shown == ["price < 5.0", "price: 5.0 to 10.0", "price: 10.0 to 25.0", "price >= 25.0"])
    controller.tap(1)
    controller.tap(3)
    #expect(filterState.description == #"( "price" >= 25.0 )"#)
    controller.tap(3)
    #expect(filterState.isEmpty)
  }

  @Test("The documented tag example: an or group of tags")
  func tagExample() {
    let filterState = FilterState()
    let tagFilters: [Filter.Tag] = ["coupon", "free shipping", "free return", "on sale", "no exchange"]
    let connector = TagFilterListConnector(
      tagFilters: tagFilters, selectionMode: .multiple, filterState: filterState, operator: .or, groupName: "filters")
    connector.interactor.toggle("on sale")
    connector.interactor.toggle("coupon")
    #expect(filterState.description == #"( "_tags":"coupon" OR "_tags":"on sale" )"#)
  }

  @Test("Selection is derived from the state at connect, and the state wins over an initial selection")
  func derivedAtConnect() {
    let state = FilterState()
    state[and: "color"].add(colors[2])
    let interactor = FacetFilterListInteractor(items: colors, selectionMode: .multiple, selections: [colors[0]])
    interactor.connectFilterState(state, operator: .and)
    #expect(interactor.selections == [colors[2]])
    #expect(state.filters.count == 1)

    let empty = FilterState()
    let initial = FacetFilterListInteractor(items: colors, selectionMode: .multiple, selections: [colors[0]])
    initial.connectFilterState(empty, operator: .and)
    #expect(empty.description == #"( "color":"red" )"#)

    // Single mode: only the first of several in the state counts as selected; the next click replaces all.
    let two = FilterState()
    two[and: "color"].add(colors[3])
    two[and: "color"].add(colors[1])
    let single = FacetFilterListInteractor(items: colors, selectionMode: .single)
    single.connectFilterState(two, operator: .and)
    #expect(single.selections == [colors[1]])  // the state orders a group's filters: blue before yellow
    single.toggle(colors[0])
    #expect(two.description == #"( "color":"red" )"#)
  }

  @Test("Only the list's own filters are written: other filters of the group stay (the anchor wiped the group)")
  func exactRemoval() {
    let state = FilterState()
    let size = Filter.Facet(attribute: "size", floatValue: 9)
    let otherColor = Filter.Facet(attribute: "color", stringValue: "purple")
    state[or: "filters"].add(size)
    state[or: "filters"].add(otherColor)
    let connector = FacetFilterListConnector(
      facetFilters: colors, selectionMode: .multiple, filterState: state, operator: .or, groupName: "filters")
    var changes = 0
    let token = state.onChange { _ in changes += 1 }
    connector.interactor.toggle(colors[0])
    connector.interactor.toggle(colors[0])
    #expect(state.filters.filters(in: .or(name: "filters", filterType: .facet)).count == 2)
    #expect(state.filters.contains(size) && state.filters.contains(otherColor))
    #expect(changes == 2)
    token.cancel()
  }

  @Test("Disconnecting undoes connecting")
  func disconnect() {
    let state = FilterState()
    let controller = TestFilterListController<Filter.Facet>()
    let connector = FacetFilterListConnector(
      facetFilters: colors, filterState: state, operator: .and, groupName: "color", controller: controller)
    connector.disconnect()
    #expect(controller.onClick == nil)
    state[and: "color"].add(colors[0])
    #expect(connector.interactor.selections.isEmpty)
    #expect(controller.shown.first == "red")
    connector.connect()
    #expect(controller.shown.first == "red ✓")
  }

  @Test("An empty interactor filled later: the state's filters show as selected in one redraw, clicks write")
  func itemsSetLater() {
    let state = FilterState()
    state[and: "color"].add(colors[1])
    let interactor = FacetFilterListInteractor()
    #expect(interactor.selectionMode == .multiple && interactor.items.isEmpty)
    interactor.connectFilterState(state, operator: .and, groupName: "color")
    let controller = TestFilterListController<Filter.Facet>()
    interactor.connectController(controller)
    #expect(controller.items.isEmpty && interactor.selections.isEmpty)
    let reloads = controller.reloads
    interactor.items = colors
    #expect(controller.shown == ["red", "blue ✓", "green", "yellow", "black"])
    #expect(controller.reloads == reloads + 1)
    controller.tap(0)
    #expect(state.filters.filters(in: .and(name: "color")).count == 2)
    interactor.items = Array(colors.prefix(1))
    #expect(controller.shown == ["red ✓"] && state.filters.contains(colors[1]))
    interactor.items = Array(colors.prefix(1))
    #expect(controller.reloads == reloads + 3)
  }

  @Test("The observable controller reads filters through the presenter and publishes once per change")
  func observableController() {
    let state = FilterState()
    let controller = FilterListObservableController<Filter.Facet>()
    let counter = PublicationCounter(controller)
    let connector = FacetFilterListConnector(
      facetFilters: colors, filterState: state, operator: .and, groupName: "color", controller: controller)
    #expect(counter.count == 1)
    #expect(controller.filters.map(controller.title(of:)) == ["red", "blue", "green", "yellow", "black"])
    controller.toggle(colors[4])
    #expect(controller.isSelected(colors[4]) && counter.count == 2)
    state.notifyChange()
    #expect(counter.count == 2)
    _ = connector
  }

  @Test("End to end on the embedded engine: an or list of colors")
  func endToEnd() async throws {
    let searcher = try WidgetFixture.searcher()
    let state = FilterState()
    searcher.connectFilterState(state)
    let connector = FacetFilterListConnector(
      facetFilters: Array(colors.prefix(3)), filterState: state, operator: .or, groupName: "color")
    connector.interactor.toggle(colors[0])
    connector.interactor.toggle(colors[2])
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.nbHits == 3)
  }
}
