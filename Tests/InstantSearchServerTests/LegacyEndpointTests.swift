import Foundation
import InstantSearchCore
import InstantSearchEngine
import InstantSearchModel
import InstantSearchServer
import Testing

@Suite("serve: the index list's real fields and paging, and the older clients' endpoints")
struct LegacyEndpointTests {
  static func fill(_ server: RunningServer, _ name: String, count: Int) async throws {
    let requests = (0..<count).map {
      #"{"action":"addObject","body":{"objectID":"\#($0)","name":"shirt \#($0)","n":\#($0)}}"#
    }
    let answer = try await server.call(
      "POST", "/1/indexes/\(name)/batch", #"{"requests":["# + requests.joined(separator: ",") + "]}")
    #expect(answer.status == 200, "\(answer.json)")
  }

  @Test("GET /1/indexes pages with page and hitsPerPage; without page, every index in one page")
  func listPaging() async throws {
    try await RunningServer.with { server in
      for name in ["a", "b", "c", "d", "e"] { try await Self.fill(server, name, count: 1) }
      let all = try await server.call("GET", "/1/indexes")
      #expect(all.json["items"]?.arrayValue?.count == 5 && all.json["nbPages"] == 1, "\(all.json)")
      let second = try await server.call("GET", "/1/indexes?page=1&hitsPerPage=2")
      #expect(second.json["items"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["c", "d"])
      #expect(second.json["nbPages"] == 3)
      let past = try await server.call("GET", "/1/indexes?page=9&hitsPerPage=2")
      #expect(past.json["items"] == [] && past.json["nbPages"] == 3)
      for bad in ["page=-1", "hitsPerPage=0", "hitsPerPage=1001", "page=x", "page=99999999999999"] {
        let answer = try await server.call("GET", "/1/indexes?\(bad)")
        #expect(answer.status == 400, "\(bad): \(answer.json)")
      }
    }
  }

  @Test("The list's createdAt survives a restart and stays before updatedAt after a write; no task is pending")
  func listFields() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listing-\(UUID())").path
    defer {
      do { try FileManager.default.removeItem(atPath: folder) } catch { print("left behind: \(error)") }
    }
    let created = Locked<JSON?>(nil)
    try await RunningServer.with(store: try IndexStore(directory: folder)) { server in
      try await Self.fill(server, "p", count: 3)
      let item = try await server.call("GET", "/1/indexes").json["items"]?.arrayValue?.first
      created.withLock { $0 = item?["createdAt"] }
      #expect(item?["entries"] == 3 && item?["numberOfPendingTasks"] == 0 && item?["pendingTask"] == false)
      #expect(item?["lastBuildTimeS"]?.doubleValue == 0, "a small write takes under a second")
      #expect((item?["fileSize"]?.doubleValue ?? 0) > 0)
    }
    try await RunningServer.with(store: try IndexStore(directory: folder)) { server in
      var item = try await server.call("GET", "/1/indexes").json["items"]?.arrayValue?.first
      #expect(item?["createdAt"] == created.withLock { $0 }, "the creation date is kept across a restart")
      // Timestamps are ISO 8601 with milliseconds: text order is time order.
      try await Self.fill(server, "p", count: 4)
      item = try await server.call("GET", "/1/indexes").json["items"]?.arrayValue?.first
      let createdText = try #require(item?["createdAt"]?.stringValue)
      let updatedText = try #require(item?["updatedAt"]?.stringValue)
      #expect(createdText < updatedText, "\(createdText) \(updatedText)")
      let deleted = try await server.call("DELETE", "/1/indexes/p")
      #expect(deleted.status == 200)
    }
    try await RunningServer.with(store: try IndexStore(directory: folder)) { server in
      try await Self.fill(server, "p", count: 1)
      let item = try await server.call("GET", "/1/indexes").json["items"]?.arrayValue?.first
      #expect(item?["createdAt"] != created.withLock { $0 }, "a deleted index's date is not reused")
    }
  }

  @Test("The legacy GET search reads the query string (credentials there are not parameters)")
  func legacySearch() async throws {
    try await RunningServer.with { server in
      try await Self.fill(server, "p", count: 5)
      let found = try await server.call("GET", "/1/indexes/p?query=shirt&hitsPerPage=2&filters=n%3E2")
      #expect(found.status == 200, "\(found.json)")
      #expect(found.json["nbHits"] == 2 && found.json["hitsPerPage"] == 2, "\(found.json)")
      let keyed = try await server.call(
        "GET", "/1/indexes/p?query=shirt&x-algolia-api-key=\(RunningServer.searchKey)&x-algolia-application-id=TESTAPP",
        key: "")
      #expect(keyed.status == 200 && keyed.json["nbHits"] == 5, "\(keyed.json)")
      let unknown = try await server.call("GET", "/1/indexes/p?nosuchparameter=1")
      #expect(unknown.status == 400, "\(unknown.json)")
      let missing = try await server.call("GET", "/1/indexes/nothing?query=a")
      #expect(missing.status == 404 && missing.json["message"] == "Index nothing does not exist")
    }
  }

  @Test("The legacy browse pages with page; browse reports its own processing time; get-object takes attributes")
  func legacyBrowseAndAttributes() async throws {
    try await RunningServer.with { server in
      try await Self.fill(server, "p", count: 5)
      let page = try await server.call("GET", "/1/indexes/p/browse?page=1&hitsPerPage=2")
      #expect(page.status == 200 && page.json["page"] == 1, "\(page.json)")
      #expect(page.json["hits"]?.arrayValue?.compactMap { $0["objectID"]?.stringValue } == ["2", "3"])
      #expect(page.json["processingTimeMS"]?.doubleValue.map { $0 >= 0 } == true)
      let first = try await server.call("POST", "/1/indexes/p/browse", #"{"hitsPerPage":2}"#)
      #expect(first.json["hits"]?.arrayValue?.compactMap { $0["objectID"]?.stringValue } == ["0", "1"])
      let cursor = try #require(first.json["cursor"]?.stringValue)
      let next = try await server.call("POST", "/1/indexes/p/browse", #"{"cursor":"\#(cursor)"}"#)
      #expect(next.json["hits"]?.arrayValue?.compactMap { $0["objectID"]?.stringValue } == ["2", "3"])
      let record = try await server.call("GET", "/1/indexes/p/1?attributes=name")
      #expect(record.json == ["objectID": "1", "name": "shirt 1"], "\(record.json)")
    }
  }

  @Test("GET /1/isalive answers without credentials")
  func isAlive() async throws {
    try await RunningServer.with { server in
      let answer = try await server.call("GET", "/1/isalive", key: "")
      #expect(answer.status == 200 && answer.json["message"] == "server is alive", "\(answer.json)")
    }
  }
}
