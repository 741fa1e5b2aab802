// swift-format-ignore-file: the seed examples are copied as the page writes them.

import InstantSearchCore
import InstantSearchEngine
import Testing

@MainActor
@Suite("Refinement list (FacetList)", .timeLimit(.minutes(2)))
struct FacetListTests {
  @Test("The seed's connector example, end to end on the embedded engine")
  func seedConnector() async throws {
    let searcher = try WidgetFixture.searcher()
    let filterState: FilterState = .init()
    let categoryListController = TestFacetListController()
    let facetListPresenter: FacetListPresenter = .init(
      sortBy: [.count(order: .descending)], limit: 5, showEmptyFacets: false)

    let categoryConnector: FacetListConnector = .init(
      searcher: searcher,
      filterState: filterState,
      attribute: "category",
      selectionMode: .multiple,
      facets: [.init(value: "initial facet", count: 10)],
      operator: .and,
      controller: categoryListController,
      presenter: facetListPresenter)
    // The initial facets show before any result.
    #expect(categoryListController.shown == ["initial facet (10)"])
    searcher.connectFilterState(filterState)
    searcher.search()
    await searcher.waitForResults()
    #expect(categoryListController.shown == ["Hats (2)", "Shirts (2)", "Shoes (1)"])

    categoryListController.click("Shoes")
    #expect(filterState.description == #"( "category":"Shoes" )"#)
    await searcher.waitForResults()
    #expect(categoryListController.shown == ["Shoes (1) ✓"])
    #expect(categoryConnector.interactor.selections == ["Shoes"])
  }

