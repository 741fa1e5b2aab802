/// Writes single filters in Algolia's two syntaxes: the `filters` string and the legacy arrays.
public struct FilterConverter: Sendable {
  /// Creates a converter.
  public init() {}

  /// The filter in `filters` syntax (`"brand":"Sony"`, `NOT "price" >= 10.0`, `"_tags":"sale"`), or
  /// `nil` when it holds NaN or an infinity.
  public func sql(_ filter: some FilterType) -> String? {
    FilterSQL.render(filter.eraseToFilter())
  }

  /// The filter in the legacy array forms (`facetFilters`, `numericFilters`, `tagFilters`), or `nil`
  /// when those forms cannot express it (see ``LegacyFilters``).
  public func legacy(_ filter: some FilterType) -> LegacyFilters? {
    var output = LegacyFilters()
    guard output.appendConjunctive([filter.eraseToFilter()]) else { return nil }
    return output
  }
}

/// Writes groups of filters in Algolia's two syntaxes.
public struct FilterGroupConverter: Sendable {
  /// Creates a converter.
  public init() {}

  /// The group in `filters` syntax: `( f1 AND f2 )` or `( f1 OR f2 )`, in the group's order.
  /// `""` for an empty group; `nil` when a filter holds NaN or an infinity.
  public func sql(_ group: FilterGroup) -> String? {
    guard !group.filters.isEmpty else { return "" }
    var texts: [String] = []
    texts.reserveCapacity(group.filters.count)
    for filter in group.filters {
      guard let text = FilterSQL.render(filter) else { return nil }
      texts.append(text)
    }
    return "( " + texts.joined(separator: GroupContent.separator(for: group.id)) + " )"
  }

  /// The groups in `filters` syntax, joined by ` AND ` in the collection's order; empty groups are left
  /// out. `nil` for an empty collection or when a filter holds NaN or an infinity; `""` when every group
  /// is empty.
  public func sql<C: Collection>(_ groups: C) -> String? where C.Element == FilterGroup {
    guard !groups.isEmpty else { return nil }
    var parts: [String] = []
    for group in groups where !group.isEmpty {
      guard let text = sql(group) else { return nil }
      parts.append(text)
    }
    return parts.joined(separator: " AND ")
  }

  /// The group in the legacy array forms, or `nil` when they cannot express it.
  public func legacy(_ group: FilterGroup) -> LegacyFilters? {
    legacy(CollectionOfOne(group))
  }

  /// The groups in the legacy array forms, ANDed in the collection's order; `nil` when those forms
  /// cannot express a filter (see ``LegacyFilters``).
  public func legacy<S: Sequence>(_ groups: S) -> LegacyFilters? where S.Element == FilterGroup {
    var output = LegacyFilters()
    for group in groups where !group.isEmpty {
      let appended =
        group.isDisjunctive
        ? output.appendDisjunctive(group.filters) : output.appendConjunctive(group.filters)
      guard appended else { return nil }
    }
    return output
  }
}
