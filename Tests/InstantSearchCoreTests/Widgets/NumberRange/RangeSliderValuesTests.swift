import InstantSearchCore
import Testing

@Suite("Range slider values")
struct RangeSliderValuesTests {
  @Test("Positions: the bounds span the track, the range sets the thumbs; the range alone before bounds")
  func positions() {
    var values = RangeSliderValues<Double>()
    #expect(!values.isEnabled)
    #expect(values.minimumValue == 0 && values.maximumValue == 0)
    values.setRange(10...20)
    #expect(values.minimumValue == 10 && values.maximumValue == 20)
    values.setBounds(0...100)
    #expect(values.minimumValue == 0 && values.maximumValue == 100)
    #expect(values.lowerValue == 10 && values.upperValue == 20)
    #expect(values.isEnabled)
    values.invalidate()
    #expect(values.extent == nil && !values.isEnabled)
    #expect(values.range(lower: 1, upper: 2, moved: .lower) == nil)
  }

  @Test("A thumb at either end means exactly that bound, not its Float approximation")
  func exactBounds() {
    // 3,498.9 is not a Float: Float(3498.9) is 3498.89990234375, which would leave out a 3,498.9 record.
    let values = RangeSliderValues<Double>(bounds: 8.32...3_498.9)
    let all = values.range(lower: values.minimumValue, upper: values.maximumValue, moved: .upper)
    #expect(all == 8.32...3_498.9)
    #expect(values.range(lower: -50, upper: 1e9, moved: .lower) == 8.32...3_498.9)
    let inside = values.range(lower: 100.5, upper: 200.25, moved: .lower)
    #expect(inside == 100.5...200.25)
  }

  @Test("Integers round to the nearest value and stay within the bounds")
  func integers() {
    let values = RangeSliderValues<Int>(bounds: 0...10)
    #expect(values.range(lower: 2.4, upper: 7.6, moved: .upper) == 2...8)
    #expect(values.range(lower: 2.5, upper: 7.5, moved: .upper) == 2...8)
    #expect(values.range(lower: 0.49, upper: 9.51, moved: .lower) == 0...10)
  }

  @Test("A thumb pushed past the other stops at it")
  func crossing() {
    let values = RangeSliderValues<Double>(bounds: 0...100, range: 20...40)
    #expect(values.range(lower: 60, upper: 40, moved: .lower) == 40...40)
    #expect(values.range(lower: 20, upper: 5, moved: .upper) == 20...20)
    #expect(values.range(lower: .nan, upper: 40, moved: .lower) == nil)
  }

  @Test("A move reports the new range once; the same positions again report nothing")
  func userMoves() {
    var values = RangeSliderValues<Int>(bounds: 0...10, range: 0...10)
    #expect(values.userMoved(lower: 3.2, upper: 10, moved: .lower) == 3...10)
    #expect(values.range == 3...10)
    #expect(values.lowerValue == 3)
    #expect(values.userMoved(lower: 2.9, upper: 10, moved: .lower) == nil)
    #expect(values.userMoved(lower: 3, upper: 4.4, moved: .upper) == 3...4)
  }
}
