/// A query for one index, as sent in a multi-query.
public struct IndexedQuery: Hashable, Sendable, Codable {
  /// The index to search.
  public var indexName: String
  /// The search parameters.
  public var query: Query

  /// Creates an indexed query.
  public init(indexName: String, query: Query) {
    self.indexName = indexName
    self.query = query
  }
}
