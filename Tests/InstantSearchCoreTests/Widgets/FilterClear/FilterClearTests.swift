import InstantSearchCore
import Testing

/// A clear button.
@MainActor
final class TestClearButton: FilterClearController {
  var onClick: (() -> Void)?
}

@MainActor
@Suite("Clear filters")
struct FilterClearTests {
  func filledState() -> FilterState {
    let state = FilterState()
    state[and: "tenant"].add(Filter.Facet(attribute: "tenant", stringValue: "acme"))
    state[or: "color"].add(Filter.Facet(attribute: "color", stringValue: "red"))
    state[and: "price"].add(Filter.Numeric(attribute: "price", range: 1...2))
    return state
  }

  @Test("Clear all, clear some, clear all but some — each one change")
  func modes() {
    let all = filledState()
    let button = TestClearButton()
    let connector = FilterClearConnector(filterState: all, controller: button)
    var changes = 0
    let token = all.onChange { _ in changes += 1 }
    button.onClick?()
    #expect(all.isEmpty && changes == 1)

    let some = filledState()
    FilterClearInteractor().clear()
    let specified = FilterClearConnector(filterState: some, filterGroupIDs: [.or(name: "color", filterType: .facet)])
    specified.interactor.clear()
    #expect(some.getGroupIDs() == [.and(name: "price"), .and(name: "tenant")])

    let except = filledState()
    let keepTenant = FilterClearConnector(
      filterState: except, filterGroupIDs: [.and(name: "tenant")], clearMode: .except)
    keepTenant.interactor.clear()
    #expect(except.description == #"( "tenant":"acme" )"#)
    _ = connector
    token.cancel()
  }

  @Test("A released connector stops clearing and lets its button go")
  func lifecycle() {
    let state = filledState()
    let button = TestClearButton()
    var connector: FilterClearConnector? = FilterClearConnector(filterState: state, controller: button)
    #expect(button.onClick != nil)
    connector = nil
    #expect(button.onClick == nil)
    #expect(!state.isEmpty)
    _ = connector
  }

  @Test("InstantSearch iOS's argument order (clearMode: before filterGroupIDs:) makes the same connector")
  func anchorArgumentOrder() {
    let filterState = FilterState()
    filterState[and: "color"].add(Filter.Facet(attribute: "color", stringValue: "red"))
    filterState[and: "size"].add(Filter.Facet(attribute: "size", stringValue: "M"))
    let connector = FilterClearConnector(
      filterState: filterState, clearMode: .except, filterGroupIDs: [.and(name: "size")])
    connector.interactor.clear()
    #expect(filterState.description == #"( "size":"M" )"#)
  }
}
