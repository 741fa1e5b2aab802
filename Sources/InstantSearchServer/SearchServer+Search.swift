import Foundation
import HTTPTypes
import Hummingbird
import InstantSearchEngine
import InstantSearchModel

extension SearchServer {
  /// Searches, facet value searches and record reads.
  func addSearchRoutes(to router: Router<ServerContext>) {
    router.post(
      "/1/indexes/:index/query",
      use: handler(.search) { [store] call throws(APIError) in
        let context = call.context
        let json = call.json
        let index = try Self.parameter(context, "index")
        try call.grant.check(index: index)
        let query = try call.grant.restrict(try Self.query(json?.objectValue ?? [:], at: "body"))
        return try Self.answerSearch(store, query, of: index, call: call)
      })
    router.get(
      "/1/indexes/:index",
      use: handler(.search) { [store] call throws(APIError) in
        // The legacy search (v1–v3 clients): the parameters are the URL's query string, less the
        // credentials a GET may carry there.
        let index = try Self.parameter(call.context, "index")
        try call.grant.check(index: index)
        var object: [String: JSON] = [:]
        for (name, value) in call.request.uri.queryParameters where !name.lowercased().hasPrefix("x-algolia-") {
          object[String(name)] = .string(String(value))
        }
        let query = try call.grant.restrict(try Self.query(object, at: "query string"))
        return try Self.answerSearch(store, query, of: index, call: call)
      })
    router.post(
      "/1/indexes/:index/queries",
      use: handler(.search) { [store] call throws(APIError) in
        let context = call.context
        let json = call.json
        guard try Self.parameter(context, "index") == "*" else { throw APIError(404, "Not found") }
        return .jsonText(
          JSONText.results(try Self.multiSearch(store, json, grant: call.grant, user: call.analyticsUser)))
      })
    router.post(
      "/1/indexes/:index/facets/:facet/query",
      use: handler(.search) { [store] call throws(APIError) in
        let context = call.context
        let json = call.json
        let index = try Self.parameter(context, "index")
        let facet = try Self.parameter(context, "facet")
        var object = json?.objectValue ?? [:]
        let (facetQuery, maxFacetHits) = try Self.facetSearchParameters(&object, at: "body")
        try call.grant.check(index: index)
        let query = try call.grant.restrict(try Self.query(object, at: "body"))
        return try Self.encode(
          try Self.searching { () throws(EngineError) in
            try Self.facetSearch(
              store, index: index, facet: facet, facetQuery: facetQuery, query: query, max: maxFacetHits)
          })
      })
    router.get(
      "/1/indexes/:index/:objectID",
      use: handler(.search) { [store] call throws(APIError) in
        let request = call.request
        let context = call.context
        let index = try Self.parameter(context, "index")
        try call.grant.check(index: index)
        let objectID = try Self.parameter(context, "objectID")
        // `attributes`: the legacy clients' name for it.
        let retrieve =
          request.uri.queryParameters.get("attributesToRetrieve") ?? request.uri.queryParameters.get("attributes")
        let reader = try call.grant.reader(retrieving: retrieve)
        guard let record = try Self.record(store, index: index, objectID: objectID, reader: reader) else {
          throw APIError(404, "ObjectID does not exist")
        }
        return .json(.object(record))
      })
    router.post(
      "/1/indexes/:index/objects",
      use: handler(.search) { [store] call throws(APIError) in
        let context = call.context
        let json = call.json
        guard try Self.parameter(context, "index") == "*" else { throw APIError(404, "Not found") }
        guard case .array(let requests)? = json?.objectValue?["requests"] else {
          throw APIError(400, "\"requests\" must be an array")
        }
        var results: [JSON] = []
        // As Algolia answers (its Search API spec's getObjects response): a record of an index that does not
        // exist is `null`, and the answer says which index with a message, still a 200.
        var missing: String?
        for (position, request) in requests.enumerated() {
          guard let index = request.objectValue?["indexName"]?.stringValue,
            let objectID = request.objectValue?["objectID"]?.stringValue
          else { throw APIError(400, "requests[\(position)] needs a string indexName and objectID") }
          try call.grant.check(index: index)
          guard store.client.index(named: index) != nil || store.client.replica(named: index) != nil else {
            missing = missing ?? index
            results.append(.null)
            continue
          }
          let retrieve = request.objectValue?["attributesToRetrieve"]
          let fields = retrieve?.arrayValue?.compactMap(\.stringValue).joined(separator: ",") ?? retrieve?.stringValue
          let reader = try call.grant.reader(retrieving: fields)
          results.append(
            try Self.record(store, index: index, objectID: objectID, reader: reader).map(JSON.object) ?? .null)
        }
        var answer: [String: JSON] = ["results": .array(results)]
        if let missing { answer["message"] = .string("Index \(missing) does not exist.") }
        return .json(.object(answer))
      })
  }

