import Foundation

/// The answer to one search query, in Algolia's response shape.
public struct SearchResponse: Hashable, Sendable {
  /// The hits of the requested page.
  public var hits: [SearchHit]
  /// How many records match.
  public var nbHits: Int
  /// The page returned, from 0.
  public var page: Int
  /// How many pages there are.
  public var nbPages: Int
  /// How many hits a page holds.
  public var hitsPerPage: Int
  /// With offset-based pagination, the query's `offset`: the position of the first hit returned.
  public var offset: Int?
  /// With offset-based pagination, how many hits were asked for from ``offset``.
  public var length: Int?
  /// Server processing time in milliseconds.
  public var processingTimeMS: Int
  /// Facet counts: attribute → value → count.
  public var facets: [String: [String: Int]]
  /// Statistics of numeric facets (`facets_stats`).
  public var facetsStats: [String: FacetStats]
  /// Whether the facet counts are exact (the older flag; see also ``exhaustive``).
  public var exhaustiveFacetsCount: Bool?
  /// Exhaustiveness flags of the newer API.
  public var exhaustive: Exhaustive?
  /// Whether ``nbHits`` is exact (the older flag Algolia still sends beside ``exhaustive``).
  public var exhaustiveNbHits: Bool?
  /// Whether typo tolerance was applied to every match (the older flag Algolia still sends beside
  /// ``exhaustive``).
  public var exhaustiveTypo: Bool?
  /// The query text as the engine received it.
  public var query: String?
  /// The URL-encoded parameters the engine used.
  public var params: String?
  /// The index that answered.
  public var index: String?
  /// The query identifier, with click analytics on.
  public var queryID: String?
  /// How the index's settings say results should be shown (the order of facets and values).
  public var renderingContent: RenderingContent?
  /// From a virtual replica (Relevant Sort): how many of the ``nbHits`` matches were relevant enough to be
  /// sorted by the replica's ranking; only those are paged through. `nil` from any other index.
  public var nbSortedHits: Int?
  /// From a virtual replica: the `relevancyStrictness` the search used (the query's, else the replica's
  /// setting, else 100).
  public var appliedRelevancyStrictness: Int?
  /// The custom data of the query rules the search applied (each rule's `userData`, in order), for the
  /// Query Rule Custom Data widget; `nil` when none carried any.
  public var userData: [JSON]?
  /// The query rules the search applied: `{"objectID": …}` each.
  public var appliedRules: [JSON]?
  /// When the query matched nothing and `removeWordsIfNoResults` made words optional to find hits: the
  /// query with those words between the highlight tags (`sparkly blue <em>iphone</em>`).
  public var queryAfterRemoval: String?
  /// The radius, in meters (as text, as Algolia writes it), of the circle a search around `aroundLatLng`
  /// without `aroundRadius` drew from the density of its matches; `nil` for any other search.
  public var automaticRadius: String?
  /// What the service's extensions (`extensions` in the query, such as `queryCategorization`) answered;
  /// the embedded engine has none of these services and answers each one asked for with `{}`.
  public var extensions: [String: JSON]?
  /// A notice about the answer that is not an error, as Algolia words it: a page beyond the index's
  /// `paginationLimitedTo` is answered with no hits and this message.
  public var message: String?
  /// Per attribute, whether its facet counts are exact, when they came from several responses merged
  /// (`SearchPlan/merge(_:)`); empty otherwise. Not part of Algolia's responses: encoded, when not empty,
  /// as `exhaustiveFacetsCountByAttribute`. Read it with ``isFacetCountExhaustive(for:)``.
  public var exhaustiveFacetsCountByAttribute: [String: Bool] = [:]
  /// The hits already written as JSON text, when the server asked the engine for them so (``hits`` is then
  /// empty): what it writes out as it is, rather than building each hit's object to write it.
  package var hitsText: HitsText?

