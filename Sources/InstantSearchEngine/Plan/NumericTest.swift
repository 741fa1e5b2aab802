import InstantSearchModel

/// A numeric comparison or range (`!=` is compiled as a negated `=`), as a test and as a range of a
/// sorted numeric index.
struct NumericTest {
  let lower: Double
  let upper: Double
  let lowerStrict: Bool
  let upperStrict: Bool

  init(_ value: Filter.Numeric.ValueType) {
    var lower = -Double.infinity
    var upper = Double.infinity
    var lowerStrict = false
    var upperStrict = false
    switch value {
    case .range(let range):
      lower = range.lowerBound
      upper = range.upperBound
    case .comparison(let op, let number):
      switch op {
      case .lessThan:
        upper = number
        upperStrict = true
      case .lessThanOrEqual: upper = number
      case .equals, .notEquals:
        lower = number
        upper = number
      case .greaterThanOrEqual: lower = number
      case .greaterThan:
        lower = number
        lowerStrict = true
      }
    }
    self.lower = lower
    self.upper = upper
    self.lowerStrict = lowerStrict
    self.upperStrict = upperStrict
  }

  @inline(__always)
  func passes(_ value: Double) -> Bool {
    (lowerStrict ? value > lower : value >= lower) && (upperStrict ? value < upper : value <= upper)
  }
}
