import Foundation
import InstantSearchEngine
import InstantSearchModel

/// One search as the analytics count it (a search with `analytics` not `false`): when, on which index,
/// its query (trimmed, lower-cased, as top searches group them), how many hits and which ones it showed,
/// its `analyticsTags`, the facet filters it applied, its `queryID` (with `clickAnalytics`) and its user.
/// Kept in the data directory's `.searches.jsonl`.
struct SearchRecord: Sendable, Hashable {
  /// Milliseconds since 1970.
  let timestamp: Int64
  let index: String
  let query: String
  let nbHits: Int
  /// The objectIDs of the hits it answered (at most ``maximumHits``).
  let hits: [String]
  let tags: [String]
  /// The facet filters it applied, `attribute:value` (negated ones left out).
  let filters: [String]
  let queryID: String?
  /// `userToken`, else the `X-Algolia-UserToken` header, else the client's address.
  let user: String

  /// The most hits kept per search: 20 (a first page).
  static let maximumHits = 20

  /// The record of `response` to `query` on `index` by `user`, `nil` when the search asked for no
  /// analytics.
  init?(_ query: Query, _ response: SearchResponse, index: String, user: String, now: Int64) {
    guard query.analytics != false else { return nil }
    timestamp = now
    self.index = index
    self.query = (query.query ?? "").trimmingCharacters(in: .whitespaces).lowercased()
    nbHits = response.nbHits
    hits = Array((response.hitsText?.objectIDs ?? response.hits.map(\.objectID)).prefix(Self.maximumHits))
    tags = query.analyticsTags ?? []
    filters = Self.facetFilters(of: query)
    queryID = response.queryID
    self.user = query.userToken ?? user
  }

  init(
    timestamp: Int64, index: String, query: String, nbHits: Int, hits: [String], tags: [String], filters: [String],
    queryID: String?, user: String
  ) {
    self.timestamp = timestamp
    self.index = index
    self.query = query
    self.nbHits = nbHits
    self.hits = hits
    self.tags = tags
    self.filters = filters
    self.queryID = queryID
    self.user = user
  }

  /// The facet conditions of a query's `facetFilters` and `filters`, `attribute:value`, each once.
  static func facetFilters(of query: Query) -> [String] {
    var found: [String] = []
    for text in (query.facetFilters ?? []).joined() where !text.hasPrefix("-") && text.contains(":") {
      if !found.contains(text) { found.append(text) }
    }
    if let text = query.filters, !text.isEmpty {
      let expression: FilterExpression
      do {
        expression = try FilterExpression(parsing: text)
      } catch {
        // Not reached: the search this records parsed the same text before it answered.
        return Array(found.prefix(100))
      }
      for case .facet(let facet) in expression.clauses.joined() where !facet.isNegated {
        let condition = "\(facet.attribute):\(facet.value)"
        if !found.contains(condition) { found.append(condition) }
      }
    }
    return Array(found.prefix(100))
  }

  /// The record as stored.
  var json: JSON {
    var object: [String: JSON] = [
      "timestamp": .number(Double(timestamp)), "index": .string(index), "query": .string(query),
      "nbHits": .number(Double(nbHits)), "hits": .array(hits.map { .string($0) }),
      "tags": .array(tags.map { .string($0) }), "filters": .array(filters.map { .string($0) }), "user": .string(user),
    ]
    if let queryID { object["queryID"] = .string(queryID) }
    return .object(object)
  }

  /// A stored record; `nil` when `json` is not one.
  init?(stored json: JSON) {
    guard let timestamp = json["timestamp"]?.doubleValue, timestamp.isFinite, (0..<1e15).contains(timestamp),
      let index = json["index"]?.stringValue, let query = json["query"]?.stringValue,
      let nbHits = json["nbHits"]?.doubleValue, nbHits.isFinite, (0..<1e12).contains(nbHits),
      let user = json["user"]?.stringValue
    else { return nil }
    let strings = { (name: String) in (json[name]?.arrayValue ?? []).compactMap(\.stringValue) }
    self.init(
      timestamp: Int64(timestamp), index: index, query: query, nbHits: Int(nbHits), hits: strings("hits"),
      tags: strings("tags"), filters: strings("filters"), queryID: json["queryID"]?.stringValue, user: user)
  }
}
