/// The queries one search sends, and how their responses merge into one.
///
/// Built by ``SearchPlan/init(indexName:query:filters:rangeAttributes:hierarchical:disjunctiveFaceting:)``:
/// - the main query: the request, its own `filters` ANDed with the `Filters`' string;
/// - one auxiliary query per attribute with a facet filter in a disjunctive group, sorted by attribute:
///   the attribute's filters in disjunctive facet groups removed, `facets: [attribute]`, `hitsPerPage: 0`,
///   `page: 0`, `analytics: false`, `clickAnalytics: false`, no attributes to retrieve or highlight;
/// - for each hierarchical menu with a selection (sorted by group), one query per level down to the one
///   below the selection (see ``HierarchicalFaceting``): the menu's group replaced by the level's selected
///   parent, `facets: [level attribute]`;
/// - one auxiliary query per registered range attribute that has a numeric filter: every numeric filter on
///   the attribute removed, so that its `facets_stats` reflect the other filters only.
///
/// Merge rule (pinned by the golden fixtures in the tests):
/// - everything starts from the main response;
/// - for a disjunctive attribute, the auxiliary counts replace the main counts; a refined value missing
///   from the auxiliary counts takes its main count, or 0 when the main response lacks it too;
/// - for a range attribute, the auxiliary `facets_stats` replace the main ones when present;
/// - the merged counts are exhaustive only if every response was; per attribute
///   (`SearchResponse.exhaustiveFacetsCountByAttribute`), a disjunctive attribute's counts are exhaustive
///   when both the main and its auxiliary response were, any other attribute's when the main response was;
/// - `processingTimeMS` is the sum over the responses.
public struct SearchPlan: Hashable, Sendable {
  /// What an auxiliary query is for.
  public enum Purpose: Hashable, Sendable {
    /// Facet counts of a disjunctive attribute; the refined values, as facet keys.
    case facetCounts(refinedValues: [String])
    /// Statistics of a range attribute.
    case stats
    /// Counts of one level of a hierarchical menu.
    case hierarchicalLevel
  }

  /// An auxiliary query's attribute and purpose.
  public struct Auxiliary: Hashable, Sendable {
    /// The attribute the query is for.
    public let attribute: Attribute
    /// Why it is sent.
    public let purpose: Purpose
  }

  /// Every query to send, the main one first.
  public let queries: [IndexedQuery]
  /// The auxiliary queries' roles, in the order of `queries.dropFirst()`.
  public let auxiliaries: [Auxiliary]

  /// Builds the queries for a request and filters (see the type's documentation).
  public init(
    indexName: String, query: Query, filters: Filters, rangeAttributes: Set<Attribute> = [],
    hierarchical: [HierarchicalFaceting] = [], disjunctiveFaceting: Bool = true
  ) {
    var main = query
    main.filters = Self.combine(query.filters, filters.sql)
    var queries = [IndexedQuery(indexName: indexName, query: main)]
    var auxiliaries: [Auxiliary] = []
    guard disjunctiveFaceting else {
      self.queries = queries
      self.auxiliaries = []
      return
    }
    let refinedValues = filters.refinedDisjunctiveFacetValues
    for attribute in refinedValues.keys.sorted() {
      let reduced = filters.removingFilters { id, filter in
        id.isDisjunctive && filter.kind == .facet && filter.attribute == attribute
      }
      queries.append(IndexedQuery(indexName: indexName, query: Self.auxiliary(query, attribute, reduced)))
      let refined = refinedValues[attribute] ?? []
      auxiliaries.append(Auxiliary(attribute: attribute, purpose: .facetCounts(refinedValues: refined)))
    }
    for menu in hierarchical.sorted(by: { $0.groupID < $1.groupID }) {
      for level in menu.queriedLevels {
        let reduced = menu.filters(forLevel: level, in: filters)
        let attribute = menu.attributes[level]
        queries.append(IndexedQuery(indexName: indexName, query: Self.auxiliary(query, attribute, reduced)))
        auxiliaries.append(Auxiliary(attribute: attribute, purpose: .hierarchicalLevel))
      }
    }
    for attribute in filters.numericAttributes.intersection(rangeAttributes).sorted() {
      let reduced = filters.removingFilters { _, filter in filter.kind == .numeric && filter.attribute == attribute }
      queries.append(IndexedQuery(indexName: indexName, query: Self.auxiliary(query, attribute, reduced)))
      auxiliaries.append(Auxiliary(attribute: attribute, purpose: .stats))
    }
    self.queries = queries
    self.auxiliaries = auxiliaries
  }

  /// `base AND extra`, either alone when the other is empty, or `nil` when both are.
  public static func combine(_ base: String?, _ extra: String) -> String? {
    let trimmedBase = base?.trimmingSpaces ?? ""
    switch (trimmedBase.isEmpty, extra.isEmpty) {
    case (true, true): return nil
    case (true, false): return extra
    case (false, true): return trimmedBase
    case (false, false): return trimmedBase + " AND " + extra
    }
  }

  private static func auxiliary(_ query: Query, _ attribute: Attribute, _ filters: Filters) -> Query {
    var auxiliary = query
    auxiliary.filters = combine(query.filters, filters.sql)
    auxiliary.facets = [attribute.rawValue]
    auxiliary.hitsPerPage = 0
    auxiliary.page = 0
    auxiliary.analytics = false
    auxiliary.clickAnalytics = false
    auxiliary.attributesToRetrieve = []
    auxiliary.attributesToHighlight = []
    return auxiliary
  }

  /// Merges one response per query into the response of the search.
  ///
  /// - Throws: `SearchError.responseCountMismatch(expected:received:)` when the count differs.
  public func merge(_ responses: [SearchResponse]) throws(SearchError) -> SearchResponse {
    guard responses.count == queries.count, var merged = responses.first else {
      throw SearchError.responseCountMismatch(expected: queries.count, received: responses.count)
    }
    let mainExhaustive = merged.areFacetCountsExhaustive
    var exhaustive = mainExhaustive
    var byAttribute: [String: Bool] = [:]
    for key in merged.facets.keys { byAttribute[key] = mainExhaustive }
    for (auxiliary, response) in zip(auxiliaries, responses.dropFirst()) {
      exhaustive = exhaustive && response.areFacetCountsExhaustive
      merged.processingTimeMS += response.processingTimeMS
      let key = auxiliary.attribute.rawValue
      switch auxiliary.purpose {
      case .facetCounts(let refinedValues):
        var counts = response.facets[key] ?? [:]
        for value in refinedValues where counts[value] == nil {
          counts[value] = merged.facets[key]?[value] ?? 0
        }
        merged.facets[key] = counts
        byAttribute[key] = mainExhaustive && response.areFacetCountsExhaustive
      case .stats:
        if let stats = response.facetsStats[key] { merged.facetsStats[key] = stats }
      case .hierarchicalLevel:
        // A response without the level keeps what the main response had: a menu shows what it has.
        if let counts = response.facets[key] {
          merged.facets[key] = counts
          byAttribute[key] = mainExhaustive && response.areFacetCountsExhaustive
        }
      }
    }
    if !auxiliaries.isEmpty {
      merged.exhaustiveFacetsCount = exhaustive
      if merged.exhaustive != nil { merged.exhaustive?.facetsCount = exhaustive }
      merged.exhaustiveFacetsCountByAttribute = byAttribute
    }
    return merged
  }
}
