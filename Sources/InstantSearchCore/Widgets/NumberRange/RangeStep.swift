/// Rounds numbers to multiples of a step without decimal artifacts: with a step of `0.1`, `1.75` rounds down
/// to `1.7` (not `1.7000000000000002`) and `14.15` up to `14.2`, and `1.1` stays `1.1`.
///
/// A step with up to nine decimals is applied in integer units of its last decimal, then divided back once,
/// which gives the double nearest to the decimal result; a value within a billionth (relative) of a
/// multiple counts as that multiple, so binary noise never moves a bound by a whole step.
public enum RangeStep {
  /// `value` rounded to a multiple of `step` with `rule` (`.down` for a lower bound, `.up` for an upper
  /// one). A step that is not a positive finite number, or a value that is not finite, leaves the value
  /// unchanged.
  public static func round(_ value: Double, step: Double, _ rule: FloatingPointRoundingRule) -> Double {
    guard step > 0, step.isFinite, value.isFinite else { return value }
    guard let scale = decimalScale(of: step) else { return snapped(value / step).rounded(rule) * step }
    let units = (step * scale).rounded()
    let multiple = snapped(value * scale / units).rounded(rule)
    return multiple * units / scale
  }

  /// `10^d` for the fewest decimals `d` (at most 9) that make `step` whole, or `nil`.
  static func decimalScale(of step: Double) -> Double? {
    var scale = 1.0
    for _ in 0...9 {
      let scaled = step * scale
      if abs(scaled - scaled.rounded()) <= 1e-12 * max(1, abs(scaled)) { return scale }
      scale *= 10
    }
    return nil
  }

  /// `quotient`, or the whole number within a billionth (relative) of it.
  private static func snapped(_ quotient: Double) -> Double {
    let nearest = quotient.rounded()
    return abs(quotient - nearest) <= 1e-9 * max(1, abs(quotient)) ? nearest : quotient
  }
}
