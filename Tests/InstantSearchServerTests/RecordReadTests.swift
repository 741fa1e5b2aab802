import Foundation
import InstantSearchCore
import InstantSearchServer
import Testing

/// Reading records by objectID (`GET /1/indexes/{index}/{objectID}`, `POST /1/indexes/*/objects`) obeys
/// the key as searching does: a secured key's forced filters and `attributesToRetrieve`, and
/// `unretrievableAttributes` for every key but the admin key (issue 35).
@Suite("serve: record reads through keys", .timeLimit(.minutes(2)))
struct RecordReadTests {
  static func prepare(_ server: RunningServer) async throws {
    _ = try await server.call(
      "PUT", "/1/indexes/products/settings",
      #"{"attributesForFaceting":["brand"],"unretrievableAttributes":["cost"]}"#)
    let batch = try await server.call(
      "POST", "/1/indexes/products/batch",
      #"{"requests":[{"action":"addObject","body":{"objectID":"a","brand":"Acme","name":"anvil","cost":3}},"#
        + #"{"action":"addObject","body":{"objectID":"q","brand":"Quimsai","name":"quill","cost":7}}]}"#)
    #expect(batch.status == 200)
  }

  @Test("A secured key's forced filters hide the records they leave out; its attributesToRetrieve applies")
  func securedKey() async throws {
    try await RunningServer.with { server in
      try await Self.prepare(server)
      let acme = SecuredAPIKey.generate(
        parentKey: RunningServer.searchKey, parameters: ["filters": #"brand:"Acme""#])
      let allowed = try await server.call("GET", "/1/indexes/products/a", key: acme)
      #expect(allowed.status == 200 && allowed.json.objectValue?["name"] == "anvil")
      let hidden = try await server.call("GET", "/1/indexes/products/q", key: acme)
      #expect(hidden.status == 404, "\(hidden.json)")
      let both = try await server.call(
        "POST", "/1/indexes/*/objects",
        #"{"requests":[{"indexName":"products","objectID":"a"},{"indexName":"products","objectID":"q"}]}"#,
        key: acme)
      let results = try #require(both.json.objectValue?["results"]?.arrayValue)
      #expect(results.count == 2 && results[0].objectValue?["objectID"] == "a" && results[1] == .null)
      let narrow = SecuredAPIKey.generate(
        parentKey: RunningServer.searchKey, parameters: ["attributesToRetrieve": "name"])
      let reduced = try await server.call("GET", "/1/indexes/products/q?attributesToRetrieve=*", key: narrow)
      #expect(reduced.json == ["objectID": "q", "name": "quill"])
    }
  }

  @Test("unretrievableAttributes reach the admin key only")
  func unretrievable() async throws {
    try await RunningServer.with { server in
      try await Self.prepare(server)
      let search = try await server.call("GET", "/1/indexes/products/a", key: RunningServer.searchKey)
      #expect(
        search.status == 200 && search.json.objectValue?["cost"] == nil && search.json.objectValue?["name"] != nil)
      let objects = try await server.call(
        "POST", "/1/indexes/*/objects", #"{"requests":[{"indexName":"products","objectID":"q"}]}"#,
        key: RunningServer.searchKey)
      #expect(objects.json.objectValue?["results"]?.arrayValue?.first?.objectValue?["cost"] == nil)
      let admin = try await server.call("GET", "/1/indexes/products/a")
      #expect(admin.json.objectValue?["cost"] == 3)
    }
  }

  @Test("Searches keep unretrievableAttributes for the admin key only, in hits and highlights")
  func unretrievableInSearches() async throws {
    try await RunningServer.with { server in
      try await Self.prepare(server)
      let body = #"{"query":"","attributesToHighlight":["*"],"hitsPerPage":100}"#
      let searched = try await server.call("POST", "/1/indexes/products/query", body, key: RunningServer.searchKey)
      let hits = searched.json.objectValue?["hits"]?.arrayValue ?? []
      #expect(!hits.isEmpty && hits.allSatisfy { $0.objectValue?["cost"] == nil })
      #expect(hits.allSatisfy { $0.objectValue?["_highlightResult"]?.objectValue?["cost"] == nil })
      let admin = try await server.call("POST", "/1/indexes/products/query", body)
      let adminHits = admin.json.objectValue?["hits"]?.arrayValue ?? []
      #expect(adminHits.contains { $0.objectValue?["cost"] != nil }, "\(admin.json)")
      let multi = try await server.call(
        "POST", "/1/indexes/*/queries", #"{"requests":[{"indexName":"products","query":""}]}"#,
        key: RunningServer.searchKey)
      let multiHits = multi.json.objectValue?["results"]?.arrayValue?.first?.objectValue?["hits"]?.arrayValue ?? []
      #expect(!multiHits.isEmpty && multiHits.allSatisfy { $0.objectValue?["cost"] == nil })
    }
  }
}
