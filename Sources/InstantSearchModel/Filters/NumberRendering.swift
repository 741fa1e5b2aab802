/// How numbers are written in a `filters` string, in facet values and in descriptions.
///
/// The rules, independent of locale:
/// - integral values keep one decimal: `10.0`, `-3.0`;
/// - other values use the shortest digits that read back as the same `Double`: `10.5`,
///   `0.30000000000000004`;
/// - never an exponent: `1e16` is `10000000000000000.0`, `1e-7` is `0.0000001`;
/// - `-0.0` is written `0.0`;
/// - NaN and the infinities have no spelling in Algolia's filter grammar: ``render(_:)`` returns `nil` for
///   them, and ``Filters`` refuses filters that hold them (see ``Filter/isRenderable``).
public enum NumberRendering {
  /// The canonical text of a finite number, or `nil` for NaN and the infinities.
  public static func render(_ value: Double) -> String? {
    guard value.isFinite else { return nil }
    if value == 0 { return "0.0" }
    let shortest = value.description
    guard let exponentMark = shortest.utf8.firstIndex(of: UInt8(ascii: "e")) else {
      return shortest
    }
    let mantissa = shortest[..<exponentMark]
    let exponentText = shortest[shortest.utf8.index(after: exponentMark)...]
    guard let exponent = Int(exponentText) else { return shortest }
    return expand(mantissa: Substring(mantissa), exponent: exponent)
  }

  /// The canonical text of any number: ``render(_:)`` for finite values, `nan`, `inf` or `-inf` otherwise.
  /// For human-readable descriptions only; never part of a `filters` string.
  public static func describe(_ value: Double) -> String {
    if let text = render(value) { return text }
    if value.isNaN { return "nan" }
    return value < 0 ? "-inf" : "inf"
  }

  /// Writes `mantissa × 10^exponent` in positional notation.
  private static func expand(mantissa: Substring, exponent: Int) -> String {
    var isNegative = false
    var digits: [UInt8] = []
    var integerDigitCount = 0
    var seenPoint = false
    for byte in mantissa.utf8 {
      switch byte {
      case UInt8(ascii: "-"): isNegative = true
      case UInt8(ascii: "."): seenPoint = true
      default:
        digits.append(byte)
        if !seenPoint { integerDigitCount += 1 }
      }
    }
    while digits.count > 1, digits.last == UInt8(ascii: "0"), digits.count > integerDigitCount {
      digits.removeLast()
    }
    let pointPosition = integerDigitCount + exponent
    var output: [UInt8] = isNegative ? [UInt8(ascii: "-")] : []
    if pointPosition <= 0 {
      output.append(contentsOf: Array("0.".utf8))
      output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: -pointPosition))
      output.append(contentsOf: digits)
    } else if pointPosition >= digits.count {
      output.append(contentsOf: digits)
      output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: pointPosition - digits.count))
      output.append(contentsOf: Array(".0".utf8))
    } else {
      output.append(contentsOf: digits[..<pointPosition])
      output.append(UInt8(ascii: "."))
      output.append(contentsOf: digits[pointPosition...])
    }
    return String(decoding: output, as: UTF8.self)
  }
}

extension Filter {
  /// Whether every number in the filter is finite, so that it can be written in a `filters` string.
  ///
  /// ``Filters`` and `FilterState` refuse filters for which this is `false`: adding one changes nothing
  /// and notifies nobody. Use ``validated()`` to get a typed error instead.
  public var isRenderable: Bool {
    switch self {
    case .facet(let facet):
      if case .number(let number) = facet.value { return number.isFinite }
      return true
    case .numeric(let numeric):
      switch numeric.value {
      case .range(let range): return range.lowerBound.isFinite && range.upperBound.isFinite
      case .comparison(_, let value): return value.isFinite
      }
    case .tag:
      return true
    }
  }

  /// Returns the filter, or throws ``FilterValidationError`` when it holds NaN or an infinity.
  public func validated() throws(FilterValidationError) -> Filter {
    guard isRenderable else { throw FilterValidationError.nonFiniteNumber(self) }
    return self
  }
}

/// Why a filter cannot be part of a `filters` string.
public enum FilterValidationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The filter holds NaN or an infinity, which Algolia's filter grammar cannot express.
  case nonFiniteNumber(Filter)

  /// A message naming the filter and the problem.
  public var description: String {
    switch self {
    case .nonFiniteNumber(let filter):
      "filter on '\(filter.attribute.rawValue)' holds a non-finite number (\(filter.description)); "
        + "NaN and infinities cannot be written in a filters string"
    }
  }
}
