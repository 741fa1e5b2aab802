extension Filter {
  /// A facet filter: records whose `attribute` has `value` (`"brand":"Sony"`), or lack it when negated.
  ///
  /// Equality covers every field, the score included: `contains` and `remove` need an exact match.
  public struct Facet: FilterType {
    /// The faceted attribute.
    public let attribute: Attribute
    /// The value to match: a string, a number or a boolean.
    public let value: ValueType
    /// Whether the filter is negated (`NOT "brand":"Sony"`).
    public var isNegated: Bool
    /// An optional score, used by optional filters (`"brand":"Sony"<score=3>`).
    public let score: Int?

    /// Creates a facet filter with a value of any type.
    public init(attribute: Attribute, value: ValueType, isNegated: Bool = false, score: Int? = nil) {
      self.attribute = attribute
      self.value = value
      self.isNegated = isNegated
      self.score = score
    }

    /// Creates a facet filter on a string value.
    public init(attribute: Attribute, stringValue: String, isNegated: Bool = false) {
      self.init(attribute: attribute, value: .string(stringValue), isNegated: isNegated)
    }

    /// Creates a facet filter on a numeric value.
    public init(attribute: Attribute, floatValue: Double, isNegated: Bool = false) {
      self.init(attribute: attribute, value: .number(floatValue), isNegated: isNegated)
    }

    /// Creates a facet filter on a boolean value.
    public init(attribute: Attribute, boolValue: Bool, isNegated: Bool = false) {
      self.init(attribute: attribute, value: .bool(boolValue), isNegated: isNegated)
    }

    /// Creates a facet filter with a value of any type, naming the attribute with a `String`.
    public init(attribute: String, value: ValueType, isNegated: Bool = false, score: Int? = nil) {
      self.init(attribute: Attribute(attribute), value: value, isNegated: isNegated, score: score)
    }

    /// Creates a facet filter on a string value, naming the attribute with a `String`.
    public init(attribute: String, stringValue: String, isNegated: Bool = false) {
      self.init(attribute: Attribute(attribute), value: .string(stringValue), isNegated: isNegated)
    }

    /// Creates a facet filter on a numeric value, naming the attribute with a `String`.
    public init(attribute: String, floatValue: Double, isNegated: Bool = false) {
      self.init(attribute: Attribute(attribute), value: .number(floatValue), isNegated: isNegated)
    }

    /// Creates a facet filter on a boolean value, naming the attribute with a `String`.
    public init(attribute: String, boolValue: Bool, isNegated: Bool = false) {
      self.init(attribute: Attribute(attribute), value: .bool(boolValue), isNegated: isNegated)
    }

    /// Extracts a facet filter, or `nil` when `filter` is of another kind.
    public init?(_ filter: Filter) {
      guard case .facet(let facet) = filter else { return nil }
      self = facet
    }

    /// Wraps the filter as ``Filter/facet(_:)``.
    public func eraseToFilter() -> Filter { .facet(self) }
  }
}

extension Filter.Facet {
  /// The value of a facet filter.
  ///
  /// Literals convert: `"red"` is `.string("red")`, `10` and `10.5` are `.number`, `true` is `.bool(true)`.
  public enum ValueType: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral
  {
    /// A string value.
    case string(String)
    /// A numeric value.
    case number(Double)
    /// A boolean value.
    case bool(Bool)

    /// Creates a string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates a numeric value.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// Creates a numeric value from an integer.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// Creates a boolean value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// The value as text: the raw string, `true`/`false`, or the number as the filters string writes it
    /// (`10.0`, never an exponent).
    public var description: String {
      switch self {
      case .string(let string): string
      case .number(let number): NumberRendering.render(number) ?? "\(number)"
      case .bool(let bool): bool ? "true" : "false"
      }
    }
  }
}

extension Filter.Facet: CustomStringConvertible {
  /// `attribute: value`, e.g. `brand: Sony Bravia` or `size: 10.0`. Negation and score are not shown.
  public var description: String { "\(attribute.rawValue): \(value.description)" }
}
