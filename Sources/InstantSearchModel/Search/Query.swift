/// Algolia search parameters: the typed ones this library uses, plus any other parameter as JSON.
///
/// `Query()` is the empty query. The seed pages set the filters string on it:
/// ```swift
/// var query = Query()
/// query.filters = filterState.description
/// ```
/// A query encodes to Algolia's JSON object form and to the URL-encoded `params` form, and decodes from
/// both (see ``init(jsonObject:)`` and ``init(urlEncodedParameters:)``).
public struct Query: Hashable, Sendable {
  /// The text to search for.
  public var query: String?
  /// The `filters` string.
  public var filters: String?
  /// Attributes whose facet counts to return (`["*"]` for all).
  public var facets: [String]?
  /// Legacy facet filters: an AND of OR-clauses.
  public var facetFilters: [[String]]?
  /// The forms the legacy filter parameters were given in, written back while they still hold the same
  /// clauses (see ``FilterForms``).
  package var filterForms = FilterForms()
  /// Legacy numeric filters: an AND of OR-clauses.
  public var numericFilters: [[String]]?
  /// Legacy tag filters: an AND of OR-clauses.
  public var tagFilters: [[String]]?
  /// Filters that rank rather than filter (`"brand:Apple<score=2>"`, `"brand:-Sony"`): a record matching
  /// them comes before one that does not, after the typo and words criteria. Clauses as `facetFilters`.
  public var optionalFilters: [[String]]?
  /// Whether an OR clause of optional filters scores the sum of its matching filters (`true`) or the
  /// best of them (`false`, the default).
  public var sumOrFiltersScores: Bool?
  /// The page to return, from 0.
  public var page: Int?
  /// How many hits a page holds.
  public var hitsPerPage: Int?
  /// The position of the first hit to return, from 0 — Algolia's alternative to pages: with an offset,
  /// ``length`` hits from there are returned and ``page`` is ignored (the tenth hit is at offset 9).
  public var offset: Int?
  /// How many hits to return from ``offset`` (0–1000; ``hitsPerPage`` when not given); ignored without an
  /// offset.
  public var length: Int?
  /// How many values to return per facet.
  public var maxValuesPerFacet: Int?
  /// How facet values are ordered and truncated.
  public var sortFacetValuesBy: FacetSortOrder?
  /// Attributes to include in hits.
  public var attributesToRetrieve: [String]?
  /// Attributes to highlight.
  public var attributesToHighlight: [String]?
  /// The centre of a geo search, `"latitude, longitude"` (`"48.8566, 2.3522"`): records with a `_geoloc`
  /// within ``aroundRadius`` match, nearer ones first (the `geo` ranking criterion).
  public var aroundLatLng: String?
  /// How far from ``aroundLatLng`` records match: meters, or `.all` (no limit, only the order).
  public var aroundRadius: AroundRadius?
  /// The smallest radius, in meters, of the circle the engine draws around ``aroundLatLng`` when
  /// ``aroundRadius`` is not given (the automatic radius, from the density of matches around the centre).
  /// Has no effect with ``aroundRadius`` or an area (`insideBoundingBox`, `insidePolygon`).
  public var minimumAroundRadius: Int?
  /// How coarsely distances rank, in meters: records within one step of each other tie (1 by default).
  public var aroundPrecision: Int?
  /// A precision that grows with the distance (Algolia's `aroundPrecision` given as a list): from each
  /// range's `from` meters on, distances rank in steps of its `value` meters. Replaces ``aroundPrecision``
  /// when set; at most ``AroundPrecisionRange/maximumCount`` ranges.
  public var aroundPrecisionRanges: [AroundPrecisionRange]?
  /// Rectangles records must lie in: `[lat1, lng1, lat2, lng2]` each (two opposite corners).
  public var insideBoundingBox: [[Double]]?
  /// Polygons records must lie in: `[lat1, lng1, lat2, lng2, lat3, lng3, …]` each (at least 3 points).
  public var insidePolygon: [[Double]]?
  /// Whether each hit carries `_rankingInfo` (its typos, filters score, geo distance).
  public var getRankingInfo: Bool?
  /// Whether the index's synonyms apply to this search (`true` by default).
  public var synonyms: Bool?
  /// Whether query rules apply to this search (`true` by default).
  public var enableRules: Bool?
  /// The contexts of this search, which rules with a `context` condition wait for (`["mobile"]`).
  public var ruleContexts: [String]?
  /// How many records of each group (records sharing the index's `attributeForDistinct` value) to keep:
  /// 0 for all (off), 1 for the best of each (`true`), up to 4.
  public var distinct: Int?
  /// Whether every facet is counted after distinct deduplication (as `afterDistinct(attr)` does for one).
  public var facetingAfterDistinct: Bool?
  /// Attributes to snippet: `"attr"` (10 words) or `"attr:N"` (N words); `"*"` for every attribute.
  public var attributesToSnippet: [String]?
  /// Text that marks where a snippet cuts its attribute (`…` by default).
  public var snippetEllipsisText: String?
  /// Text inserted before a highlighted part.
  public var highlightPreTag: String?
  /// Text inserted after a highlighted part.
  public var highlightPostTag: String?
  /// Typo tolerance for this search.
  public var typoTolerance: TypoTolerance?
  /// Which words match as prefixes, for this query (the index's `queryType` otherwise).
  public var queryType: QueryType?
  /// The shortest word that may match with one typo, for this query (the index's setting otherwise;
  /// 1–100).
  public var minWordSizefor1Typo: Int?
  /// The shortest word that may match with two typos, for this query (the index's setting otherwise;
  /// 1–100).
  public var minWordSizefor2Typos: Int?
  /// Whether the search counts in analytics.
  public var analytics: Bool?
  /// Whether the response carries a `queryID` for click analytics.
  public var clickAnalytics: Bool?
  /// Who searches: a pseudonymous id that ties this search to the user's click and conversion events
  /// (Insights), and to personalization on Algolia's service.
  public var userToken: String?
  /// Tags that segment this search in Algolia's analytics (`["ios", "campaign-b"]`).
  public var analyticsTags: [String]?
  /// On a virtual replica (Relevant Sort): how similar to the most relevant hit a hit must be to be sorted
  /// and returned, from 0 (every hit, sorted by the replica's ranking) to 100 (only the most relevant).
  public var relevancyStrictness: Int?
  /// The searchable attributes this search looks in: a subset of the index's `searchableAttributes`, by
  /// attribute name (without `unordered(…)`; an attribute that shares its entry with others, `"a,b"`,
  /// cannot be named alone). The attributes keep their priority. No effect when the index has no
  /// `searchableAttributes`, as on Algolia.
  public var restrictSearchableAttributes: [String]?
  /// Whether the query text is read with the advanced syntax: `"an exact phrase"` and `-excluded` words
  /// (``advancedSyntaxFeatures`` says which of the two apply).
  public var advancedSyntax: Bool?
  /// The features of the advanced syntax that apply: both by default.
  public var advancedSyntaxFeatures: [AdvancedSyntaxFeature]?
  /// Which alternative forms of a word count as exact matches for the exact criterion (by default
  /// `ignorePlurals` and `singleWordSynonym`): left out, a synonym still matches but ranks below the word
  /// itself.
  public var alternativesAsExact: [AlternativeAsExact]?
  /// Whether plural and singular forms of a query word match it (`true`: in ``queryLanguages``, else the
  /// index's languages, else every language with plural rules; or the languages listed).
  public var ignorePlurals: LanguageSwitch?
  /// Whether stop words (`the`, `of`…) are removed from the query, never all of them and never the word
  /// being typed (`true`: in ``queryLanguages``, else the index's languages, else every language with a
  /// list; or the languages listed).
  public var removeStopWords: LanguageSwitch?
  /// Words to search for things similar to, instead of ``query``: read without prefixes, without their stop
  /// words, every word optional, records holding more of them first (the `words` criterion before the
  /// others), as Algolia's `similarQuery` (Related Items' searches).
  public var similarQuery: String?
  /// The languages of the query (ISO 639-1 codes), for ``ignorePlurals`` and ``removeStopWords``.
  public var queryLanguages: [String]?
  /// Languages of a query written as a sentence (a voice search): with some, `ignorePlurals` and
  /// `removeStopWords` default to them, `removeWordsIfNoResults` to `allOptional`, and `natural_language`
  /// joins ``ruleContexts`` and ``analyticsTags`` (see ``applyingNaturalLanguages()``).
  public var naturalLanguages: [String]?
  /// Whether a compound word of the query (`kopfhörer`) also matches its parts written apart ("Kopf
  /// Hörer"), in the index's decompounding languages or the query's (`nil`: `true`, Algolia's default).
  public var decompoundQuery: Bool?
  /// Whether a word of a hit matched through a synonym is shown in `_highlightResult` and
  /// `_snippetResult` as the query word it stands for (`false`, the default: as written in the record).
  public var replaceSynonymsInHighlight: Bool?
  /// Words of the query that records need not hold (each entry's words): a record matches when it holds
  /// the other words (at least one word when every word is optional), and records holding more of the
  /// query's words rank first (the words criterion).
  public var optionalWords: [String]?
  /// What to do when the query matches nothing: try again with words made optional, from the end
  /// (`lastWords`) or the start (`firstWords`) one at a time — at most 5 — or all at once (`allOptional`).
  public var removeWordsIfNoResults: RemoveWordsIfNoResults?
  /// The members of the answer to return (`["hits", "nbHits"]`; `["*"]`, the default, for all). The
  /// fields Algolia always returns (`message`, `warning`, `cursor`, `_rankingInfo`…) stay.
  public var responseFields: [String]?
  /// How results should be shown, for this search: replaces the index's `renderingContent` in the answer.
  public var renderingContent: RenderingContent?
  /// The smallest distance the proximity criterion tells apart (1–7, 1 by default): with 2, words one
  /// word apart rank as if adjacent.
  public var minProximity: Int?
  /// Whether the attribute criterion takes the attribute in which the query words are closest together
  /// (`true`) rather than the best attribute any of them is found in (`false`, the default).
  public var attributeCriteriaComputedByMinProximity: Bool?
  /// Whether numbers in the query (`2024`, `iphone 15`) may match with typos (`true` by default).
  public var allowTyposOnNumericTokens: Bool?
  /// What counts as exact for a query of one word (the exact criterion): the whole value of an attribute
  /// (`attribute`, the default: "iphone" is exact in a name "iPhone", not in "iPhone case"), the word
  /// anywhere (`word`), or nothing (`none`).
  public var exactOnSingleWordQuery: ExactOnSingleWordQuery?
  /// Whether the highlights and snippets of an array keep only its elements that match the query (at
  /// least partially); `false` by default: every element.
  public var restrictHighlightAndSnippetArrays: Bool?
  /// Attributes whose words match the query only without typos (a record matching a word there with a
  /// typo does not match by it).
  public var disableTypoToleranceOnAttributes: [String]?
  /// Attributes whose words never count as exact matches (the exact criterion).
  public var disableExactOnAttributes: [String]?
  /// Every other parameter, passed through as it is. Typed properties win over a key here.
  public var additionalParameters: [String: JSON]

  /// The empty query, or a query for `text`.
  public init(_ text: String? = nil) {
    self.query = text
    self.additionalParameters = [:]
  }
}
