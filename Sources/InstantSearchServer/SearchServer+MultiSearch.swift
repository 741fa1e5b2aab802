import Foundation
import InstantSearchEngine
import InstantSearchModel

extension SearchServer {
  /// The results of a multi-query body, `{"requests": [...], "strategy": ...}`, in request order: hits
  /// results, and facet value search results for `"type": "facet"` requests. With `stopIfEnoughMatches`,
  /// the queries after one that fills its page get empty results.
  static func multiSearch(_ store: IndexStore, _ json: JSON?, grant: Grant, user: String) throws(APIError)
    -> [JSONText]
  {
    guard case .array(let requests)? = json?.objectValue?["requests"] else {
      throw APIError(400, "\"requests\" must be an array")
    }
    guard requests.count <= SearchLimits.maximumQueriesPerRequest else {
      throw APIError(
        400,
        "Too many queries in multi query request: \(requests.count) (at most \(SearchLimits.maximumQueriesPerRequest))")
    }
    let stopIfEnough: Bool
    switch json?.objectValue?["strategy"] {
    case nil, .string("none")?: stopIfEnough = false
    case .string("stopIfEnoughMatches")?: stopIfEnough = true
    case let other?: throw APIError(400, "strategy must be none or stopIfEnoughMatches, got \(other.preview)")
    }
    var results: [JSONText] = []
    var enough = false
    for (position, request) in requests.enumerated() {
      guard case .object(var parameters) = request else {
        throw APIError(400, "requests[\(position)] must be an object")
      }
      guard case .string(let index)? = parameters.removeValue(forKey: "indexName") else {
        throw APIError(400, "requests[\(position)].indexName must be a string")
      }
      try grant.check(index: index)
      let type = parameters.removeValue(forKey: "type")?.stringValue ?? "default"
      if type == "facet" {
        guard let facet = parameters.removeValue(forKey: "facet")?.stringValue else {
          throw APIError(400, "requests[\(position)].facet is missing")
        }
        let (facetQuery, max) = try facetSearchParameters(&parameters, at: "requests[\(position)]")
        let query = try grant.restrict(try Self.query(parameters, at: "requests[\(position)]"))
        let response = try searching { () throws(EngineError) in
          try facetSearch(store, index: index, facet: facet, facetQuery: facetQuery, query: query, max: max)
        }
        results.append(JSONText(try encodedJSON(of: response)))
        continue
      }
      let query = try grant.restrict(try Self.query(parameters, at: "requests[\(position)]"))
      if enough {
        results.append(JSONText(SearchResponse(index: index).jsonValue))
        continue
      }
      let response = try searching { () throws(EngineError) in
        try search(store, IndexedQuery(indexName: index, query: query), grant: grant)
      }
      if stopIfEnough, response.hitsPerPage > 0, response.nbHits >= response.hitsPerPage { enough = true }
      let effective = try effective(query, of: index, in: store)
      recordSearch(store, effective, response, index: index, user: user)
      results.append(text(response, of: effective))
    }
    return results
  }

  /// A value as JSON (through its `Encodable` form).
  static func encodedJSON<T: Encodable>(of value: T) throws(APIError) -> JSON {
    do {
      return try JSONDecoder().decodeBounded(JSON.self, from: JSONEncoder().encode(value))
    } catch {
      throw APIError(500, "the response does not encode: \(error)")
    }
  }
}

extension SearchServer {
  /// Records a search answered for the analytics (unless it asked for none). A log that cannot be written
  /// does not fail the search: the failure goes to the server's log.
  static func recordSearch(_ store: IndexStore, _ query: Query, _ response: SearchResponse, index: String, user: String)
  {
    let now = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    guard let record = SearchRecord(query, response, index: index, user: user, now: now) else { return }
    do throws(EngineError) {
      try store.analytics.record(record)
    } catch {
      APIError.log.error("the search log could not be written: \(error)")
    }
  }
}
