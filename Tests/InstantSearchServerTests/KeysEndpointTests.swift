import Foundation
import InstantSearchCore
import InstantSearchServer
import Testing

@Suite("serve: /1/keys", .timeLimit(.minutes(3)))
struct KeysEndpointTests {
  private static let records =
    #"{"requests":[{"action":"addObject","body":{"objectID":"1","name":"lamp","brand":"Acme"}},"#
    + #"{"action":"addObject","body":{"objectID":"2","name":"lamp","brand":"Bolt"}},"#
    + #"{"action":"addObject","body":{"objectID":"3","name":"lamp","brand":"Acme"}},"#
    + #"{"action":"addObject","body":{"objectID":"4","name":"lamp","brand":"Acme"}}]}"#

  private func seed(_ server: RunningServer) async throws {
    _ = try await server.call("PUT", "/1/indexes/products/settings", #"{"attributesForFaceting":["brand"]}"#)
    _ = try await server.call("POST", "/1/indexes/products/batch", Self.records)
  }

  private func add(_ server: RunningServer, _ body: String) async throws -> String {
    let made = try await server.call("POST", "/1/keys", body)
    #expect(made.status == 200, "\(made.json)")
    return try #require(made.json.objectValue?["key"]?.stringValue)
  }

  @Test("A made key searches within its indices, with its forced parameters and hit cap; it cannot write")
  func madeSearchKey() async throws {
    try await RunningServer.with { server in
      try await seed(server)
      _ = try await server.call("POST", "/1/indexes/other", #"{"objectID":"1"}"#)
      let key = try await add(
        server,
        #"{"acl":["search"],"indexes":["products"],"queryParameters":"filters=brand%3AAcme","maxHitsPerQuery":2,"#
          + #""description":"front end"}"#)
      #expect(key.count == 32)
      let found = try await server.call("POST", "/1/indexes/products/query", #"{"hitsPerPage":50}"#, key: key)
      #expect(found.status == 200 && found.json["nbHits"] == 3 && found.json["hitsPerPage"] == 2)
      #expect(found.json["hits"]?.arrayValue?.allSatisfy { $0["brand"] == "Acme" } == true)
      #expect(try await server.call("POST", "/1/indexes/other/query", "{}", key: key).status == 403)
      #expect(try await server.call("POST", "/1/indexes/products", #"{"a":1}"#, key: key).status == 403)
      #expect(try await server.call("GET", "/1/keys", key: key).status == 403)
      let read = try await server.call("GET", "/1/keys/\(key)")
      #expect(read.json["description"] == "front end" && read.json["maxHitsPerQuery"] == 2)
      #expect(read.json["acl"] == ["search"] && read.json["indexes"] == ["products"])
      let listed = try await server.call("GET", "/1/keys")
      #expect(listed.json["keys"]?.arrayValue?.map { $0["value"] } == [.string(RunningServer.searchKey), .string(key)])
    }
  }

  @Test("Write ACLs are per kind of write; a batch the key may not do entirely writes nothing")
  func writeACLs() async throws {
    try await RunningServer.with { server in
      let writer = try await add(server, #"{"acl":["addObject"],"indexes":["products"]}"#)
      #expect(try await server.call("POST", "/1/indexes/products", #"{"objectID":"9"}"#, key: writer).status == 201)
      #expect(try await server.call("POST", "/1/indexes/other", #"{"objectID":"9"}"#, key: writer).status == 403)
      #expect(try await server.call("DELETE", "/1/indexes/products/9", key: writer).status == 403)
      #expect(try await server.call("POST", "/1/indexes/products/clear", key: writer).status == 403)
      #expect(try await server.call("PUT", "/1/indexes/products/settings", "{}", key: writer).status == 403)
      let mixed =
        #"{"requests":[{"action":"addObject","body":{"objectID":"10"}},"#
        + #"{"action":"deleteObject","body":{"objectID":"9"}}]}"#
      #expect(try await server.call("POST", "/1/indexes/products/batch", mixed, key: writer).status == 403)
      #expect(try await server.call("GET", "/1/indexes/products/10").status == 404)
      let multi = #"{"requests":[{"action":"addObject","indexName":"other","body":{"objectID":"1"}}]}"#
      #expect(try await server.call("POST", "/1/indexes/*/batch", multi, key: writer).status == 403)
      #expect(try await server.call("GET", "/1/indexes/other/1").status == 404)
      // The writer may wait for its task, not search.
      #expect(try await server.call("GET", "/1/indexes/products/task/1", key: writer).status == 200)
      #expect(try await server.call("POST", "/1/indexes/products/query", "{}", key: writer).status == 403)
    }
  }

  @Test("Update, delete and restore; a secured key follows its parent; referers and validity are enforced")
  func lifecycle() async throws {
    let expired = APIKeySpec(key: "expired", validity: 10, createdAt: Date().addingTimeInterval(-60))
    try await RunningServer.with(keys: [APIKeySpec(key: RunningServer.searchKey), expired]) { server in
      try await seed(server)
      let denied = try await server.call("POST", "/1/indexes/products/query", "{}", key: "expired")
      #expect(denied.status == 403 && denied.json["message"] == "The API key has expired")
      let key = try await add(server, #"{"acl":["search"],"referers":["https://shop.example/*"]}"#)
      #expect(try await server.call("POST", "/1/indexes/products/query", "{}", key: key).status == 403)
      let fromShop = ["Referer": "https://shop.example/lamps"]
      #expect(
        try await server.call("POST", "/1/indexes/products/query", "{}", key: key, headers: fromShop).status == 200)
      let fromOrigin = ["Origin": "https://shop.example/"]
      #expect(
        try await server.call("POST", "/1/indexes/products/query", "{}", key: key, headers: fromOrigin).status == 200)
      let secured = SecuredAPIKey.generate(parentKey: key, parameters: ["filters": "brand:Bolt"])
      let restricted = try await server.call("POST", "/1/indexes/products/query", "{}", key: secured, headers: fromShop)
      #expect(restricted.status == 200 && restricted.json["nbHits"] == 1)
      // Updated: no referer needed any more; its creation time kept.
      let created = try await server.call("GET", "/1/keys/\(key)").json["createdAt"]
      #expect(try await server.call("PUT", "/1/keys/\(key)", #"{"acl":["search","browse"]}"#).status == 200)
      #expect(try await server.call("POST", "/1/indexes/products/browse", "{}", key: key).status == 200)
      #expect(try await server.call("GET", "/1/keys/\(key)").json["createdAt"] == created)
      // Deleted: refused, and its secured keys too; restored: back.
      #expect(try await server.call("DELETE", "/1/keys/\(key)").status == 200)
      #expect(try await server.call("GET", "/1/keys/\(key)").status == 404)
      #expect(try await server.call("POST", "/1/indexes/products/query", "{}", key: key).status == 403)
      #expect(try await server.call("POST", "/1/indexes/products/query", "{}", key: secured).status == 403)
      #expect(try await server.call("POST", "/1/keys/\(key)/restore").status == 200)
      #expect(try await server.call("POST", "/1/indexes/products/query", "{}", key: key).status == 200)
      // The keys file's keys are listed, not editable.
      #expect(try await server.call("DELETE", "/1/keys/\(RunningServer.searchKey)").status == 400)
    }
  }

  @Test("Bad key bodies are 400s naming the field")
  func badBodies() async throws {
    try await RunningServer.with { server in
      for (body, field) in [
        ("{}", "acl"), (#"{"acl":["fly"]}"#, "acl"), (#"{"acl":"search"}"#, "acl"),
        (#"{"acl":["search"],"validity":-1}"#, "validity"), (#"{"acl":["search"],"indexes":"p"}"#, "indexes"),
        (#"{"acl":["search"],"queryParameters":7}"#, "queryParameters"),
      ] {
        let answer = try await server.call("POST", "/1/keys", body)
        #expect(answer.status == 400, "\(body)")
        #expect(answer.json["message"]?.stringValue?.hasPrefix(field) == true, "\(body): \(answer.json)")
      }
      #expect(try await server.call("PUT", "/1/keys/nope", #"{"acl":["search"]}"#).status == 404)
      #expect(try await server.call("POST", "/1/keys/nope/restore").status == 404)
    }
  }

  @Test("Made keys are kept in the data directory: a restarted server accepts them")
  func persistence() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)").path
    defer {
      do { try FileManager.default.removeItem(atPath: directory) } catch { Issue.record("cleanup: \(error)") }
    }
    let holder = KeyHolder()
    try await RunningServer.with(store: try IndexStore(directory: directory)) { server in
      _ = try await server.call("POST", "/1/indexes/products", #"{"objectID":"1"}"#)
      let key = try await add(server, #"{"acl":["search"],"description":"kept"}"#)
      let gone = try await add(server, #"{"acl":["search"]}"#)
      #expect(try await server.call("DELETE", "/1/keys/\(gone)").status == 200)
      holder.keys = [key, gone]
    }
    try await RunningServer.with(store: try IndexStore(directory: directory)) { server in
      let (key, gone) = (holder.keys[0], holder.keys[1])
      let read = try await server.call("GET", "/1/keys/\(key)")
      #expect(read.json["description"] == "kept")
      #expect(try await server.call("POST", "/1/indexes/products/query", "{}", key: key).status == 200)
      #expect(try await server.call("POST", "/1/indexes/products/query", "{}", key: gone).status == 403)
      #expect(try await server.call("POST", "/1/keys/\(gone)/restore").status == 200)
    }
  }
}

/// Carries keys from one server's run to the next.
private final class KeyHolder: @unchecked Sendable {
  var keys: [String] = []
}