  /// The query of a search body: its parameters as an object or a `params` string.
  static func query(_ object: [String: JSON], at path: String) throws(APIError) -> Query {
    do {
      return try Query(jsonObject: object)
    } catch {
      throw APIError(400, "\(path): \(error)")
    }
  }

  /// Takes `facetQuery` and `maxFacetHits` out of a facet search's parameters (the rest is the query),
  /// `maxFacetHits` through the one checked conversion: `1e300`, `NaN` or `2.5` is a 400 naming it.
  static func facetSearchParameters(_ object: inout [String: JSON], at path: String) throws(APIError) -> (
    facetQuery: String, maxFacetHits: Int?
  ) {
    let facetQuery = object.removeValue(forKey: "facetQuery")?.stringValue ?? ""
    guard let raw = object.removeValue(forKey: "maxFacetHits"), raw != .null else { return (facetQuery, nil) }
    do {
      return (facetQuery, try CheckedNumber.integer(raw, "maxFacetHits"))
    } catch {
      throw APIError(400, "\(path): \(error)")
    }
  }

  /// Runs `body`, answering engine errors as Algolia does.
  static func searching<T>(_ body: () throws(EngineError) -> T) throws(APIError) -> T {
    do {
      return try body()
    } catch {
      throw APIError(error)
    }
  }

  static func encode<T: Encodable>(_ value: T) throws(APIError) -> Response {
    do {
      return try .encoded(value)
    } catch {
      throw APIError(500, "the response does not encode: \(error)")
    }
  }

  /// The answer to one search of `index` (or a replica) by `call`'s key: searched, recorded for the
  /// analytics, written as Algolia's JSON.
  static func answerSearch(_ store: IndexStore, _ query: Query, of index: String, call: Call) throws(APIError)
    -> Response
  {
    let response = try searching { () throws(EngineError) in
      try search(store, IndexedQuery(indexName: index, query: query), grant: call.grant)
    }
    let effective = try effective(query, of: index, in: store)
    recordSearch(store, effective, response, index: index, user: call.analyticsUser)
    return .jsonText(text(response, of: effective).bytes)
  }

  /// One query of an index or a replica, its hits as the JSON text the answer is written with
  /// (``SearchResponse/hitsText``).
  static func search(_ store: IndexStore, _ query: IndexedQuery, grant: Grant) throws(EngineError) -> SearchResponse {
    let client = store.client
    let index = client.index(named: query.indexName)
    return try LocalSearchClient.answer(
      query, index: index, replica: index == nil ? client.replica(named: query.indexName) : nil, client.parallelism,
      seesUnretrievableAttributes: grant.seesUnretrievableAttributes, hits: .text)
  }

  /// `query` as `index` reads it: with the index's search defaults (its settings' search parameters) for
  /// those it does not give.
  static func effective(_ query: Query, of index: String, in store: IndexStore) throws(APIError) -> Query {
    guard let settings = store.client.index(named: index)?.settings ?? store.client.replica(named: index)?.settings
    else { return query }
    return try searching { () throws(EngineError) in try settings.applyingDefaults(to: query) }
  }

  /// How `response`, the answer to `query` (as its index reads it, ``effective(_:of:in:)``), is written:
  /// its facet values in the order they were chosen in (`sortFacetValuesBy`, else by count) and only the
  /// members `responseFields` names.
  static func text(_ response: SearchResponse, of query: Query) -> JSONText {
    JSONText(
      response, facetOrder: query.sortFacetValuesBy ?? .count,
      fields: query.responseFields.flatMap { $0.contains("*") ? nil : Set($0) })
  }

  /// A search for facet values of an index or a replica.
  static func facetSearch(
    _ store: IndexStore, index: String, facet: String, facetQuery: String, query: Query, max: Int?
  ) throws(EngineError) -> FacetSearchResponse {
    if let local = store.client.index(named: index) {
      return try local.searchForFacetValues(attribute: facet, facetQuery: facetQuery, query: query, maxFacetHits: max)
    }
    if let replica = store.client.replica(named: index) {
      return try replica.searchForFacetValues(attribute: facet, facetQuery: facetQuery, query: query, maxFacetHits: max)
    }
    throw .indexNotFound(index)
  }

  /// A record of an index as `reader` may see it: the key's forced filters decide whether it is there at
  /// all, its forced `attributesToRetrieve` and `unretrievableAttributes` what is returned.
  static func record(_ store: IndexStore, index: String, objectID: String, reader: RecordReader) throws(APIError)
    -> [String: JSON]?
  {
    try searching { () throws(EngineError) in
      if let local = store.client.index(named: index) { return try local.record(objectID: objectID, readBy: reader) }
      if let replica = store.client.replica(named: index) {
        return try replica.record(objectID: objectID, readBy: reader)
      }
      throw .indexNotFound(index)
    }
  }
}