  @Test("Without a filter state the connector makes its own and the searcher follows it; disconnect ends that")
  func ownFilterState() async throws {
    let searcher = try WidgetFixture.searcher()
    let controller = TestFacetListController()
    let connector = FacetListConnector(searcher: searcher, attribute: "category", operator: .or)
    connector.connectController(controller)
    searcher.search()
    await searcher.waitForResults()
    controller.click("Shoes")
    #expect(connector.filterState.description == #"( "category":"Shoes" )"#)
    await searcher.waitForResults()
    #expect(controller.shown == ["Hats (2)", "Shirts (2)", "Shoes (1) ✓"])
    #expect(searcher.latestResponse?.nbHits == 1)
    connector.disconnect()
    connector.filterState.removeAll()
    searcher.search()
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.nbHits == 1)
  }

  @Test("The seed's low-level example, with discarded connections that keep working")
  func seedLowLevel() async throws {
    let searcher = try WidgetFixture.searcher()
    let filterState: FilterState = .init()
    let facetListInteractor: FacetListInteractor = .init(
      facets: [.init(value: "initial facet", count: 10)], selectionMode: .multiple)
    let categoryListController = TestFacetListController()
    let facetListPresenter: FacetListPresenter = .init(
      sortBy: [.count(order: .descending)], limit: 5, showEmptyFacets: false)

    facetListInteractor.connectSearcher(searcher, with: "color")
    facetListInteractor.connectFilterState(filterState, with: "color", operator: .or)
    facetListInteractor.connectController(categoryListController, with: facetListPresenter)
    searcher.connectFilterState(filterState)
    searcher.search()
    await searcher.waitForResults()
    #expect(categoryListController.shown == ["blue (2)", "red (2)", "green (1)"])

    // Two clicks in a row both count; with `or`, the counts stay disjunctive.
    categoryListController.click("red")
    categoryListController.click("green")
    #expect(filterState.description == #"( "color":"green" OR "color":"red" )"#)
    await searcher.waitForResults()
    #expect(categoryListController.shown == ["blue (2)", "red (2) ✓", "green (1) ✓"])
    #expect(searcher.latestResponse?.nbHits == 3)
  }

  @Test("Filters set before connecting show as selected at once; a numeric facet filter selects its key")
  func preselection() throws {
    let searcher = try WidgetFixture.searcher()
    let filterState = FilterState()
    filterState[and: "size"].add(Filter.Facet(attribute: "size", floatValue: 5))
    let controller = TestFacetListController()
    _ = FacetListConnector(
      searcher: searcher, filterState: filterState, attribute: "size", operator: .and, controller: controller)
    #expect(controller.shown == ["5 (0) ✓"])
  }

  @Test("Single selection keeps one value; selecting it again clears it")
  func singleSelection() throws {
    let filterState = FilterState()
    let interactor = FacetListInteractor(
      facets: [.init(value: "a", count: 1), .init(value: "b", count: 1)], selectionMode: .single)
    interactor.connectFilterState(filterState, with: "letter", operator: .or)
    interactor.toggle("a")
    interactor.toggle("b")
    #expect(interactor.selections == ["b"])
    #expect(filterState.description == #"( "letter":"b" )"#)
    interactor.toggle("b")
    #expect(filterState.isEmpty)
    // Values added elsewhere do not break single selection (anchor §9.16): one shows as selected, and the
    // next selection replaces them all.
    filterState[or: "letter"].add(
      Filter.Facet(attribute: "letter", stringValue: "a"), Filter.Facet(attribute: "letter", stringValue: "b"))
    #expect(interactor.selections == ["a"])
    interactor.toggle("c")
    #expect(filterState.description == #"( "letter":"c" )"#)
  }

  @Test("A list touches only its own filters in a shared group")
  func sharedGroup() throws {
    let filterState = FilterState()
    let colors = FacetListInteractor(facets: [.init(value: "red", count: 1)])
    let sizes = FacetListInteractor(facets: [.init(value: "M", count: 1)])
    colors.connectFilterState(filterState, with: "color", operator: .and, groupName: "filters")
    sizes.connectFilterState(filterState, with: "size", operator: .and, groupName: "filters")
    let price = NumberRangeInteractor<Int>(bounds: 0...100)
    price.connectFilterState(filterState, attribute: "price", groupName: "filters")
    price.applyRange(10...20)
    filterState[and: "filters"].add(Filter.Facet(attribute: "brand", stringValue: "red"))
    sizes.toggle("M")
    colors.toggle("red")
    #expect(colors.selections == ["red"])
    #expect(sizes.selections == ["M"])
    colors.toggle("red")
    #expect(
      filterState.description == #"( "brand":"red" AND "price":10.0 TO 20.0 AND "size":"M" )"#)
    #expect(colors.selections.isEmpty)
  }

  @Test("AND with multiple selection keeps every value and requests them all")
  func andMultiple() async throws {
    let (searcher, client) = try WidgetFixture.recordingSearcher()
    let filterState = FilterState()
    searcher.connectFilterState(filterState)
    let controller = TestFacetListController()
    let connector = FacetListConnector(
      searcher: searcher, filterState: filterState, attribute: "color", operator: .and, controller: controller)
    searcher.search()
    await searcher.waitForResults()
    controller.click("red")
    controller.click("blue")
    #expect(connector.interactor.selections == ["red", "blue"])
    await searcher.waitForResults()
    let sent = try #require(client.calls.last?.queries.first?.query.filters)
    #expect(sent == #"( "color":"blue" AND "color":"red" )"#)
    #expect(searcher.latestResponse?.nbHits == 0)
  }

  @Test("Without a presenter, values come in a stable order: count, then value (anchor §9.16)")
  func orderWithoutPresenter() async throws {
    let searcher = try WidgetFixture.searcher()
    let interactor = FacetListInteractor()
    interactor.connectSearcher(searcher, with: "color")
    let controller = TestFacetListController()
    interactor.connectController(controller)
    searcher.search()
    await searcher.waitForResults()
    #expect(controller.shown == ["blue (2)", "red (2)", "green (1)"])
  }

  @Test("A selected value never disappears: count 0 when missing, never cut by limit or showEmptyFacets")
  func selectedStays() throws {
    let filterState = FilterState()
    filterState[or: "color"].add(Filter.Facet(attribute: "color", stringValue: "teal"))
    let interactor = FacetListInteractor(facets: [.init(value: "red", count: 9), .init(value: "blue", count: 3)])
    interactor.connectFilterState(filterState, with: "color", operator: .or)
    let controller = TestFacetListController()
    interactor.connectController(controller, with: FacetListPresenter(limit: 1, showEmptyFacets: false))
    #expect(controller.shown == ["red (9)", "teal (0) ✓"])
  }

  @Test("persistentSelection: false lists only the results' values; the filter stays; one redraw per change")
  func persistentSelectionOff() throws {
    let filterState = FilterState()
    let teal = Filter.Facet(attribute: "color", stringValue: "teal")
    filterState[or: "color"].add(teal)
    let interactor = FacetListInteractor(facets: [.init(value: "red", count: 9)], persistentSelection: false)
    interactor.connectFilterState(filterState, with: "color", operator: .or)
    let controller = TestFacetListController()
    interactor.connectController(controller)
    #expect(controller.shown == ["red (9)"])
    #expect(filterState.filters.contains(teal))
    let reloads = controller.reloads
    interactor.persistentSelection = true
    #expect(controller.shown == ["red (9)", "teal (0) ✓"] && controller.reloads == reloads + 1)
    interactor.persistentSelection = true
    #expect(controller.reloads == reloads + 1)
  }

  @Test("Presenter order is total and stable: criteria, then value without case or diacritics, then raw")
  func presenterOrder() {
    let facets = ["Äpfel", "apple", "Apple", "banana", "apfel"].map { Facet(value: $0, count: 1) }
    let presenter = FacetListPresenter(sortBy: [.count(order: .descending)])
    for order in [facets, facets.reversed(), facets.shuffled()] {
      let shown = presenter.present(order.map { SelectableItem(item: $0, isSelected: false) }).map(\.item.value)
      #expect(shown == ["apfel", "Äpfel", "Apple", "apple", "banana"])
    }
    let refinedFirst = FacetListPresenter(sortBy: [.isRefined, .alphabetical(order: .descending)])
    let items = [
      SelectableItem(item: Facet(value: "a", count: 5), isSelected: false),
      SelectableItem(item: Facet(value: "b", count: 1), isSelected: true),
      SelectableItem(item: Facet(value: "c", count: 3), isSelected: false),
    ]
    #expect(refinedFirst.present(items).map(\.item.value) == ["b", "c", "a"])
    #expect(FacetListPresenter().sortBy == [.count(order: .descending)])
    #expect(FacetListPresenter().limit == 10)
    #expect(FacetListPresenter().showEmptyFacets)
  }

  @Test("Connect, disconnect, release: everything deinitialises and no callback fires afterwards")
  func lifecycle() async throws {
    weak var weakConnector: FacetListConnector?
    weak var weakInteractor: FacetListInteractor?
    weak var weakController: TestFacetListController?
    let searcher = try WidgetFixture.searcher()
    let filterState = FilterState()
    var reloadsAfter = 0
    do {
      let controller = TestFacetListController()
      var connector: FacetListConnector? = FacetListConnector(
        searcher: searcher, filterState: filterState, attribute: "color", operator: .or, controller: controller)
      weakConnector = connector
      weakInteractor = connector?.interactor
      weakController = controller
      connector?.disconnect()
      reloadsAfter = controller.reloads
      connector = nil
    }
    #expect(weakConnector == nil)
    #expect(weakInteractor == nil)
    #expect(weakController == nil)
    filterState[or: "color"].add(Filter.Facet(attribute: "color", stringValue: "red"))
    searcher.search()
    await searcher.waitForResults()
    #expect(reloadsAfter == 1)
    #expect(searcher.request.facets == [])
  }

  @Test("The observable controller publishes once per change")
  func observableController() {
    let interactor = FacetListInteractor(facets: [.init(value: "red", count: 2)])
    let controller = FacetListObservableController()
    let publishes = PublicationCounter(controller)
    interactor.connectController(controller)
    #expect(publishes.count == 1)
    #expect(controller.facets == [Facet(value: "red", count: 2)])
    controller.toggle(Facet(value: "red", count: 2))
    #expect(publishes.count == 2)
    #expect(controller.isSelected(Facet(value: "red", count: 2)))
  }
}
