/// The three kinds of filters. A disjunctive (`or`) group holds filters of a single kind.
public enum FilterKind: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
  /// Facet filters (`"brand":"Sony"`).
  case facet
  /// Numeric comparisons and ranges (`"price" >= 10.0`, `"price":10.0 TO 20.0`).
  case numeric
  /// Tag filters (`"_tags":"sale"`).
  case tag

  /// The kind's name.
  public var description: String { rawValue }

  /// Rank used as the last tie-break of every deterministic order: facet, numeric, tag.
  package var rank: Int {
    switch self {
    case .facet: 0
    case .numeric: 1
    case .tag: 2
    }
  }
}
