import InstantSearchModel

extension SearchLimits {
  /// The most optional filters one query may hold, all clauses together: 1,000, the bound of `filters`.
  /// Each is checked against every ranked record: 10,000 of them made one request take a minute.
  public static let maximumOptionalFilterCount = 1_000

  /// The most attributes `attributesToRetrieve`, `attributesToHighlight`, `attributesToSnippet` and
  /// `restrictSearchableAttributes` may each name, and the most `ruleContexts` and `analyticsTags`: 1,000.
  public static let maximumAttributeListCount = 1_000

  /// The most boxes (`insideBoundingBox`) or polygons (`insidePolygon`) one query may hold: 1,000.
  public static let maximumGeoAreaCount = 1_000

  /// The most points one polygon may have: 10,000.
  public static let maximumPolygonPoints = 10_000

  /// The most languages `queryLanguages`, `ignorePlurals` and `removeStopWords` may each list: 100 (Algolia
  /// has tables for fewer than that).
  public static let maximumLanguages = 100

  /// Checks `query`'s parameter names against their fates (``SearchParameterFate/check(_:)``), then the
  /// sizes of its list parameters against the bounds above.
  ///
  /// - Throws: ``EngineError/unknownParameter(_:)`` or ``EngineError/parameterNotApplied(_:)``, and
  ///   ``EngineError/invalidParameter(_:)`` naming a list parameter, its size and the bound.
  static func checkLists(of query: Query) throws(EngineError) {
    try SearchParameterFate.check(query)
    let optional = (query.optionalFilters ?? []).reduce(0) { $0 + $1.count }
    try check("optionalFilters", count: optional, bound: maximumOptionalFilterCount, unit: "filters")
    let lists: [(String, [String]?)] = [
      ("attributesToRetrieve", query.attributesToRetrieve), ("attributesToHighlight", query.attributesToHighlight),
      ("attributesToSnippet", query.attributesToSnippet), ("ruleContexts", query.ruleContexts),
      ("analyticsTags", query.analyticsTags), ("restrictSearchableAttributes", query.restrictSearchableAttributes),
    ]
    for (name, list) in lists {
      try check(name, count: list?.count ?? 0, bound: maximumAttributeListCount, unit: "entries")
    }
    let languages: [(String, [String]?)] = [
      ("queryLanguages", query.queryLanguages), ("ignorePlurals", query.ignorePlurals?.listed),
      ("removeStopWords", query.removeStopWords?.listed), ("naturalLanguages", query.naturalLanguages),
    ]
    for (name, list) in languages {
      try check(name, count: list?.count ?? 0, bound: maximumLanguages, unit: "languages")
    }
    try check(
      "insideBoundingBox", count: query.insideBoundingBox?.count ?? 0, bound: maximumGeoAreaCount, unit: "boxes")
    try check("insidePolygon", count: query.insidePolygon?.count ?? 0, bound: maximumGeoAreaCount, unit: "polygons")
    for polygon in query.insidePolygon ?? [] {
      try check("insidePolygon", count: polygon.count / 2, bound: maximumPolygonPoints, unit: "points in a polygon")
    }
  }

  private static func check(_ name: String, count: Int, bound: Int, unit: String) throws(EngineError) {
    guard count > bound else { return }
    throw .invalidParameter("\(name) holds \(count) \(unit); at most \(bound)")
  }
}
