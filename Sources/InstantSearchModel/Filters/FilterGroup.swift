/// A named group of filters, as `FilterState/toFilterGroups()` returns them and
/// ``FilterGroupConverter`` renders them.
///
/// Filters in a conjunctive group (``ID/and(name:)``, ``ID/hierarchical(name:)``) must all match;
/// filters in a disjunctive group (``ID/or(name:filterType:)``) are alternatives and are all of one
/// ``FilterKind``. The factories below make a disjunctive group of mixed kinds impossible to build.
public struct FilterGroup: Hashable, Sendable, Identifiable {
  /// The group's identity: its name and how its filters combine.
  public let id: ID
  /// The filters, in the order given (`FilterState` gives them sorted by their rendered text).
  public let filters: [Filter]

  package init(id: ID, filters: [Filter]) {
    self.id = id
    self.filters = filters
  }

  /// The group's name.
  public var name: String { id.name }

  /// Whether the filters are alternatives (`OR`).
  public var isDisjunctive: Bool { id.isDisjunctive }

  /// Whether the group has no filters.
  public var isEmpty: Bool { filters.isEmpty }

  /// A conjunctive group: every filter must match. Filters of any kind may be mixed.
  public static func and(_ filters: [any FilterType], name: String = "") -> FilterGroup {
    FilterGroup(id: .and(name: name), filters: filters.map { $0.eraseToFilter() })
  }

  /// A disjunctive group of facet filters: any of them may match.
  public static func or(_ filters: [Filter.Facet], name: String = "") -> FilterGroup {
    FilterGroup(id: .or(name: name, filterType: .facet), filters: filters.map { .facet($0) })
  }

  /// A disjunctive group of numeric filters: any of them may match.
  public static func or(_ filters: [Filter.Numeric], name: String = "") -> FilterGroup {
    FilterGroup(id: .or(name: name, filterType: .numeric), filters: filters.map { .numeric($0) })
  }

  /// A disjunctive group of tag filters: any of them may match.
  public static func or(_ filters: [Filter.Tag], name: String = "") -> FilterGroup {
    FilterGroup(id: .or(name: name, filterType: .tag), filters: filters.map { .tag($0) })
  }

  /// A hierarchical group: conjunctive, facet filters only.
  public static func hierarchical(_ filters: [Filter.Facet], name: String = "") -> FilterGroup {
    FilterGroup(id: .hierarchical(name: name), filters: filters.map { .facet($0) })
  }
}

extension FilterGroup: CustomStringConvertible {
  /// The group in `filters` syntax, e.g. `( "color":"blue" OR "color":"red" )`; `""` when empty.
  public var description: String { FilterGroupConverter().sql(self) ?? "" }
}
