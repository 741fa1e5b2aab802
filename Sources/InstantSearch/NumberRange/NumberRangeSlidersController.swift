#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
  import UIKit
  import InstantSearchCore

  /// A numeric range on two `UISlider`s, one for each end: the tracks span the bounds, the thumbs show
  /// the range, and letting go of a thumb applies the new range.
  ///
  /// Connect it like any ``NumberRangeController``:
  ///
  /// ```swift
  /// let priceSliders = NumberRangeSlidersController<Double>()
  /// let connector = NumberRangeConnector<Double>(searcher: searcher, filterState: filterState,
  ///                                              attribute: "price", controller: priceSliders)
  /// ```
  ///
  /// Positions and the way back to a range come from ``RangeSliderValues``: a thumb at the end of its
  /// track means exactly that bound, integers round to the nearest value, and a thumb pushed past the
  /// other stops at it. The sliders report only when released (`isContinuous` is turned off), so a drag
  /// searches once. UIKit has no two-thumb slider; put the two sliders where they read best.
  @MainActor
  open class NumberRangeSlidersController<Number: RangeNumber>: NSObject, NumberRangeController {
    /// Set by the connection: what a range chosen by the user does.
    public var onRangeChanged: ((ClosedRange<Number>) -> Void)?
    /// The slider of the lower end.
    public let lowerSlider: UISlider
    /// The slider of the upper end.
    public let upperSlider: UISlider
    /// The bounds and the range shown.
    public private(set) var values = RangeSliderValues<Number>()

    /// Shows the range on `lowerSlider` and `upperSlider`.
    public init(lowerSlider: UISlider = UISlider(), upperSlider: UISlider = UISlider()) {
      self.lowerSlider = lowerSlider
      self.upperSlider = upperSlider
      super.init()
      let thumbs: [(UISlider, RangeSliderValues<Number>.Thumb)] = [(lowerSlider, .lower), (upperSlider, .upper)]
      for (slider, thumb) in thumbs {
        slider.isContinuous = false
        let action = UIAction { [weak self] _ in
          MainActor.assumeIsolated { self?.userMoved(thumb) }
        }
        slider.addAction(action, for: .valueChanged)
      }
      show()
    }

    /// Spans the tracks over `bounds`.
    open func setBounds(_ bounds: ClosedRange<Number>) {
      values.setBounds(bounds)
      show()
    }

    /// Moves the thumbs to `item`.
    open func setItem(_ item: ClosedRange<Number>) {
      values.setRange(item)
      show()
    }

    /// Nothing to show: the sliders are disabled.
    open func invalidate() {
      values.invalidate()
      show()
    }

    private func show() {
      for slider in [lowerSlider, upperSlider] {
        slider.minimumValue = values.minimumValue
        slider.maximumValue = values.maximumValue
        slider.isEnabled = values.isEnabled
      }
      lowerSlider.value = values.lowerValue
      upperSlider.value = values.upperValue
    }

    private func userMoved(_ thumb: RangeSliderValues<Number>.Thumb) {
      let chosen = values.userMoved(lower: lowerSlider.value, upper: upperSlider.value, moved: thumb)
      show()
      if let chosen { onRangeChanged?(chosen) }
    }
  }
#endif
