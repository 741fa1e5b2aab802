import InstantSearchModel

/// A `SearchClient` answering from ``LocalIndex``es in this process: no account, no network.
///
/// ```swift
/// let index = LocalIndex(name: "products", settings: settings)
/// try index.loadJSONLines(contentsOf: url)
/// let searcher = HitsSearcher(client: LocalSearchClient(indices: [index]), indexName: "products")
/// ```
///
/// Searches run off the main actor, concurrently; each query reads one snapshot of its index.
public final class LocalSearchClient: SearchClient {
  private let indices: Locked<[String: LocalIndex]>
  /// Where the searches of this client run parts of their work, and the queries of a request after its
  /// first.
  public let parallelism: SearchParallelism

  /// Creates a client serving `indices`, its searches using `parallelism` (by default a side thread of the
  /// client's own).
  public init(indices: [LocalIndex] = [], parallelism: SearchParallelism = .sideThread()) {
    self.indices = Locked(Dictionary(indices.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last }))
    self.parallelism = parallelism
    for index in indices { index.dictionaries = dictionaries }
  }

  /// The application's dictionaries (Algolia's Dictionaries API: custom stop words, plurals and compounds), shared by
  /// every index the client serves.
  public let dictionaries = LanguageDictionaries()

  /// Creates a client serving `indices` whose searches use `sideThread` (`nil`: none).
  convenience init(indices: [LocalIndex], sideThread: SideThread?) {
    self.init(indices: indices, parallelism: SearchParallelism(sideThread: sideThread))
  }

  /// Adds or replaces an index.
  public func register(_ index: LocalIndex) {
    index.dictionaries = dictionaries
    indices.withLock { $0[index.name] = index }
  }

  /// Removes the index named `name` (and so its replicas), if registered.
  public func unregister(_ name: String) {
    indices.withLock { $0[name] = nil }
  }

  /// The index named `name`.
  public func index(named name: String) -> LocalIndex? {
    indices.withLock { $0[name] }
  }

  /// The replica named `name` of one of the indices.
  public func replica(named name: String) -> LocalReplica? {
    for index in indices.withLock({ Array($0.values) }) {
      if let replica = index.replica(named: name) { return replica }
    }
    return nil
  }

  /// Answers each query with its index; `stopIfEnoughMatches` stops after the first query that returns
  /// at least `hitsPerPage` hits and answers the rest with empty results.
  ///
  /// Without a stop, the queries after the first (the facet queries of disjunctive faceting, say) run on
  /// a second thread while the first runs on the caller's, when that thread is idle.
  ///
  /// - Throws: ``EngineError/invalidParameter(_:)`` for more than ``SearchLimits/maximumQueriesPerRequest``
  ///   queries, ``EngineError/indexNotFound(_:)`` (`Index products does not exist`), or the first query's
  ///   error.
  public func search(_ queries: [IndexedQuery], strategy: MultipleQueriesStrategy) async throws -> [SearchResponse] {
    guard queries.count <= SearchLimits.maximumQueriesPerRequest else {
      throw EngineError.invalidParameter(
        "Too many queries in multi query request: \(queries.count) (at most \(SearchLimits.maximumQueriesPerRequest))")
    }
    if strategy == .none, let first = queries.first, queries.count > 1 {
      let rest = Array(queries.dropFirst())
      let side = parallelism.sideThread?.start { [self] in
        Result { () throws(EngineError) in try rest.map { query throws(EngineError) in try answer(query) } }
      }
      if let side {
        // The first query's error comes first, as when the queries run in turn.
        let head = try answer(first)
        return try [head] + side.value.get()
      }
    }
    var responses: [SearchResponse] = []
    var enough = false
    for query in queries {
      if enough {
        guard index(named: query.indexName) != nil || replica(named: query.indexName) != nil else {
          throw EngineError.indexNotFound(query.indexName)
        }
        responses.append(SearchResponse(index: query.indexName))
        continue
      }
      let response = try answer(query)
      if strategy == .stopIfEnoughMatches, response.nbHits >= response.hitsPerPage, response.hitsPerPage > 0 {
        enough = true
      }
      responses.append(response)
    }
    return responses
  }

  /// The response of `query` from its index or replica.
  private func answer(_ query: IndexedQuery) throws(EngineError) -> SearchResponse {
    let index = index(named: query.indexName)
    return try Self.answer(
      query, index: index, replica: index == nil ? replica(named: query.indexName) : nil, parallelism)
  }

  /// The response of `query` from `index` or else `replica`, with `parallelism`, its hits in `form`.
  package static func answer(
    _ query: IndexedQuery, index: LocalIndex?, replica: LocalReplica?, _ parallelism: SearchParallelism,
    seesUnretrievableAttributes: Bool = false, hits form: HitForm = .objects
  ) throws(EngineError) -> SearchResponse {
    let sees = seesUnretrievableAttributes
    if let index {
      return try index.search(query.query, parallelism: parallelism, seesUnretrievableAttributes: sees, as: form)
    }
    if let replica {
      return try replica.search(query.query, parallelism: parallelism, seesUnretrievableAttributes: sees, as: form)
    }
    throw EngineError.indexNotFound(query.indexName)
  }

  /// Searches the values of a `searchable(…)` facet.
  public func searchForFacetValues(
    indexName: String, attribute: Attribute, facetQuery: String, query: Query, maxFacetHits: Int?
  ) async throws -> FacetSearchResponse {
    if let index = index(named: indexName) {
      return try index.searchForFacetValues(
        attribute: attribute.rawValue, facetQuery: facetQuery, query: query, maxFacetHits: maxFacetHits)
    }
    guard let replica = replica(named: indexName) else { throw EngineError.indexNotFound(indexName) }
    return try replica.searchForFacetValues(
      attribute: attribute.rawValue, facetQuery: facetQuery, query: query, maxFacetHits: maxFacetHits)
  }
}

extension LocalIndex {
  /// Searches the values of a `searchable(…)` facet (see ``LocalSearchClient``).
  public func searchForFacetValues(
    attribute: String, facetQuery: String, query: Query = Query(), maxFacetHits: Int? = nil
  ) throws(EngineError) -> FacetSearchResponse {
    var search = ViewSearch(view: view, query: query)
    search.dictionaries = dictionaries
    return try search.searchFacetValues(attribute: attribute, facetQuery: facetQuery, maxFacetHits: maxFacetHits)
  }
}
