/// A numeric range as two slider controls show it (one for the lower bound, one for the upper), and the
/// way back from the positions the user chose to a range of `Number`.
///
/// Slider controls hold `Float` positions between a minimum and a maximum. The positions here are the
/// bounds (minimum and maximum) and the range (each slider's value); before any bounds, the range itself
/// is the extent. Going back, a slider at either end of its track means exactly that bound — not its
/// `Float` approximation, which could leave out the record holding the maximum — integers are rounded to
/// the nearest value (half-way: the one that widens the range), positions are kept within the bounds, and
/// a slider pushed past the other stops at it.
/// The UIKit `NumberRangeSlidersController` and any custom slider view use it.
public struct RangeSliderValues<Number: RangeNumber>: Hashable, Sendable {
  /// Which slider the user moved.
  public enum Thumb: Hashable, Sendable {
    /// The slider of the lower bound.
    case lower
    /// The slider of the upper bound.
    case upper
  }

  /// The bounds pushed by the connection (`nil` until known).
  public private(set) var bounds: ClosedRange<Number>?
  /// The range shown (`nil` until known).
  public private(set) var range: ClosedRange<Number>?

  /// Creates values showing `range` within `bounds`.
  public init(bounds: ClosedRange<Number>? = nil, range: ClosedRange<Number>? = nil) {
    self.bounds = bounds
    self.range = range
  }

  /// Takes new bounds.
  public mutating func setBounds(_ bounds: ClosedRange<Number>) { self.bounds = bounds }

  /// Takes a new range to show.
  public mutating func setRange(_ range: ClosedRange<Number>) { self.range = range }

  /// Forgets the bounds and the range (nothing to show).
  public mutating func invalidate() {
    bounds = nil
    range = nil
  }

  /// What the sliders span: the bounds, else the range.
  public var extent: ClosedRange<Number>? { bounds ?? range }

  /// The sliders' minimum (0 when nothing is known).
  public var minimumValue: Float { extent.map { Float($0.lowerBound.doubleValue) } ?? 0 }
  /// The sliders' maximum (0 when nothing is known).
  public var maximumValue: Float { extent.map { Float($0.upperBound.doubleValue) } ?? 0 }
  /// The lower slider's position.
  public var lowerValue: Float { (range ?? extent).map { Float($0.lowerBound.doubleValue) } ?? 0 }
  /// The upper slider's position.
  public var upperValue: Float { (range ?? extent).map { Float($0.upperBound.doubleValue) } ?? 0 }
  /// Whether there is anything to choose: an extent wider than one value.
  public var isEnabled: Bool { extent.map { $0.lowerBound < $0.upperBound } ?? false }

  /// The range the sliders at `lower` and `upper` stand for, after the user moved `moved`; `nil` when
  /// there is no extent or a position is not a number.
  public func range(lower: Float, upper: Float, moved: Thumb) -> ClosedRange<Number>? {
    guard let extent, !lower.isNaN, !upper.isNaN else { return nil }
    var low = number(at: lower, in: extent, tieGoesDown: true)
    var high = number(at: upper, in: extent, tieGoesDown: false)
    if low > high {
      switch moved {
      case .lower: low = high
      case .upper: high = low
      }
    }
    return low...high
  }

  /// Applies the user's move: the new range when it differs from the one shown (and then shows it), or
  /// `nil` when nothing changes.
  public mutating func userMoved(lower: Float, upper: Float, moved: Thumb) -> ClosedRange<Number>? {
    guard let chosen = range(lower: lower, upper: upper, moved: moved), chosen != range else { return nil }
    range = chosen
    return chosen
  }

  /// The number at a slider position: exactly a bound at either end, else the nearest `Number`; half-way
  /// between two, the one that widens the range (down for the lower thumb, up for the upper).
  private func number(at position: Float, in extent: ClosedRange<Number>, tieGoesDown: Bool) -> Number {
    if position <= Float(extent.lowerBound.doubleValue) { return extent.lowerBound }
    if position >= Float(extent.upperBound.doubleValue) { return extent.upperBound }
    let value = Double(position)
    let below = Number.lowerBound(from: value)
    let above = Number.upperBound(from: value)
    let down = value - below.doubleValue
    let up = above.doubleValue - value
    let nearest = down < up || (down == up && tieGoesDown) ? below : above
    return min(max(nearest, extent.lowerBound), extent.upperBound)
  }
}
