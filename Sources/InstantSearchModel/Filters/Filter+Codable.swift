/// JSON form of filters, as stored in a ``Filters`` snapshot. Values are raw, never escaped:
///
/// ```json
/// {"type":"facet","attribute":"brand","value":"Sony","negated":true,"score":3}
/// {"type":"numeric","attribute":"price","operator":">=","value":10}
/// {"type":"numeric","attribute":"price","range":[10,100]}
/// {"type":"tag","value":"sale"}
/// ```
///
/// `negated` is written only when true. Decoding rejects, with a `DecodingError`, a range whose lower
/// bound exceeds its upper bound and any non-finite number.
extension Filter: Codable {
  private enum CodingKeys: String, CodingKey {
    case type, attribute, value, negated, score, `operator`, range
  }

  /// Decodes a filter from its JSON object.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try container.decode(FilterKind.self, forKey: .type)
    let isNegated = try container.decodeIfPresent(Bool.self, forKey: .negated) ?? false
    switch kind {
    case .facet:
      let attribute = try container.decode(Attribute.self, forKey: .attribute)
      let value = try Self.decodeFacetValue(container)
      let score = try container.decodeIfPresent(Int.self, forKey: .score)
      self = .facet(.init(attribute: attribute, value: value, isNegated: isNegated, score: score))
    case .numeric:
      let attribute = try container.decode(Attribute.self, forKey: .attribute)
      if container.contains(.range) {
        let bounds = try container.decode([Double].self, forKey: .range)
        guard bounds.count == 2, bounds.allSatisfy(\.isFinite), bounds[0] <= bounds[1] else {
          throw DecodingError.dataCorruptedError(
            forKey: .range, in: container,
            debugDescription: "a range is [lower, upper] with finite numbers and lower <= upper, got \(bounds)")
        }
        self = .numeric(.init(attribute: attribute, range: bounds[0]...bounds[1], isNegated: isNegated))
      } else {
        let op = try container.decode(Filter.Numeric.Operator.self, forKey: .operator)
        let value = try container.decode(Double.self, forKey: .value)
        guard value.isFinite else {
          throw DecodingError.dataCorruptedError(
            forKey: .value, in: container, debugDescription: "a numeric filter needs a finite number")
        }
        self = .numeric(.init(attribute: attribute, operator: op, value: value, isNegated: isNegated))
      }
    case .tag:
      self = .tag(.init(value: try container.decode(String.self, forKey: .value), isNegated: isNegated))
    }
  }

  private static func decodeFacetValue(
    _ container: KeyedDecodingContainer<CodingKeys>
  ) throws -> Filter.Facet.ValueType {
    if let bool = try? container.decode(Bool.self, forKey: .value) { return .bool(bool) }
    if let number = try? container.decode(Double.self, forKey: .value) {
      guard number.isFinite else {
        throw DecodingError.dataCorruptedError(
          forKey: .value, in: container, debugDescription: "a facet value needs a finite number")
      }
      return .number(number)
    }
    return .string(try container.decode(String.self, forKey: .value))
  }

  /// Encodes the filter as a JSON object.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .type)
    switch self {
    case .facet(let facet):
      try container.encode(facet.attribute, forKey: .attribute)
      switch facet.value {
      case .string(let string): try container.encode(string, forKey: .value)
      case .number(let number): try container.encode(number, forKey: .value)
      case .bool(let bool): try container.encode(bool, forKey: .value)
      }
      try container.encodeIfPresent(facet.score, forKey: .score)
    case .numeric(let numeric):
      try container.encode(numeric.attribute, forKey: .attribute)
      switch numeric.value {
      case .range(let range):
        try container.encode([range.lowerBound, range.upperBound], forKey: .range)
      case .comparison(let op, let value):
        try container.encode(op, forKey: .operator)
        try container.encode(value, forKey: .value)
      }
    case .tag(let tag):
      try container.encode(tag.value, forKey: .value)
    }
    if isNegated { try container.encode(true, forKey: .negated) }
  }
}

extension FilterType where Self: Codable {
  /// Decodes the JSON form of ``Filter`` and extracts a filter of this type, or throws when the JSON
  /// holds another kind.
  package static func decodeErased(from decoder: any Decoder) throws -> Self {
    let filter = try Filter(from: decoder)
    guard let typed = Self(filter) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "expected a \(Self.self) filter, found \(filter.kind)"))
    }
    return typed
  }
}

extension Filter.Facet: Codable {
  /// Decodes a facet filter from the JSON form of ``Filter``.
  public init(from decoder: any Decoder) throws { self = try Self.decodeErased(from: decoder) }

  /// Encodes the filter in the JSON form of ``Filter``.
  public func encode(to encoder: any Encoder) throws { try eraseToFilter().encode(to: encoder) }
}

extension Filter.Numeric: Codable {
  /// Decodes a numeric filter from the JSON form of ``Filter``.
  public init(from decoder: any Decoder) throws { self = try Self.decodeErased(from: decoder) }

  /// Encodes the filter in the JSON form of ``Filter``.
  public func encode(to encoder: any Encoder) throws { try eraseToFilter().encode(to: encoder) }
}

extension Filter.Tag: Codable {
  /// Decodes a tag filter from the JSON form of ``Filter``.
  public init(from decoder: any Decoder) throws { self = try Self.decodeErased(from: decoder) }

  /// Encodes the filter in the JSON form of ``Filter``.
  public func encode(to encoder: any Encoder) throws { try eraseToFilter().encode(to: encoder) }
}
