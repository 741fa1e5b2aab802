import InstantSearchCore
import Testing

@MainActor
@Suite("Clear filters: the observable controller")
struct FilterClearObservableControllerTests {
  @Test("clear() clears the connected groups in one change and never publishes; disconnected, it does nothing")
  func clears() {
    let state = FilterState()
    state[and: "tenant"].add(Filter.Facet(attribute: "tenant", stringValue: "acme"))
    state[or: "color"].add(Filter.Facet(attribute: "color", stringValue: "red"))
    let controller = FilterClearObservableController()
    let counter = PublicationCounter(controller)
    let connector = FilterClearConnector(
      filterState: state, clearMode: .except, filterGroupIDs: [.and(name: "tenant")], controller: controller)
    var changes = 0
    let token = state.onChange { _ in changes += 1 }
    controller.clear()
    #expect(state.filters.count == 1 && changes == 1 && counter.count == 0)
    connector.disconnect()
    state[or: "color"].add(Filter.Facet(attribute: "color", stringValue: "blue"))
    controller.clear()
    #expect(state.filters.count == 2)
    token.cancel()
  }
}
