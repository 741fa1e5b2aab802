#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// A row of star buttons for a minimum rating (InstantSearch iOS's `RatingControl`): ``value`` stars are
  /// full; a tap on a star sets the rating to it (or back to any rating when it is the rating already) and
  /// sends `.valueChanged`. What each star shows comes from ``RatingStars``.
  @MainActor
  open class RatingControl: UIControl {
    /// The rating, `0…maximumValue` (0: any rating).
    open var value: Double = 0 {
      didSet { refresh() }
    }
    /// How many stars.
    open var maximumValue: Int = 5 {
      didSet { rebuild() }
    }
    /// The star buttons, first to last.
    public private(set) var starButtons: [UIButton] = []
    private let stack = UIStackView(arrangedSubviews: [])

    /// A control of five empty stars (`RatingControl()` gives one of zero size).
    public override init(frame: CGRect) {
      super.init(frame: frame)
      setUp()
    }

    /// A control from a storyboard, five empty stars.
    public required init?(coder: NSCoder) {
      super.init(coder: coder)
      setUp()
    }

    private func setUp() {
      stack.axis = .horizontal
      addSubview(stack)
      rebuild()
    }

    private func rebuild() {
      for button in starButtons { button.removeFromSuperview() }
      starButtons = (0..<max(1, maximumValue)).map { index in
        let button = UIButton()
        button.addAction(
          UIAction { [weak self] _ in MainActor.assumeIsolated { self?.tapped(index) } }, for: .touchUpInside)
        stack.addArrangedSubview(button)
        return button
      }
      refresh()
    }

    private func refresh() {
      let stars = RatingStars(value: value, maximum: maximumValue)
      for (button, title) in zip(starButtons, stars.titles) { button.setTitle(title, for: .normal) }
      accessibilityValue = stars.accessibilityValue
    }

    private func tapped(_ index: Int) {
      guard let next = RatingStars(value: value, maximum: maximumValue).value(afterTapOn: index) else { return }
      value = next
      sendActions(for: .valueChanged)
    }
  }
#endif
