/// A number a range widget works with: an integer or a floating-point type.
public protocol RangeNumber: Numeric, Comparable, Hashable, Sendable {
  /// The value as a `Double` (filters are written in doubles).
  var doubleValue: Double { get }
  /// The largest value not above `value` (integers floor).
  static func lowerBound(from value: Double) -> Self
  /// The smallest value not below `value` (integers ceil).
  static func upperBound(from value: Double) -> Self
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
