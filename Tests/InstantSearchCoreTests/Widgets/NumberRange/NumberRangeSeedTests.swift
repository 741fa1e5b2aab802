// swift-format-ignore-file: the seed examples are copied as the page writes them.

import InstantSearchCore
import InstantSearchTesting
import Testing

@MainActor
@Suite("Filter Numeric Range: the seed page", .timeLimit(.minutes(2)))
struct NumberRangeSeedTests {
  @Test("The seed's connector example, end to end on the embedded engine")
  func seedConnector() async throws {
    let searcher = try WidgetFixture.searcher()
    let filterState: FilterState = .init()
    let numberRangeController: RangeSliderController = .init(rangeSlider: .init())
    let numericRangeConnector: NumberRangeConnector<Double> = .init(
      searcher: searcher,
      filterState: filterState,
      attribute: "price",
      controller: numberRangeController)
    searcher.connectFilterState(filterState)
    searcher.search()
    await searcher.waitForResults()
    let slider = numberRangeController.rangeSlider
    #expect(slider.minimumValue == 10 && slider.maximumValue == 50)
    #expect(slider.lowerValue == 10 && slider.upperValue == 50)
    #expect(filterState.isEmpty)

    slider.drag(to: 15...30)
    #expect(filterState.description == #"( "price":15.0 TO 30.0 )"#)
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.nbHits == 3)
    // The bounds ignore the range's own filter, so the user can widen it again.
    #expect(slider.minimumValue == 10 && slider.maximumValue == 50)
    #expect(numericRangeConnector.interactor.item == 15...30)

    slider.drag(to: 10...50)
    #expect(filterState.isEmpty)
  }

  @Test("The seed's low-level example, with discarded connections that keep working")
  func seedLowLevel() async throws {
    let searcher = try WidgetFixture.searcher()
    let filterState: FilterState = .init()
    let numericRangeInteractor: NumberRangeInteractor<Double> = .init()
    let numberRangeController: RangeSliderController = .init(rangeSlider: .init())
    let priceAttribute: Attribute = "price"

    searcher.connectFilterState(filterState)
    numericRangeInteractor.connectFilterState(filterState, attribute: priceAttribute)
    numericRangeInteractor.connectSearcher(searcher, attribute: priceAttribute)
    numericRangeInteractor.connectController(numberRangeController)
    searcher.search()
    await searcher.waitForResults()
    #expect(numericRangeInteractor.bounds == 10...50)

    numberRangeController.rangeSlider.drag(to: 12...25)
    #expect(filterState.description == #"( "price":12.0 TO 25.0 )"#)
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.nbHits == 2)
    #expect(numberRangeController.rangeSlider.lowerValue == 12)
  }

  @Test("The seed's SwiftUI data model with Int: the stepper logic and the published state")
  func seedObservableController() async throws {
    let searcher = try WidgetFixture.searcher()
    let filterState = FilterState()
    let numberRangeController = NumberRangeObservableController<Int>()
    let connector = NumberRangeConnector<Int>(
      searcher: searcher, filterState: filterState, attribute: "price", controller: numberRangeController)
    searcher.connectFilterState(filterState)
    searcher.search()
    await searcher.waitForResults()
    #expect(numberRangeController.bounds == 10...50)
    #expect(numberRangeController.range == 10...50)
    // The first bounds are shown, not written (anchor bug §9.13).
    #expect(filterState.isEmpty)

    func makeRange(_ lowerBound: Int, _ upperBound: Int) -> ClosedRange<Int>? {
      if lowerBound < upperBound && numberRangeController.bounds.contains(lowerBound)
        && numberRangeController.bounds.contains(upperBound)
      {
        return lowerBound...upperBound
      } else {
        return nil
      }
    }
    let range = numberRangeController.range
    if let range = makeRange(range.lowerBound + 1, range.upperBound) {
      numberRangeController.range = range
    }
    #expect(filterState.description == #"( "price":11.0 TO 50.0 )"#)
    #expect(connector.interactor.item == 11...50)
    #expect(makeRange(5, 20) == nil)
  }
}
