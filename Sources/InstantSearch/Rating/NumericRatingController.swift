#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// A minimum rating in a ``RatingControl`` (InstantSearch iOS's `NumericRatingController`): it shows the
  /// number compared with, its upper bound sets the number of stars, and a tap writes the new rating to the
  /// filter state (InstantSearch iOS's controller never did: its taps changed nothing).
  ///
  /// ```swift
  /// let ratingController = NumericRatingController(ratingControl: RatingControl())
  /// let connector = FilterComparisonConnector<Double>(
  ///   searcher: searcher, filterState: filterState, attribute: "rating", numericOperator: .greaterThanOrEqual,
  ///   controller: ratingController)
  /// ```
  @MainActor
  open class NumericRatingController: NSObject, NumberController {
    /// The stars.
    public let ratingControl: RatingControl
    private var computation: Computation<Double>?

    /// Shows the rating in `ratingControl`.
    public init(ratingControl: RatingControl = RatingControl()) {
      self.ratingControl = ratingControl
      super.init()
      let action = UIAction { [weak self] _ in
        MainActor.assumeIsolated { self?.changed() }
      }
      ratingControl.addAction(action, for: .valueChanged)
    }

    /// Shows the rating.
    open func setItem(_ item: Double) {
      ratingControl.value = item
    }

    /// Keeps what a tap does.
    open func setComputation(computation: Computation<Double>) {
      self.computation = computation
    }

    /// The upper bound is the number of stars.
    open func setBounds(bounds: ClosedRange<Double>?) {
      guard let upper = bounds?.upperBound, upper.isFinite, upper >= 1, upper <= 100 else { return }
      ratingControl.maximumValue = Int(upper.rounded(.up))
    }

    /// No rating: every star empty.
    open func invalidate() {
      ratingControl.value = 0
    }

    private func changed() {
      computation?.just(value: ratingControl.value)
    }
  }
#endif
