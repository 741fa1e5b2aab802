// swift-format-ignore-file: the seed examples are copied as the page writes them.

import InstantSearchCore
import Testing

@MainActor
@Suite("Current Filters", .timeLimit(.minutes(2)))
struct CurrentFiltersTests {
  @Test("The seed's connector example: only the given group shows, and a tap removes that filter")
  func seedConnector() async throws {
    let searcher = try WidgetFixture.searcher()
    let filterState = FilterState()
    let groupID: FilterGroup.ID = .and(name: "color")
    let currenfFiltersTableController: CurrentFilterListTableController = .init(tableView: UITableView())
    let currentFiltersConnector = CurrentFiltersConnector(
      filterState: filterState,
      groupIDs: [groupID],
      controller: currenfFiltersTableController)
    searcher.connectFilterState(filterState)
    filterState[and: "color"].add(
      Filter.Facet(attribute: "color", stringValue: "red"),
      Filter.Facet(attribute: "color", stringValue: "blue"))
    filterState[and: "category"].add(Filter.Facet(attribute: "category", stringValue: "Shirts"))
    #expect(currenfFiltersTableController.rows == ["blue", "red"])
    searcher.search()
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.nbHits == 0)

    currenfFiltersTableController.didSelectRow(1)
    #expect(filterState.description == #"( "category":"Shirts" ) AND ( "color":"blue" )"#)
    #expect(currenfFiltersTableController.rows == ["blue"])
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.nbHits == 1)
    #expect(currentFiltersConnector.interactor.items.count == 1)
  }

  @Test("The seed's low-level example, with discarded connections that keep working")
  func seedLowLevel() {
    let filterState = FilterState()
    filterState[and: "color"].add(Filter.Facet(attribute: "color", stringValue: "red"))
    let groupID: FilterGroup.ID = .and(name: "color")
    let currentFiltersTableController: CurrentFilterListTableController = .init(tableView: UITableView())
    let currentFiltersInteractor = CurrentFiltersInteractor()
    currentFiltersInteractor.connectFilterState(filterState, filterGroupID: groupID)
    currentFiltersInteractor.connectController(currentFiltersTableController)
    // Filters set before connecting show at once.
    #expect(currentFiltersTableController.rows == ["red"])
    filterState[and: "color"].add(Filter.Facet(attribute: "color", stringValue: "green"))
    #expect(currentFiltersTableController.rows == ["green", "red"])
    #expect(currentFiltersTableController.tableView.reloads == 2)
  }

  @Test("Removing an item removes exactly that filter from exactly that group (anchor §9.12)")
  func removeExactly() {
    let filterState = FilterState()
    let red = Filter.Facet(attribute: "color", stringValue: "red")
    let tricky = Filter.Facet(attribute: "brand", stringValue: #"Say "hi" - now"#)
    filterState[and: "a"].add(red, tricky)
    filterState[or: "b"].add(red)
    filterState[hierarchical: "cat"].set([Filter.Facet(attribute: "cat.lvl0", stringValue: "Men")])
    let interactor = CurrentFiltersInteractor()
    // A remove before any change notification wipes nothing.
    interactor.connectFilterState(filterState)
    let before = filterState.filters
    interactor.remove(FilterAndID(filter: .facet(red), id: .and(name: "a")))
    #expect(filterState.contains(red, inGroupWithID: .or(name: "b", filterType: .facet)))
    #expect(!filterState.contains(red, inGroupWithID: .and(name: "a")))
    #expect(filterState.filters.count == before.count - 1)
    #expect(filterState.getFilters(forGroupWithID: .hierarchical(name: "cat")).count == 1)
    interactor.remove(FilterAndID(filter: .facet(tricky), id: .and(name: "a")))
    #expect(!filterState.contains(tricky))
    #expect(filterState.filters.count == before.count - 2)
  }

  @Test("Items follow the filter state's deterministic order and show the presenter's text")
  func orderAndTexts() {
    let filterState = FilterState()
    filterState[and: "z"].add(Filter.Tag(value: "promo"))
    filterState[and: "a"].add(Filter.Numeric(attribute: "price", range: 5...10.5))
    filterState[or: "m"].add(Filter.Facet(attribute: "size", floatValue: 42))
    let controller = CurrentFilterListTableController(tableView: UITableView())
    let connector = CurrentFiltersConnector(filterState: filterState, controller: controller)
    let expected = filterState.toFilterGroups().flatMap(\.filters).map(DefaultPresenter.Filter.present)
    #expect(controller.rows == expected)
    #expect(Set(controller.rows) == ["promo", "price: 5.0 to 10.5", "size: 42.0"])
    _ = connector
  }

  @Test("The default presenter's texts")
  func defaultPresenter() {
    let present = DefaultPresenter.Filter.present
    #expect(present(.facet(.init(attribute: "color", stringValue: "red"))) == "red")
    #expect(present(.facet(.init(attribute: "size", floatValue: 10))) == "size: 10.0")
    #expect(present(.facet(.init(attribute: "inStock", boolValue: true))) == "inStock")
    #expect(present(.numeric(.init(attribute: "price", operator: .greaterThanOrEqual, value: 5))) == "price >= 5.0")
    #expect(present(.numeric(.init(attribute: "price", range: 5...10.5))) == "price: 5.0 to 10.5")
    #expect(present(.tag(.init(value: "promo"))) == "promo")
    #expect(present(.facet(.init(attribute: "color", stringValue: "red", isNegated: true))) == "NOT red")
    #expect(present(.numeric(.init(attribute: "price", range: 1...2, isNegated: true))) == "NOT price: 1.0 to 2.0")
  }

  @Test("The observable controller publishes once per change and removes through the connection")
  func observableController() throws {
    let filterState = FilterState()
    let red = Filter.Facet(attribute: "color", stringValue: "red")
    filterState[and: "color"].add(red)
    let controller = CurrentFiltersObservableController()
    let published = PublicationCounter(controller)
    let connector = CurrentFiltersConnector(filterState: filterState, controller: controller)
    #expect(published.count == 1)
    #expect(controller.filters.map(\.text) == ["red"])
    let item = try #require(controller.filters.first)
    controller.remove(item)
    #expect(filterState.isEmpty)
    #expect(published.count == 2)
    _ = connector
  }

  @Test("Connect, disconnect, release: everything deinitialises and no callback fires afterwards")
  func lifecycle() {
    weak var weakConnector: CurrentFiltersConnector?
    weak var weakInteractor: CurrentFiltersInteractor?
    weak var weakController: CurrentFilterListTableController?
    let filterState = FilterState()
    let tableView = UITableView()
    var reloadsAtRelease = 0
    do {
      let controller = CurrentFilterListTableController(tableView: tableView)
      var connector: CurrentFiltersConnector? = CurrentFiltersConnector(
        filterState: filterState, controller: controller)
      weakConnector = connector
      weakInteractor = connector?.interactor
      weakController = controller
      connector?.disconnect()
      filterState[and: "x"].add(Filter.Tag(value: "t"))
      #expect(controller.rows.isEmpty)
      connector?.connect()
      #expect(controller.rows == ["t"])
      reloadsAtRelease = tableView.reloads
      connector = nil
    }
    #expect(weakConnector == nil && weakInteractor == nil && weakController == nil)
    filterState.removeAll()
    #expect(tableView.reloads == reloadsAtRelease)
  }
}
