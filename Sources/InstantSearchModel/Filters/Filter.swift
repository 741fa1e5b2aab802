/// A filter of any kind: the type-erased form of ``Filter/Facet``, ``Filter/Numeric`` and ``Filter/Tag``.
///
/// `Filter` is also the namespace of the three concrete filter types, as in InstantSearch:
/// `Filter.Facet(attribute: "color", stringValue: "red")`.
public enum Filter: FilterType, Hashable, Sendable {
  /// A facet filter.
  case facet(Facet)
  /// A numeric filter.
  case numeric(Numeric)
  /// A tag filter.
  case tag(Tag)

  /// Wraps any filter. Never fails: every ``FilterType`` can be erased.
  public init<F: FilterType>(_ filter: F) {
    self = filter.eraseToFilter()
  }

  /// Returns `filter` itself; present for ``FilterType`` conformance.
  public init?(_ filter: Filter) {
    self = filter
  }

  /// The attribute of the wrapped filter.
  public var attribute: Attribute {
    switch self {
    case .facet(let facet): facet.attribute
    case .numeric(let numeric): numeric.attribute
    case .tag(let tag): tag.attribute
    }
  }

  /// Whether the wrapped filter is negated; setting it rewrites the payload.
  public var isNegated: Bool {
    get {
      switch self {
      case .facet(let facet): facet.isNegated
      case .numeric(let numeric): numeric.isNegated
      case .tag(let tag): tag.isNegated
      }
    }
    set {
      switch self {
      case .facet(var facet):
        facet.isNegated = newValue
        self = .facet(facet)
      case .numeric(var numeric):
        numeric.isNegated = newValue
        self = .numeric(numeric)
      case .tag(var tag):
        tag.isNegated = newValue
        self = .tag(tag)
      }
    }
  }

  /// The kind of the wrapped filter.
  public var kind: FilterKind {
    switch self {
    case .facet: .facet
    case .numeric: .numeric
    case .tag: .tag
    }
  }

  /// The wrapped filter as the existential ``FilterType``.
  public var filter: any FilterType {
    switch self {
    case .facet(let facet): facet
    case .numeric(let numeric): numeric
    case .tag(let tag): tag
    }
  }

  /// Returns `self`.
  public func eraseToFilter() -> Filter { self }
}

extension Filter: CustomStringConvertible {
  /// A human-readable description of the wrapped filter (`brand: Sony`, `price >= 10.0`, `sale`).
  /// Negation is not shown; use ``FilterConverter/sql(_:)`` for the exact filter syntax.
  public var description: String {
    switch self {
    case .facet(let facet): facet.description
    case .numeric(let numeric): numeric.description
    case .tag(let tag): tag.description
    }
  }
}
