/// A row of rating stars as a control shows them (the UIKit `RatingControl`): one title per star (`★`,
/// `½` or `☆`), what a tap on a star makes the rating, and what VoiceOver reads — built here so that it
/// is tested on Linux.
public struct RatingStars: Hashable, Sendable {
  /// The rating shown, clamped to `0…maximum` (`0`: any rating).
  public let value: Double
  /// How many stars.
  public let maximum: Int

  /// Stars for `value` out of `maximum` (at least 1 star; a value not finite reads as 0).
  public init(value: Double, maximum: Int = 5) {
    self.maximum = max(1, maximum)
    self.value = value.isFinite ? min(max(value, 0), Double(self.maximum)) : 0
  }

  /// Each star's title, first to last: full up to the value, a half where it ends on .5 or more, then empty.
  public var titles: [String] {
    (0..<maximum).map { star in
      let filled = value - Double(star)
      return filled >= 1 ? "★" : filled >= 0.5 ? "½" : "☆"
    }
  }

  /// The rating after a tap on star `index` (from 0): that star's rating, or 0 (any rating) when it is
  /// the rating already; `nil` for a star that is not there.
  public func value(afterTapOn index: Int) -> Double? {
    guard (0..<maximum).contains(index) else { return nil }
    let tapped = Double(index + 1)
    return tapped == value ? 0 : tapped
  }

  /// What assistive technologies read: `★★★★☆ & up`, `Any rating`.
  public var accessibilityValue: String {
    DefaultPresenter.Rating.present(value > 0 ? value : nil, maximum: maximum)
  }
}
