import Foundation
import InstantSearchCore
import InstantSearchEngine

/// Builds small indexes for tests.
enum Fixture {
  static func index(
    _ records: [[String: JSON]], settings: [String: JSON] = [:], name: String = "products"
  ) throws -> LocalIndex {
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

  static func ids(_ response: SearchResponse) -> [String] {
    response.hits.map(\.objectID)
  }
}
