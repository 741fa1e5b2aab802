import Foundation
import InstantSearchCore
import InstantSearchEngine
import InstantSearchLanguageData
import Testing

/// Builds small indexes for tests.
enum Fixture {
  static func index(
    _ records: [[String: JSON]], settings: [String: JSON] = [:], name: String = "products"
  ) throws -> LocalIndex {
    // The language tables (a product of their own) are there for every index the tests make.
    InstantSearchLanguageData.install()
    let index = LocalIndex(name: name, settings: try IndexSettings(json: settings))
    try index.saveRecords(records)
    return index
  }

  static func query(_ text: String? = nil, filters: String? = nil, _ configure: (inout Query) -> Void = { _ in })
    -> Query
  {
    var query = Query(text)
    query.filters = filters
    configure(&query)
    return query
  }

  /// The objectIDs of the hits of `text` (the query made by ``query(_:filters:_:)``) in `index`, as a set.
  static func matchedIDs(_ index: LocalIndex, _ text: String, _ configure: (inout Query) -> Void = { _ in }) throws
    -> Set<String>
  {
    Set(try index.search(query(text, configure)).hits.map(\.objectID))
  }

  /// ``matchedIDs(_:_:_:)`` with whole words and no typos (`prefixNone`, typo tolerance off): what the
  /// words as typed and their alternatives (plurals, synonyms, dictionary entries) match.
  static func wholeWordIDs(_ index: LocalIndex, _ text: String, _ configure: (inout Query) -> Void = { _ in }) throws
    -> Set<String>
  {
    try matchedIDs(index, text) {
      $0.queryType = .prefixNone
      $0.typoTolerance = .enabled(false)
      configure(&$0)
    }
  }

  static func ids(_ response: SearchResponse) -> [String] {
    response.hits.map(\.objectID)
  }

  /// Expects `index` to answer `query` as `reference` does: the same hits (whole records), `nbHits` and
  /// facet counts.
  static func expectSameAnswer(
    _ query: Query, from index: LocalIndex, as reference: LocalIndex, _ comment: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let expected = try reference.search(query)
    let answer = try index.search(query)
    #expect(
      answer.nbHits == expected.nbHits && answer.facets == expected.facets, "\(comment)",
      sourceLocation: sourceLocation)
    #expect(answer.hits.map(\.object) == expected.hits.map(\.object), "\(comment)", sourceLocation: sourceLocation)
  }
}