  /// Creates a response.
  public init(
    hits: [SearchHit] = [], nbHits: Int? = nil, page: Int = 0, nbPages: Int? = nil, hitsPerPage: Int? = nil,
    processingTimeMS: Int = 0, facets: [String: [String: Int]] = [:], facetsStats: [String: FacetStats] = [:],
    exhaustiveFacetsCount: Bool? = nil, exhaustive: Exhaustive? = nil, query: String? = nil, params: String? = nil,
    index: String? = nil, queryID: String? = nil
  ) {
    self.hits = hits
    self.nbHits = nbHits ?? hits.count
    self.page = page
    self.hitsPerPage = hitsPerPage ?? hits.count
    self.nbPages = nbPages ?? (hits.isEmpty ? 0 : 1)
    self.processingTimeMS = processingTimeMS
    self.facets = facets
    self.facetsStats = facetsStats
    self.exhaustiveFacetsCount = exhaustiveFacetsCount
    self.exhaustive = exhaustive
    self.query = query
    self.params = params
    self.index = index
    self.queryID = queryID
  }

  /// Exhaustiveness flags: whether each computed figure is exact.
  public struct Exhaustive: Hashable, Sendable, Codable {
    /// Whether `nbHits` is exact.
    public var nbHits: Bool?
    /// Whether facet counts are exact.
    public var facetsCount: Bool?
    /// Whether every facet value was returned.
    public var facetValues: Bool?
    /// Whether typo tolerance was applied exhaustively.
    public var typo: Bool?
    /// Whether every rule was applied.
    public var rulesMatch: Bool?

    /// Creates flags.
    public init(
      nbHits: Bool? = nil, facetsCount: Bool? = nil, facetValues: Bool? = nil, typo: Bool? = nil,
      rulesMatch: Bool? = nil
    ) {
      self.nbHits = nbHits
      self.facetsCount = facetsCount
      self.facetValues = facetValues
      self.typo = typo
      self.rulesMatch = rulesMatch
    }
  }

  /// Whether the facet counts are exact, from either flag (`true` when neither is present).
  public var areFacetCountsExhaustive: Bool {
    exhaustive?.facetsCount ?? exhaustiveFacetsCount ?? true
  }

  /// Whether the facet counts of `attribute` are exact: its own flag after a merge, else the response's.
  public func isFacetCountExhaustive(for attribute: Attribute) -> Bool {
    exhaustiveFacetsCountByAttribute[attribute.rawValue] ?? areFacetCountsExhaustive
  }

  /// The values of a facet, by decreasing count then by value.
  public func facets(for attribute: Attribute) -> [Facet] {
    (facets[attribute.rawValue] ?? [:])
      .map { Facet(value: $0.key, count: $0.value) }
      .sorted { lhs, rhs in
        lhs.count != rhs.count ? lhs.count > rhs.count : UTF8Order.precedes(lhs.value, rhs.value)
      }
  }

  /// Decodes a response from JSON data.
  ///
  /// - Throws: ``ResponseDecodingError`` naming the key path of the first value of the wrong type.
  public static func decode(from data: Data) throws(ResponseDecodingError) -> SearchResponse {
    do {
      return try JSONDecoder().decodeBounded(SearchResponse.self, from: data)
    } catch let error as DecodingError {
      throw ResponseDecodingError(error)
    } catch {
      throw ResponseDecodingError(path: "", message: "\(error)")
    }
  }
}

extension SearchResponse: Codable {
  private enum CodingKeys: String, CodingKey {
    case hits, nbHits, page, nbPages, hitsPerPage, offset, length, processingTimeMS, facets
    case facetsStats = "facets_stats"
    case exhaustiveFacetsCount, exhaustive, query, params, index, queryID, exhaustiveFacetsCountByAttribute
    case exhaustiveNbHits, exhaustiveTypo
    case renderingContent, nbSortedHits, appliedRelevancyStrictness, userData, appliedRules, queryAfterRemoval
    case extensions, automaticRadius, message
  }

