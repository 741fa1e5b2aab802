import Foundation
import HTTPTypes
import Hummingbird
import InstantSearchCore
import InstantSearchEngine

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
        let response = try Self.searching { () throws(EngineError) in
          try Self.search(store, IndexedQuery(indexName: index, query: query))
        }
        return .json(response.jsonValue)
      })
    router.post(
      "/1/indexes/:index/queries",
      use: handler(.search) { [store] call throws(APIError) in
        let context = call.context
        let json = call.json
        guard try Self.parameter(context, "index") == "*" else { throw APIError(404, "Not found") }
        return .json(["results": .array(try Self.multiSearch(store, json, grant: call.grant))])
      })
    router.post(
      "/1/indexes/:index/facets/:facet/query",
      use: handler(.search) { [store] call throws(APIError) in
        let context = call.context
        let json = call.json
        let index = try Self.parameter(context, "index")
        let facet = try Self.parameter(context, "facet")
        var object = json?.objectValue ?? [:]
        let facetQuery = object.removeValue(forKey: "facetQuery")?.stringValue ?? ""
        let maxFacetHits = object.removeValue(forKey: "maxFacetHits")?.doubleValue.map(Int.init)
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
        let retrieve = request.uri.queryParameters.get("attributesToRetrieve")
        guard let record = try Self.record(store, index: index, objectID: objectID, retrieve: retrieve) else {
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
        for (position, request) in requests.enumerated() {
          guard let index = request.objectValue?["indexName"]?.stringValue,
            let objectID = request.objectValue?["objectID"]?.stringValue
          else { throw APIError(400, "requests[\(position)] needs a string indexName and objectID") }
          try call.grant.check(index: index)
          let retrieve = request.objectValue?["attributesToRetrieve"]
          let fields = retrieve?.arrayValue?.compactMap(\.stringValue).joined(separator: ",") ?? retrieve?.stringValue
          results.append(
            try Self.record(store, index: index, objectID: objectID, retrieve: fields).map(JSON.object) ?? .null)
        }
        return .json(["results": .array(results)])
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

  /// One query of an index or a replica.
  static func search(_ store: IndexStore, _ query: IndexedQuery) throws(EngineError) -> SearchResponse {
    if let index = store.client.index(named: query.indexName) { return try index.search(query.query) }
    if let replica = store.client.replica(named: query.indexName) { return try replica.search(query.query) }
    throw .indexNotFound(query.indexName)
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

  /// A record of an index, reduced to `retrieve` (comma-separated attributes; `objectID` always kept).
  static func record(_ store: IndexStore, index: String, objectID: String, retrieve: String?) throws(APIError)
    -> [String: JSON]?
  {
    let record: [String: JSON]?
    if let local = store.client.index(named: index) {
      record = local.record(objectID: objectID)
    } else if let replica = store.client.replica(named: index) {
      record = replica.record(objectID: objectID)
    } else {
      throw APIError(EngineError.indexNotFound(index))
    }
    guard var record, let retrieve, !retrieve.isEmpty, !retrieve.split(separator: ",").contains("*") else {
      return record
    }
    let kept = Set(
      retrieve.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } + ["objectID"])
    record = record.filter { kept.contains($0.key) }
    return record
  }
}
