import InstantSearchCore
import Testing

@MainActor
@Suite("Filter Map: selection derived from the filter state")
struct FilterMapTests {
  let male = Filter.Facet(attribute: "gender", stringValue: "male")
  let female = Filter.Facet(attribute: "gender", stringValue: "female")
  var items: [Int: Filter.Facet] { [0: male, 1: female] }

  @Test("Selecting the selected segment again changes nothing")
  func reselectIsNoOp() {
    let filterState = FilterState()
    let interactor = FilterMapInteractor(items: items, selected: 0)
    interactor.connectFilterState(filterState, attribute: "gender", operator: .or)
    var changes = 0
    let token = filterState.onChange { _ in changes += 1 }
    interactor.select(0)
    #expect(changes == 0)
    #expect(filterState.contains(male))
    interactor.select(1)
    interactor.select(1)
    #expect(changes == 1)
    #expect(filterState.description == #"( "gender":"female" )"#)
    interactor.deselect()
    #expect(filterState.isEmpty && interactor.selected == nil)
    token.cancel()
  }

  @Test("Removed elsewhere, the selection becomes nil; added elsewhere, that key becomes selected")
  func derivedSelection() {
    let filterState = FilterState()
    let controller = SegmentedController<Filter.Facet>(segmentedControl: .init())
    let interactor = FilterMapInteractor(items: items, selected: 0)
    interactor.connectFilterState(filterState, attribute: "gender", operator: .and)
    interactor.connectController(controller)
    let current = CurrentFiltersInteractor()
    current.connectFilterState(filterState)
    current.remove(FilterAndID(filter: .facet(male), id: .and(name: "gender")))
    #expect(interactor.selected == nil)
    #expect(controller.selectedCalls.last == .some(nil))
    filterState[and: "gender"].add(female)
    #expect(interactor.selected == 1)
    #expect(controller.selectedTitle == "female")
  }

  @Test("Filters set before connecting win over the initial selection")
  func stateWinsAtConnect() {
    let filterState = FilterState()
    filterState[or: "gender"].add(female)
    let interactor = FilterMapInteractor(items: items, selected: 0)
    interactor.connectFilterState(filterState, attribute: "gender", operator: .or)
    #expect(interactor.selected == 1)
    #expect(filterState.description == #"( "gender":"female" )"#)
  }

  @Test("The map replaces only its own filters in a shared group")
  func ownFiltersOnly() {
    let filterState = FilterState()
    let other = Filter.Facet(attribute: "color", stringValue: "red")
    filterState[and: "shared"].add(other)
    let interactor = FilterMapInteractor(items: items, selected: 0)
    interactor.connectFilterState(filterState, attribute: "gender", operator: .and, groupName: "shared")
    interactor.select(1)
    #expect(filterState.getFilters(forGroupWithID: .and(name: "shared")).count == 2)
    #expect(filterState.contains(other) && filterState.contains(female) && !filterState.contains(male))
  }

  @Test("Numeric and tag maps: the presenter parameter names the module's Filter")
  func otherKinds() {
    let cheap = Filter.Numeric(attribute: "price", operator: .lessThan, value: 20)
    let dear = Filter.Numeric(attribute: "price", range: 20...100)
    let filterState = FilterState()
    let controller = SegmentedController<Filter.Numeric>(segmentedControl: .init())
    let interactor = FilterMapInteractor(items: [0: cheap, 1: dear])
    interactor.connectFilterState(filterState, attribute: "price", operator: .or)
    interactor.connectController(controller, presenter: DefaultPresenter.Filter.present)
    #expect(controller.segmentedControl.titles == ["price < 20.0", "price: 20.0 to 100.0"])
    #expect(filterState.isEmpty)
    controller.tap(position: 1)
    #expect(filterState.getGroupIDs() == [.or(name: "price", filterType: .numeric)])
  }

  @Test("The observable controller keeps keys, not positions (anchor §9.14), and publishes once")
  func observableController() {
    let filterState = FilterState()
    let interactor = FilterMapInteractor(items: [10: male, 20: female])
    interactor.connectFilterState(filterState, attribute: "gender", operator: .or)
    let controller = FilterMapObservableController()
    let published = PublicationCounter(controller)
    interactor.connectController(controller)
    #expect(controller.items == [10: "male", 20: "female"])
    #expect(published.count == 1)
    controller.select(20)
    #expect(controller.selected == 20)
    #expect(published.count == 2)
    #expect(filterState.contains(female))
  }

  @Test("Connect, disconnect, release: everything deinitialises and no callback fires afterwards")
  func lifecycle() async throws {
    weak var weakConnector: FilterMapConnector<Filter.Facet>?
    weak var weakInteractor: FilterMapInteractor<Filter.Facet>?
    weak var weakController: SegmentedController<Filter.Facet>?
    let searcher = try WidgetFixture.searcher()
    let filterState = FilterState()
    var callsAtRelease = 0
    var callsAfter = 0
    do {
      let controller = SegmentedController<Filter.Facet>(segmentedControl: .init())
      var connector: FilterMapConnector<Filter.Facet>? = FilterMapConnector(
        searcher: searcher, filterState: filterState, items: items, selected: 0, attribute: "gender",
        operator: .or, controller: controller)
      weakConnector = connector
      weakInteractor = connector?.interactor
      weakController = controller
      connector?.disconnect()
      #expect(searcher.request.facets == [])
      connector?.connect()
      #expect(searcher.request.facets == ["gender"])
      callsAtRelease = controller.selectedCalls.count
      connector = nil
      filterState[or: "gender"].add(female)
      callsAfter = controller.selectedCalls.count
    }
    #expect(weakConnector == nil && weakInteractor == nil && weakController == nil)
    #expect(searcher.request.facets == [])
    #expect(callsAfter == callsAtRelease)
  }
}
