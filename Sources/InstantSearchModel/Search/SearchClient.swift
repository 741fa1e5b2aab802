/// How a multi-query runs its queries.
public enum MultipleQueriesStrategy: String, Hashable, Sendable, Codable {
  /// Run every query.
  case none
  /// Run the queries in order and stop once one returns at least `hitsPerPage` hits.
  case stopIfEnoughMatches
}

/// A search backend: the Algolia service, the embedded engine, or a test double.
///
/// Implementations are `Sendable` and answer off the main actor. Errors are thrown as they are; the
/// searcher wraps them with the request that caused them.
public protocol SearchClient: Sendable {
  /// Runs several queries in one call and returns one response per query, in order.
  func search(_ queries: [IndexedQuery], strategy: MultipleQueriesStrategy) async throws -> [SearchResponse]

  /// Searches the values of a facet declared `searchable(…)`, among the records matching `query`.
  func searchForFacetValues(
    indexName: String, attribute: Attribute, facetQuery: String, query: Query, maxFacetHits: Int?
  ) async throws -> FacetSearchResponse
}

extension SearchClient {
  /// Runs several `(indexName, query)` pairs in one call.
  public func search(
    _ queries: [(indexName: String, query: Query)], strategy: MultipleQueriesStrategy = .none
  ) async throws -> [SearchResponse] {
    try await search(queries.map { IndexedQuery(indexName: $0.indexName, query: $0.query) }, strategy: strategy)
  }

  /// Runs one query.
  public func search(indexName: String, query: Query) async throws -> SearchResponse {
    let responses = try await search([IndexedQuery(indexName: indexName, query: query)], strategy: .none)
    guard responses.count == 1, let response = responses.first else {
      throw SearchError.responseCountMismatch(expected: 1, received: responses.count)
    }
    return response
  }
}
