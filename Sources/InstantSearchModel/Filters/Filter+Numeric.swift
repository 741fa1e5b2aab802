extension Filter {
  /// A numeric filter: a comparison (`"price" >= 10.0`) or an inclusive range (`"price":10.0 TO 20.0`).
  public struct Numeric: FilterType {
    /// What a numeric filter tests.
    public enum ValueType: Hashable, Sendable, CustomStringConvertible {
      /// An inclusive range: `lower TO upper`.
      case range(ClosedRange<Double>)
      /// A comparison with a number.
      case comparison(Operator, Double)

      /// `10.0 – 20.5` for a range (en dash), `>= 10.0` for a comparison.
      public var description: String {
        switch self {
        case .range(let range):
          "\(NumberRendering.describe(range.lowerBound)) – \(NumberRendering.describe(range.upperBound))"
        case .comparison(let op, let value):
          "\(op.rawValue) \(NumberRendering.describe(value))"
        }
      }
    }

    /// A comparison operator.
    public enum Operator: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
      /// `<`
      case lessThan = "<"
      /// `<=`
      case lessThanOrEqual = "<="
      /// `=`
      case equals = "="
      /// `!=`
      case notEquals = "!="
      /// `>=`
      case greaterThanOrEqual = ">="
      /// `>`
      case greaterThan = ">"

      /// The operator's symbol.
      public var description: String { rawValue }

      /// The operator that selects exactly the other values: `<` ↔ `>=`, `<=` ↔ `>`, `=` ↔ `!=`.
      public var inverted: Operator {
        switch self {
        case .lessThan: .greaterThanOrEqual
        case .greaterThanOrEqual: .lessThan
        case .lessThanOrEqual: .greaterThan
        case .greaterThan: .lessThanOrEqual
        case .equals: .notEquals
        case .notEquals: .equals
        }
      }
    }

    /// The filtered attribute.
    public let attribute: Attribute
    /// The range or comparison.
    public let value: ValueType
    /// Whether the filter is negated (`NOT "price" >= 10.0`).
    public var isNegated: Bool

    /// Creates a numeric filter from a range or comparison.
    public init(attribute: Attribute, value: ValueType, isNegated: Bool = false) {
      self.attribute = attribute
      self.value = value
      self.isNegated = isNegated
    }

    /// Creates an inclusive range filter: `Filter.Numeric(attribute: "price", range: 10...100)`.
    public init(attribute: Attribute, range: ClosedRange<Double>, isNegated: Bool = false) {
      self.init(attribute: attribute, value: .range(range), isNegated: isNegated)
    }

    /// Creates a comparison filter: `Filter.Numeric(attribute: "price", operator: .greaterThan, value: 10)`.
    public init(attribute: Attribute, operator: Operator, value: Double, isNegated: Bool = false) {
      self.init(attribute: attribute, value: .comparison(`operator`, value), isNegated: isNegated)
    }

    /// Creates an inclusive range filter, naming the attribute with a `String`.
    public init(attribute: String, range: ClosedRange<Double>, isNegated: Bool = false) {
      self.init(attribute: Attribute(attribute), value: .range(range), isNegated: isNegated)
    }

    /// Creates a comparison filter, naming the attribute with a `String`.
    public init(attribute: String, operator: Operator, value: Double, isNegated: Bool = false) {
      self.init(attribute: Attribute(attribute), value: .comparison(`operator`, value), isNegated: isNegated)
    }

    /// Extracts a numeric filter, or `nil` when `filter` is of another kind.
    public init?(_ filter: Filter) {
      guard case .numeric(let numeric) = filter else { return nil }
      self = numeric
    }

    /// Wraps the filter as ``Filter/numeric(_:)``.
    public func eraseToFilter() -> Filter { .numeric(self) }
  }
}

extension Filter.Numeric {
  /// The former name of ``Filter/Numeric/Operator``.
  public typealias NumericOperator = Operator
}

extension Filter.Numeric: CustomStringConvertible {
  /// `price: 10.0 – 20.5` for a range, `price >= 10.0` for a comparison. Negation is not shown.
  public var description: String {
    switch value {
    case .range: "\(attribute.rawValue): \(value.description)"
    case .comparison: "\(attribute.rawValue) \(value.description)"
    }
  }
}
