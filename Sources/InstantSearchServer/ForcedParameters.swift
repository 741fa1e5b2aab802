import InstantSearchModel

/// Search parameters a key forces on every query (a secured key's, or an API key's `queryParameters`).
enum ForcedParameters {
  /// `query` with `forced`: `filters` ANDed with the query's, `facetFilters`, `tagFilters` and
  /// `numericFilters` appended to the query's (so both apply), every other parameter replacing the query's.
  ///
  /// - Throws: ``APIError`` (403) when the forced parameters do not read, naming `owner`.
  static func apply(_ forced: [String: String], to query: Query, owner: String) throws(APIError) -> Query {
    var forced = forced
    let filters = forced.removeValue(forKey: "filters")
    var combined = query
    let text = forced.sorted { $0.key < $1.key }.map { key, value in
      SecuredAPIKey.encode(key) + "=" + SecuredAPIKey.encode(value)
    }.joined(separator: "&")
    if !text.isEmpty {
      let keyQuery: Query
      do {
        keyQuery = try Query(urlEncodedParameters: text)
      } catch {
        throw APIError(403, "\(owner) holds parameters that do not read: \(error)")
      }
      var object = query.jsonObject
      for (name, value) in keyQuery.jsonObject {
        switch (name, object[name]) {
        case ("facetFilters", .array(let mine)?), ("tagFilters", .array(let mine)?),
          ("numericFilters", .array(let mine)?):
          object[name] = .array(mine + (value.arrayValue ?? [value]))
        default:
          object[name] = value
        }
      }
      do {
        combined = try Query(jsonObject: object)
      } catch {
        throw APIError(400, "\(error)")
      }
    }
    if let filters, !filters.isEmpty {
      combined.filters =
        query.filters.map { $0.isEmpty ? "(\(filters))" : "(\(filters)) AND (\($0))" } ?? "(\(filters))"
    }
    return combined
  }
}

extension APIKeySpec {
  /// `query` with the key's `queryParameters` (as ``ForcedParameters/apply(_:to:owner:)``) and its
  /// `hitsPerPage` and `length` capped to ``maxHitsPerQuery``.
  func restrict(_ query: Query) throws(APIError) -> Query {
    var restricted = query
    if !queryParameters.isEmpty {
      guard let forced = SecuredAPIKey.pairs(queryParameters) else {
        throw APIError(403, "the API key's queryParameters do not read")
      }
      restricted = try ForcedParameters.apply(forced, to: query, owner: "the API key")
    }
    if let cap = maxHitsPerQuery {
      restricted.hitsPerPage = min(restricted.hitsPerPage ?? 20, cap)
    }
    return restricted
  }
}
