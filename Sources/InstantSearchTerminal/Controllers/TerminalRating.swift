import InstantSearchCore

/// A minimum rating as stars: `Rating: ★★★★☆ & up`; Right adds a star, Left removes one (below the
/// lowest, any rating), Space or Backspace clears.
@MainActor
public final class TerminalRating: NumberController, TerminalPanel {
  /// The minimum rating shown, `nil` for any.
  public private(set) var value: Int?
  /// The ratings the results have.
  public private(set) var bounds: ClosedRange<Int>?
  /// The most stars.
  public let maximum: Int
  private var computation: Computation<Int>?

  /// Creates a control out of `maximum` stars.
  public init(maximum: Int = 5) {
    self.maximum = maximum
  }

  /// Shows the minimum rating.
  public func setItem(_ item: Int) { value = item }

  /// Shows "any rating".
  public func invalidate() { value = nil }

  /// Keeps the bounds of the results.
  public func setBounds(bounds: ClosedRange<Int>?) { self.bounds = bounds }

  /// Keeps what the keys do.
  public func setComputation(computation: Computation<Int>) { self.computation = computation }

  /// Draws `Rating: ★★★★☆ & up` (or `any`).
  public func draw(into screen: inout ScreenBuffer, in rect: Rect, focused: Bool) {
    let used = screen.write("Rating: ", x: rect.x, y: rect.y, style: focused ? [.bold, .reverse] : [.bold])
    let stars = value.map { DefaultPresenter.Rating.present(Double($0), maximum: maximum) } ?? "any"
    screen.write(stars, x: rect.x + used, y: rect.y, width: rect.width - used)
  }

  /// Changes the minimum rating.
  public func handle(_ key: KeyEvent) -> Bool {
    let lowest = bounds?.lowerBound ?? 1
    switch key {
    case .right:
      if (value ?? 0) < min(maximum, bounds?.upperBound ?? maximum) {
        computation?.increment(step: 1, default: lowest)
      }
    case .left:
      if let value, value > lowest {
        computation?.decrement(step: 1, default: lowest)
      } else {
        computation?.just(value: nil)
      }
    case .space, .backspace, .delete: computation?.just(value: nil)
    default: return false
    }
    return true
  }
}
