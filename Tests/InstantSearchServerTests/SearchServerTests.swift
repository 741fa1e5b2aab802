import Foundation
import InstantSearchCore
import InstantSearchEngine
import InstantSearchServer
import Testing

@Suite("instantsearch serve: Algolia's REST API", .timeLimit(.minutes(2)))
struct SearchServerTests {
  static let records = #"""
    {"requests":[
      {"action":"addObject","body":{"objectID":"1","name":"red shirt","brand":"Acme","price":10}},
      {"action":"addObject","body":{"objectID":"2","name":"blue shirt","brand":"Bolt","price":20}},
      {"action":"updateObject","body":{"objectID":"3","name":"red shoes","brand":"Acme","price":50}}]}
    """#

  @Test("Writes answer a task that is published; our Algolia client searches what they wrote")
  func writeThenSearch() async throws {
    try await RunningServer.with { server in
      let settings = try await server.call(
        "PUT", "/1/indexes/products/settings",
        #"{"searchableAttributes":["name"],"attributesForFaceting":["searchable(brand)"]}"#)
      #expect(settings.status == 200 && settings.json.objectValue?["taskID"] != nil)
      let batch = try await server.call("POST", "/1/indexes/products/batch", Self.records)
      #expect(batch.json.objectValue?["objectIDs"] == ["1", "2", "3"])
      let task = try #require(batch.json.objectValue?["taskID"]?.doubleValue)
      let status = try await server.call("GET", "/1/indexes/products/task/\(Int(task))")
      #expect(status.json.objectValue?["status"] == "published")
      // The application task route (getAppTask) answers for the same numbers; a later one is not published.
      let appTask = try await server.call("GET", "/1/task/\(Int(task))")
      #expect(appTask.status == 200 && appTask.json.objectValue?["status"] == "published")
      let later = try await server.call("GET", "/1/task/\(Int(task) + 1000)")
      #expect(later.json.objectValue?["status"] == "notPublished")
      #expect(try await server.call("GET", "/1/task/x").status == 400)
      var query = Query("shirt")
      query.facets = ["brand"]
      let responses = try await server.algoliaClient(key: RunningServer.searchKey).search(
        [IndexedQuery(indexName: "products", query: query)], strategy: .none)
      #expect(responses.first?.hits.map(\.objectID) == ["1", "2"])
      #expect(responses.first?.facets["brand"] == ["Acme": 1, "Bolt": 1])
      let facets = try await server.algoliaClient().searchForFacetValues(
        indexName: "products", attribute: "brand", facetQuery: "bo", query: Query(), maxFacetHits: nil)
      #expect(facets.facetHits.map(\.value) == ["Bolt"])
    }
  }

  @Test("Records: add with an ID given by the server, replace, partial update, get, delete, clear")
  func records() async throws {
    try await RunningServer.with { server in
      let added = try await server.call("POST", "/1/indexes/items", #"{"name":"lamp"}"#)
      #expect(added.status == 201)
      let id = try #require(added.json.objectValue?["objectID"]?.stringValue)
      _ = try await server.call("PUT", "/1/indexes/items/a%20b%2F1", #"{"name":"desk","price":3}"#)
      _ = try await server.call("POST", "/1/indexes/items/a%20b%2F1/partial", #"{"price":4}"#)
      let record = try await server.call("GET", "/1/indexes/items/a%20b%2F1?attributesToRetrieve=price")
      #expect(record.json == ["objectID": "a b/1", "price": 4])
      let missing = try await server.call("POST", "/1/indexes/items/nope/partial?createIfNotExists=false", "{}")
      #expect(missing.status == 200)
      #expect(try await server.call("GET", "/1/indexes/items/nope").status == 404)
      _ = try await server.call("DELETE", "/1/indexes/items/\(id)")
      let objects = try await server.call(
        "POST", "/1/indexes/*/objects",
        #"{"requests":[{"indexName":"items","objectID":"a b/1"},{"indexName":"items","objectID":"\#(id)"}]}"#)
      #expect(objects.json.objectValue?["results"]?.arrayValue?.map { $0 == .null } == [false, true])
      #expect(objects.json.objectValue?["message"] == nil)
      // A record of an index that does not exist: null, and a message naming the index (a 200, as Algolia).
      let elsewhere = try await server.call(
        "POST", "/1/indexes/*/objects",
        #"{"requests":[{"indexName":"gone","objectID":"1"},{"indexName":"items","objectID":"a b/1"}]}"#)
      #expect(elsewhere.status == 200)
      #expect(elsewhere.json.objectValue?["results"]?.arrayValue?.map { $0 == .null } == [true, false])
      #expect(elsewhere.json.objectValue?["message"] == "Index gone does not exist.")
      _ = try await server.call("POST", "/1/indexes/items/clear")
      #expect(server.store.index(named: "items")?.recordCount == 0)
      let list = try await server.call("GET", "/1/indexes")
      #expect(list.json.objectValue?["items"]?.arrayValue?.first?.objectValue?["name"] == "items")
      _ = try await server.call("DELETE", "/1/indexes/items")
      #expect(server.store.index(named: "items") == nil)
    }
  }

  @Test("Keys: a wrong key is a 403, a search key cannot write; errors are Algolia's JSON")
  func errors() async throws {
    try await RunningServer.with(maximumBodyBytes: 1024) { server in
      let wrong = try await server.call("POST", "/1/indexes/products/query", "{}", key: "nope")
      #expect(wrong.status == 403 && wrong.json.objectValue?["message"] == "Invalid Application-ID or API key")
      let write = try await server.call("POST", "/1/indexes/products", #"{"a":1}"#, key: RunningServer.searchKey)
      #expect(write.status == 403)
      #expect(try await server.call("POST", "/1/indexes/missing/query", "{}").status == 404)
      let bad = try await server.call("POST", "/1/indexes/products/query", "{not json")
      #expect(bad.status == 400 && bad.json.objectValue?["status"] == 400)
      let huge = try await server.call(
        "POST", "/1/indexes/products", #"{"text":""# + String(repeating: "x", count: 4096) + #""}"#)
      #expect(huge.status == 413, "\(huge.json)")
      _ = try await server.call("PUT", "/1/indexes/products/settings", #"{"replicas":["products_by_price"]}"#)
      let replicaWrite = try await server.call("POST", "/1/indexes/products_by_price", #"{"a":1}"#)
      #expect(replicaWrite.status == 400)
      let filter = try await server.call("POST", "/1/indexes/products/query", #"{"filters":"price >"}"#)
      #expect(filter.status == 400)
    }
  }

  @Test("Replica settings update only the keys given, and the replica sorts")
  func replicas() async throws {
    try await RunningServer.with { server in
      _ = try await server.call("PUT", "/1/indexes/products/settings", #"{"replicas":["products_price_asc"]}"#)
      _ = try await server.call("POST", "/1/indexes/products/batch", SearchServerTests.records)
      _ = try await server.call(
        "PUT", "/1/indexes/products_price_asc/settings",
        #"{"ranking":["desc(price)","typo","words","proximity","attribute","exact","custom"]}"#)
      let settings = try await server.call("GET", "/1/indexes/products_price_asc/settings")
      #expect(settings.json.objectValue?["primary"] == "products")
      let result = try await server.call("POST", "/1/indexes/products_price_asc/query", #"{"query":""}"#)
      #expect(
        result.json.objectValue?["hits"]?.arrayValue?.compactMap { $0.objectValue?["objectID"]?.stringValue } == [
          "3", "2", "1",
        ])
    }
  }
}
