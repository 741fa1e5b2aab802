import InstantSearchCore

/// Stands in for the seed's UIKit range slider: the four values the seed's controller sets.
@MainActor
final class RangeSlider {
  var lowerValue: Double = 0
  var upperValue: Double = 0
  var minimumValue: Double = 0
  var maximumValue: Double = 0
  var onValueChanged: (() -> Void)?

  /// The user drags the thumbs to `range` and lets go.
  func drag(to range: ClosedRange<Double>) {
    lowerValue = range.lowerBound
    upperValue = range.upperBound
    onValueChanged?()
  }
}

/// The seed's `RangeSliderController`, with a target-action replaced by a closure.
@MainActor
final class RangeSliderController: NumberRangeController {
  let rangeSlider: RangeSlider
  var onRangeChanged: ((ClosedRange<Double>) -> Void)?

  func setBounds(_ bounds: ClosedRange<Double>) {
    rangeSlider.minimumValue = bounds.lowerBound
    rangeSlider.maximumValue = bounds.upperBound
    setItem(bounds)
  }

  func setItem(_ item: ClosedRange<Double>) {
    rangeSlider.lowerValue = item.lowerBound
    rangeSlider.upperValue = item.upperBound
  }

  init(rangeSlider: RangeSlider) {
    self.rangeSlider = rangeSlider
    rangeSlider.onValueChanged = { [weak self] in self?.onValueChanged(sender: rangeSlider) }
  }

  func onValueChanged(sender: RangeSlider) {
    onRangeChanged?(sender.lowerValue...sender.upperValue)
  }
}

/// A range view that records every call it gets.
@MainActor
final class RecordingRangeController<Number: RangeNumber>: NumberRangeController {
  var onRangeChanged: ((ClosedRange<Number>) -> Void)?
  var boundsCalls: [ClosedRange<Number>] = []
  var itemCalls: [ClosedRange<Number>] = []
  var invalidations = 0

  func setBounds(_ bounds: ClosedRange<Number>) { boundsCalls.append(bounds) }
  func setItem(_ item: ClosedRange<Number>) { itemCalls.append(item) }
  func invalidate() { invalidations += 1 }
}

/// Responses carrying the given statistics for `price` (or none), one per call, the last one repeating.
func priceStatsResponses(_ stats: [FacetStats?]) -> @Sendable (Int) -> SearchResponse {
  { number in
    let entry = stats[min(number, stats.count) - 1]
    return SearchResponse(nbHits: 1, facetsStats: entry.map { ["price": $0] } ?? [:])
  }
}
