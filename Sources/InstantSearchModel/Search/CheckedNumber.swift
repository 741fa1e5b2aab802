/// The one conversion of numbers that come from outside — request bodies, `params` strings, cursors,
/// files — into the numbers the engine and the server compute with.
///
/// A JSON number is a `Double`: `1e300`, `-inf` (in a `params` string), `nan` or `2.5` converted with
/// `Int(_:)` stops the process. Every such number goes through here instead, and a value that is not
/// finite, not whole where a whole number is meant, or outside the range the parameter accepts is a
/// ``ResponseDecodingError`` naming the parameter (answered as a 400 by the server).
public enum CheckedNumber {
  /// `value` as an integer in `range`.
  ///
  /// - Parameters:
  ///   - value: a JSON number, or a string holding a decimal integer (as `params` strings and some clients
  ///     send numbers).
  ///   - parameter: the parameter's name, used in the error.
  ///   - range: what the parameter accepts.
  /// - Throws: ``ResponseDecodingError`` when `value` is not a whole number in `range`.
  public static func integer(
    _ value: JSON, _ parameter: String, in range: ClosedRange<Int> = Int.min...Int.max
  ) throws(ResponseDecodingError) -> Int {
    let integer: Int
    switch value {
    case .number(let number):
      // `Int(exactly:)` refuses NaN, ±inf, fractions and anything past Int's range without trapping.
      guard let exact = Int(exactly: number) else { throw outside(parameter, range, value) }
      integer = exact
    case .string(let text):
      guard let parsed = Int(text.trimmingSpaces) else { throw outside(parameter, range, value) }
      integer = parsed
    default:
      throw ResponseDecodingError(path: parameter, message: "expected an integer, found \(value.preview)")
    }
    guard range.contains(integer) else { throw outside(parameter, range, value) }
    return integer
  }

  /// Every finite `Double`.
  public static let finite: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude

  /// `value` when it is finite and in `range`.
  ///
  /// - Throws: ``ResponseDecodingError`` naming `parameter` for NaN, ±inf or a value outside `range`.
  public static func double(
    _ value: Double, _ parameter: String,
    in range: ClosedRange<Double> = CheckedNumber.finite
  ) throws(ResponseDecodingError) -> Double {
    guard value.isFinite, range.contains(value) else {
      throw ResponseDecodingError(
        path: parameter,
        message: "expected a number from \(JSONText.number(range.lowerBound)) to "
          + "\(JSONText.number(range.upperBound)), found \(JSONText.number(value))")
    }
    return value
  }

  /// A latitude in degrees: finite and within −90…90.
  public static func latitude(_ value: Double, _ parameter: String) throws(ResponseDecodingError) -> Double {
    try double(value, parameter, in: -90...90)
  }

  /// A longitude in degrees: finite and within −180…180.
  public static func longitude(_ value: Double, _ parameter: String) throws(ResponseDecodingError) -> Double {
    try double(value, parameter, in: -180...180)
  }

  private static func outside(_ parameter: String, _ range: ClosedRange<Int>, _ value: JSON) -> ResponseDecodingError {
    let bounds: String
    switch (range.lowerBound == Int.min, range.upperBound == Int.max) {
    case (true, true): bounds = "an integer"
    case (false, true): bounds = "an integer of at least \(range.lowerBound)"
    case (true, false): bounds = "an integer of at most \(range.upperBound)"
    case (false, false): bounds = "an integer from \(range.lowerBound) to \(range.upperBound)"
    }
    return ResponseDecodingError(path: parameter, message: "expected \(bounds), found \(value.preview)")
  }
}
