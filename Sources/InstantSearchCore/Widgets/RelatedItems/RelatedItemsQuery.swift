/// What a related-items search asks beyond the app's request: the item's values as scored optional
/// filters (summed within a clause) and the item itself left out. Applied to a searcher's request and
/// taken back on disconnection, leaving what the app set itself.
struct RelatedItemsQuery: Equatable, Sendable {
  /// The `optionalFilters` clauses (AND of ORs).
  let optionalFilters: [[String]]
  /// The filter that leaves the item out: `NOT "objectID":"…"`.
  let exclusion: String

  /// The query of the items related to `item` by `patterns`.
  init<Model>(item: ObjectWrapper<Model>, patterns: [MatchingPattern<Model>]) {
    let groups = patterns.compactMap { $0.group(for: item.object) }
    optionalFilters = FilterGroupConverter().legacy(groups)?.facetFilters ?? []
    exclusion =
      FilterSQL.render(Filter.facet(.init(attribute: "objectID", stringValue: item.objectID, isNegated: true))) ?? ""
  }

  /// `request` with the related-items parameters: the app's own `filters` kept and ANDed with the
  /// exclusion, its optional filters replaced.
  func applied(to request: Query) -> Query {
    var request = request
    request.optionalFilters = optionalFilters.isEmpty ? nil : optionalFilters
    request.sumOrFiltersScores = true
    if let own = request.filters, !own.isEmpty {
      request.filters = "(\(own)) AND \(exclusion)"
    } else {
      request.filters = exclusion
    }
    return request
  }
}
