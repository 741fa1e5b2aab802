import InstantSearchCore
import InstantSearchTesting
import Testing

@MainActor
@Suite("Filter numeric comparison: InstantSearch iOS's names")
struct NumberControllerNamesTests {
  /// Generic code as InstantSearch iOS apps write it: `where Controller.Item == Int`.
  func attach<Controller: NumberController>(_ controller: Controller, to interactor: NumberInteractor<Int>)
  where Controller.Item == Int {
    interactor.connectNumberController(controller)
  }

  @Test("connectNumberController connects a view, on the interactor and on the connector")
  func connectNumberController() {
    let filterState = FilterState()
    let interactor = NumberInteractor<Int>(item: 4)
    interactor.connectFilterState(filterState, attribute: "rating", numericOperator: .greaterThanOrEqual)
    let view = TestStepperController<Int>()
    attach(view, to: interactor)
    #expect(view.shown == 4)
    view.tapPlus()
    #expect(filterState.description == #"( "rating" >= 5.0 )"#)
    let connector = FilterComparisonConnector<Int>(
      filterState: filterState, attribute: "price", numericOperator: .lessThan, number: 10, operator: .and)
    let stepper = TestStepperController<Int>()
    connector.connectNumberController(stepper)
    #expect(stepper.shown == 10)
    // A second view replaces the first: the first no longer follows the number.
    let replacement = TestStepperController<Int>()
    connector.connectNumberController(replacement)
    replacement.tapPlus()
    #expect(replacement.shown == 11 && stepper.shown == 10)
    #expect(filterState.description == #"( "price" < 11.0 ) AND ( "rating" >= 5.0 )"#)
  }
}
