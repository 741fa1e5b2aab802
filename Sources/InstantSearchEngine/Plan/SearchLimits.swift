import InstantSearchModel

/// The bounds the embedded engine puts on one request, so that no request can make it crash, exhaust its
/// memory or run for long. Each is Algolia's documented limit where Algolia has one; a request past a bound
/// gets a 400 ``EngineError`` that names the parameter, its size and the bound, as Algolia answers.
///
/// Other bounds live with what they bound: `FilterExpression/maximumNestingDepth` (64 levels) and
/// `FilterExpression/maximumFilterCount` (1,000 filters) in the filter grammar,
/// ``IndexSettings/maximumPaginationLimit`` (20,000 reachable positions), ``IndexSettings/maximumTagBytes``
/// (512-byte highlight tags), `length` and `maxValuesPerFacet` (0…1,000), and
/// `JSON.maximumDepth` (100 levels of JSON).
public enum SearchLimits {
  /// The longest query text, in UTF-8 bytes: 512, Algolia's "query size".
  public static let maximumQueryBytes = 512
  /// The most hits a page holds: a larger `hitsPerPage` is read as this (not refused), as Algolia does.
  public static let maximumHitsPerPage = 1_000

  /// The most attributes one query's `facets` may name: 1,000 (each costs a pass over its column).
  public static let maximumFacetCount = 1_000

  /// The most queries in one multi-query request: 50; Algolia answers more with
  /// `Too many queries in multi query request`.
  public static let maximumQueriesPerRequest = 50

  /// The most words a snippet keeps (`attr:N` asks for N): 1,000; a larger N is read as 1,000.
  public static let maximumSnippetWords = 1_000

  /// The largest request body, in bytes: 50 MB, Algolia's "search request body size".
  public static let maximumRequestBytes = 50 << 20
}
