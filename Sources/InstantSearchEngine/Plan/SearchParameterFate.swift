import InstantSearchModel

/// What the embedded engine does with one of Algolia's search parameters. Every name a request may hold
/// has one fate; a name with none is refused as Algolia refuses it (`400 Unknown parameter: X`), so that
/// no parameter is ever accepted and silently ignored.
///
/// The table of every parameter and its fate is in the engine's documentation (`SearchParameters.md`);
/// a test checks that the table and ``all`` agree.
public enum SearchParameterFate: Hashable, Sendable {
  /// Applied with Algolia's documented semantics.
  case applied
  /// Accepted as Algolia accepts it and documented as having no effect here, because it concerns a
  /// service this package does not have (analytics, personalization, A/B tests, re-ranking, IP geolocation)
  /// or, for the language parameters, one it does not have yet; the reason says which.
  case noEffect(reason: String)
  /// An Algolia parameter the engine does not apply yet: refused with a 400 that says so, rather than
  /// accepted and ignored.
  case notYetApplied

  /// The fate of each of Algolia's search parameters by name (the query parameters, and the index
  /// settings Algolia also takes per query). A name missing here is unknown.
  public static let all: [String: SearchParameterFate] = {
    var fates: [String: SearchParameterFate] = [:]
    for name in appliedNames { fates[name] = .applied }
    for (name, reason) in noEffectNames { fates[name] = .noEffect(reason: reason) }
    for name in notYetAppliedNames { fates[name] = .notYetApplied }
    return fates
  }()

  /// The parameters applied with Algolia's semantics.
  static let appliedNames: [String] = [
    "query", "filters", "facetFilters", "numericFilters", "tagFilters", "optionalFilters", "sumOrFiltersScores",
    "facets", "maxValuesPerFacet", "sortFacetValuesBy", "facetingAfterDistinct", "maxFacetHits",
    "page", "hitsPerPage", "offset", "length",
    "attributesToRetrieve", "attributesToHighlight", "attributesToSnippet", "highlightPreTag", "highlightPostTag",
    "snippetEllipsisText",
    "aroundLatLng", "aroundRadius", "minimumAroundRadius", "aroundPrecision", "insideBoundingBox", "insidePolygon",
    "getRankingInfo", "clickAnalytics", "synonyms", "enableRules", "ruleContexts", "distinct",
    "typoTolerance", "queryType", "minWordSizefor1Typo", "minWordSizefor2Typos", "relevancyStrictness",
    "restrictSearchableAttributes", "advancedSyntax", "advancedSyntaxFeatures", "alternativesAsExact",
    "replaceSynonymsInHighlight", "optionalWords",
    "removeWordsIfNoResults", "responseFields", "renderingContent", "minProximity",
    "attributeCriteriaComputedByMinProximity", "allowTyposOnNumericTokens",
    "exactOnSingleWordQuery", "restrictHighlightAndSnippetArrays", "disableTypoToleranceOnAttributes",
    "disableExactOnAttributes", "ignorePlurals", "removeStopWords", "queryLanguages", "similarQuery", "decompoundQuery",
    "naturalLanguages",
    "ranking",
  ]

  /// The parameters accepted with no effect here, and why.
  static let noEffectNames: [(String, String)] = [
    ("analytics", "the engine keeps no analytics (`instantsearch serve` records searches for its Analytics API)"),
    ("analyticsTags", "the engine keeps no analytics (`instantsearch serve`'s Analytics API segments by them)"),
    (
      "userToken", "the engine keeps no analytics and has no personalization (`instantsearch serve` counts users by it)"
    ),
    ("percentileComputation", "no analytics service"),
    ("enableABTest", "no A/B testing service"),
    ("enablePersonalization", "no personalization service"),
    ("personalizationImpact", "no personalization service"),
    ("enableReRanking", "no Dynamic Re-Ranking service"),
    ("reRankingApplyFilter", "no Dynamic Re-Ranking service"),
    ("mode", "no NeuralSearch service: every search is a keyword search"),
    ("semanticSearch", "no NeuralSearch service"),
    ("aroundLatLngViaIP", "no IP geolocation service: the search is not centred on the user's address"),
    ("extensions", "no query categorization service: each extension asked for answers `{}` in `extensions`"),
  ]

  /// Algolia parameters not applied yet (refused).
  static let notYetAppliedNames: [String] = []

  /// Checks the names of `query`'s parameters that are not `Query` fields.
  ///
  /// - Throws: ``EngineError/unknownParameter(_:)`` for a name that is not one of Algolia's search
  ///   parameters, ``EngineError/parameterNotApplied(_:)`` for one the engine does not apply yet. Names
  ///   are checked in sorted order, so that the same request always names the same parameter.
  static func check(_ query: Query) throws(EngineError) {
    for name in query.additionalParameters.keys.sorted() {
      switch all[name] {
      case nil: throw .unknownParameter(name)
      case .notYetApplied?: throw .parameterNotApplied(name)
      case .applied?, .noEffect?: continue
      }
    }
  }
}

extension Query {
  /// The alternative forms of a word that count as exact matches: `alternativesAsExact`, by default
  /// Algolia's `ignorePlurals` and `singleWordSynonym`.
  var alternativesCountingAsExact: Set<AlternativeAsExact> {
    Set(alternativesAsExact ?? [.ignorePlurals, .singleWordSynonym])
  }
}
