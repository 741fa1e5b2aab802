import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchServer

@Suite("instantsearch backup: a live data directory copied for serve to open")
struct BackupTests {
  @Test("A running server's indices, keys, sources and analytics are copied as they are; the copy serves them")
  func liveCopy() async throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("backup-\(UUID())").path
    defer {
      do { try FileManager.default.removeItem(atPath: root) } catch { print("left behind: \(error)") }
    }
    try await RunningServer.with(store: try IndexStore(directory: root + "/data")) { server in
      let records = (0..<50).map { #"{"action":"addObject","body":{"objectID":"\#($0)","name":"shirt \#($0)"}}"# }
      let saved = try await server.call(
        "POST", "/1/indexes/products/batch", #"{"requests":["# + records.joined(separator: ",") + "]}")
      #expect(saved.status == 200)
      _ = try await server.call("PUT", "/1/indexes/other%20index/1", #"{"name":"hat"}"#)
      _ = try await server.call("POST", "/1/keys", #"{"acl":["search"],"description":"kept"}"#)
      _ = try await server.call("POST", "/1/indexes/products/query", #"{"query":"shirt","userToken":"u1"}"#)
      let copied = try IndexStore.backup(dataDirectory: root + "/data", to: root + "/copy")
      #expect(copied == ["other index", "products"])
      // The server goes on writing; the copy stays as it was.
      _ = try await server.call("DELETE", "/1/indexes/products/1")
    }
    try await RunningServer.with(store: try IndexStore(directory: root + "/copy")) { server in
      let found = try await server.call("POST", "/1/indexes/products/query", #"{"query":"shirt","hitsPerPage":0}"#)
      #expect(found.json["nbHits"] == 50, "\(found.json)")
      let other = try await server.call("GET", "/1/indexes/other%20index/1")
      #expect(other.json["name"] == "hat")
      let keys = try await server.call("GET", "/1/keys")
      #expect(keys.json["keys"]?.arrayValue?.contains { $0["description"] == "kept" } == true, "\(keys.json)")
      #expect(server.store.analytics.searches.first?.user == "u1", "the search log came along")
    }
    #expect(throws: (any Error).self) { try IndexStore.backup(dataDirectory: root + "/data", to: root + "/copy") }
  }
}