  /// Decodes a response; unknown keys are ignored, missing counters default from the hits.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let hits = try container.decodeIfPresent([SearchHit].self, forKey: .hits) ?? []
    self.init(
      hits: hits,
      nbHits: try container.decodeIfPresent(Int.self, forKey: .nbHits),
      page: try container.decodeIfPresent(Int.self, forKey: .page) ?? 0,
      nbPages: try container.decodeIfPresent(Int.self, forKey: .nbPages),
      hitsPerPage: try container.decodeIfPresent(Int.self, forKey: .hitsPerPage),
      processingTimeMS: try container.decodeIfPresent(Int.self, forKey: .processingTimeMS) ?? 0,
      facets: try container.decodeIfPresent([String: [String: Int]].self, forKey: .facets) ?? [:],
      facetsStats: try container.decodeIfPresent([String: FacetStats].self, forKey: .facetsStats) ?? [:],
      exhaustiveFacetsCount: try container.decodeIfPresent(Bool.self, forKey: .exhaustiveFacetsCount),
      exhaustive: try container.decodeIfPresent(Exhaustive.self, forKey: .exhaustive),
      query: try container.decodeIfPresent(String.self, forKey: .query),
      params: try container.decodeIfPresent(String.self, forKey: .params),
      index: try container.decodeIfPresent(String.self, forKey: .index),
      queryID: try container.decodeIfPresent(String.self, forKey: .queryID))
    exhaustiveFacetsCountByAttribute =
      try container.decodeIfPresent([String: Bool].self, forKey: .exhaustiveFacetsCountByAttribute) ?? [:]
    offset = try container.decodeIfPresent(Int.self, forKey: .offset)
    exhaustiveNbHits = try container.decodeIfPresent(Bool.self, forKey: .exhaustiveNbHits)
    exhaustiveTypo = try container.decodeIfPresent(Bool.self, forKey: .exhaustiveTypo)
    length = try container.decodeIfPresent(Int.self, forKey: .length)
    renderingContent = try container.decodeIfPresent(RenderingContent.self, forKey: .renderingContent)
    nbSortedHits = try container.decodeIfPresent(Int.self, forKey: .nbSortedHits)
    appliedRelevancyStrictness = try container.decodeIfPresent(Int.self, forKey: .appliedRelevancyStrictness)
    userData = try container.decodeIfPresent([JSON].self, forKey: .userData)
    appliedRules = try container.decodeIfPresent([JSON].self, forKey: .appliedRules)
    queryAfterRemoval = try container.decodeIfPresent(String.self, forKey: .queryAfterRemoval)
    automaticRadius = try container.decodeIfPresent(String.self, forKey: .automaticRadius)
    extensions = try container.decodeIfPresent([String: JSON].self, forKey: .extensions)
    message = try container.decodeIfPresent(String.self, forKey: .message)
  }

  /// Encodes the response in Algolia's shape (`facets` and `facets_stats` only when not empty), plus the
  /// per-attribute exhaustiveness of a merged response when it has one.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(hits, forKey: .hits)
    try container.encode(nbHits, forKey: .nbHits)
    try container.encode(page, forKey: .page)
    try container.encode(nbPages, forKey: .nbPages)
    try container.encode(hitsPerPage, forKey: .hitsPerPage)
    try container.encodeIfPresent(offset, forKey: .offset)
    try container.encodeIfPresent(length, forKey: .length)
    try container.encode(processingTimeMS, forKey: .processingTimeMS)
    if !facets.isEmpty { try container.encode(facets, forKey: .facets) }
    if !facetsStats.isEmpty { try container.encode(facetsStats, forKey: .facetsStats) }
    try container.encodeIfPresent(exhaustiveFacetsCount, forKey: .exhaustiveFacetsCount)
    try container.encodeIfPresent(exhaustive, forKey: .exhaustive)
    try container.encodeIfPresent(exhaustiveNbHits, forKey: .exhaustiveNbHits)
    try container.encodeIfPresent(exhaustiveTypo, forKey: .exhaustiveTypo)
    try container.encodeIfPresent(query, forKey: .query)
    try container.encodeIfPresent(params, forKey: .params)
    try container.encodeIfPresent(index, forKey: .index)
    try container.encodeIfPresent(queryID, forKey: .queryID)
    try container.encodeIfPresent(renderingContent, forKey: .renderingContent)
    try container.encodeIfPresent(nbSortedHits, forKey: .nbSortedHits)
    try container.encodeIfPresent(appliedRelevancyStrictness, forKey: .appliedRelevancyStrictness)
    try container.encodeIfPresent(userData, forKey: .userData)
    try container.encodeIfPresent(appliedRules, forKey: .appliedRules)
    try container.encodeIfPresent(queryAfterRemoval, forKey: .queryAfterRemoval)
    try container.encodeIfPresent(automaticRadius, forKey: .automaticRadius)
    try container.encodeIfPresent(extensions, forKey: .extensions)
    try container.encodeIfPresent(message, forKey: .message)
    if !exhaustiveFacetsCountByAttribute.isEmpty {
      try container.encode(exhaustiveFacetsCountByAttribute, forKey: .exhaustiveFacetsCountByAttribute)
    }
  }
}
