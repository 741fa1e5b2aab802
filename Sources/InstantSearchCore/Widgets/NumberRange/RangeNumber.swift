/// A number a range widget works with: an integer or a floating-point type.
public protocol RangeNumber: Numeric, Comparable, Hashable, Sendable {
  /// The value as a `Double` (filters are written in doubles).
  var doubleValue: Double { get }
  /// The largest value not above `value` (integers floor).
  static func lowerBound(from value: Double) -> Self
  /// The smallest value not below `value` (integers ceil).
  static func upperBound(from value: Double) -> Self
}

extension RangeNumber {
  /// The bounds the `facets_stats` of `attribute` in `response` give, widened to `step` when given (the
  /// minimum rounded down to a multiple, the maximum up; integers floor the minimum and ceil the maximum);
  /// `nil` when the response has no finite statistics for it.
  static func statisticsBounds(of response: SearchResponse, attribute: Attribute, step: Double?) -> ClosedRange<Self>? {
    guard let stats = response.facetsStats[attribute.rawValue], stats.min.isFinite, stats.max.isFinite,
      stats.min <= stats.max
    else { return nil }
    var low = stats.min
    var high = stats.max
    if let step {
      low = RangeStep.round(low, step: step, .down)
      high = RangeStep.round(high, step: step, .up)
    }
    return lowerBound(from: low)...upperBound(from: high)
  }
}

extension Double: RangeNumber {
  /// The value itself.
  public var doubleValue: Double { self }
  /// The value itself.
  public static func lowerBound(from value: Double) -> Double { value }
  /// The value itself.
  public static func upperBound(from value: Double) -> Double { value }
}

extension Float: RangeNumber {
  /// The value as a `Double`.
  public var doubleValue: Double { Double(self) }
  /// The value rounded down to a `Float`.
  public static func lowerBound(from value: Double) -> Float {
    let nearest = Float(value)
    return Double(nearest) > value ? nearest.nextDown : nearest
  }
  /// The value rounded up to a `Float`.
  public static func upperBound(from value: Double) -> Float {
    let nearest = Float(value)
    return Double(nearest) < value ? nearest.nextUp : nearest
  }
}

extension Int: RangeNumber {
  /// The value as a `Double`.
  public var doubleValue: Double { Double(self) }
  /// The floor, clamped to `Int`'s range.
  public static func lowerBound(from value: Double) -> Int { Int(clamping: value.rounded(.down)) }
  /// The ceiling, clamped to `Int`'s range.
  public static func upperBound(from value: Double) -> Int { Int(clamping: value.rounded(.up)) }
}

extension Int {
  /// An integer from a double, clamped to `Int`'s range (NaN is 0).
  init(clamping value: Double) {
    if value.isNaN {
      self = 0
    } else if value >= Double(Int.max) {
      self = .max
    } else if value <= Double(Int.min) {
      self = .min
    } else {
      self = Int(value)
    }
  }
}
