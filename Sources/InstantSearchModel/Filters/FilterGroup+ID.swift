extension FilterGroup {
  /// Identifies a group of a `FilterState`: a name plus the way its filters combine.
  ///
  /// The same name can exist at once as an `and` group, a `hierarchical` group and up to three `or`
  /// groups, one per ``FilterKind``; these are different groups, rendered as separate clauses.
  ///
  /// IDs have a total order (`Comparable`): by name (UTF-8 bytes), then `or` facet < `or` numeric <
  /// `or` tag < `and` < `hierarchical`.
  public enum ID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The filter kinds a disjunctive group can hold (the anchor's spelling of ``FilterKind``).
    public typealias Filter = FilterKind

    /// A conjunctive group.
    case and(name: String)
    /// A disjunctive group holding filters of one kind.
    case or(name: String, filterType: FilterKind)
    /// A hierarchical group: conjunctive, facets only.
    case hierarchical(name: String)

    /// The group's name.
    public var name: String {
      switch self {
      case .and(let name), .or(let name, _), .hierarchical(let name): name
      }
    }

    /// Whether filters in the group are alternatives.
    public var isDisjunctive: Bool {
      if case .or = self { return true }
      return false
    }

    /// Whether every filter in the group must match.
    public var isConjunctive: Bool { !isDisjunctive }

    /// The only filter kind the group accepts, or `nil` when it accepts every kind (`and` groups).
    public var acceptedKind: FilterKind? {
      switch self {
      case .and: nil
      case .or(_, let kind): kind
      case .hierarchical: .facet
      }
    }

    /// Whether a filter of `kind` may be stored in the group.
    public func accepts(_ kind: FilterKind) -> Bool {
      acceptedKind.map { $0 == kind } ?? true
    }

    /// `and<name>`, `or<name>` or `hierarchical<name>`, as in InstantSearch.
    public var description: String {
      switch self {
      case .and(let name): "and<\(name)>"
      case .or(let name, _): "or<\(name)>"
      case .hierarchical(let name): "hierarchical<\(name)>"
      }
    }

    /// Rank of the group's type, the tie-break after the name.
    var typeRank: Int {
      switch self {
      case .or(_, let kind): kind.rank
      case .and: 3
      case .hierarchical: 4
      }
    }

    /// Orders by name (UTF-8 bytes), then by the kind of group (see the type's order).
    public static func < (lhs: ID, rhs: ID) -> Bool {
      let byName = UTF8Order.compare(lhs.name, rhs.name)
      if byName != 0 { return byName < 0 }
      return lhs.typeRank < rhs.typeRank
    }
  }
}
