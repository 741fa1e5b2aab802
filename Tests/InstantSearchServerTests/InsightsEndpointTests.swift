import Foundation
import InstantSearchCore
import InstantSearchEngine
import InstantSearchModel
import InstantSearchServer
import Testing

@testable import InstantSearchServer

@Suite("serve: POST /1/events, Algolia's Insights API")
struct InsightsEndpointTests {
  static let queryID = String(repeating: "ab", count: 16)

  /// A click after a search, as JSON text, with `overrides` replacing or adding members (`.null` removes).
  static func click(_ overrides: [String: JSON] = [:]) -> String {
    var event: [String: JSON] = [
      "eventType": "click", "eventName": "Hit Clicked", "index": "p", "userToken": "user-1", "objectIDs": ["1"],
      "positions": [2], "queryID": .string(queryID),
    ]
    for (name, value) in overrides { event[name] = value == .null ? nil : value }
    return JSON.object(event).description
  }

  @Test("Valid events are stored and answered as Algolia does; the whole batch is refused for one wrong event")
  func validation() async throws {
    try await RunningServer.with { server in
      let accepted = try await server.call(
        "POST", "/1/events", #"{"events":[\#(Self.click()),\#(Self.click(["eventName": "Other"]))]}"#,
        key: RunningServer.searchKey)
      #expect(accepted.status == 200 && accepted.json == ["status": 200, "message": "OK"], "\(accepted.json)")
      #expect(server.store.analytics.events.count == 2)
      let wrong: [([String: JSON], String)] = [
        (["eventType": "like"], "eventType"), (["userToken": "a b"], "userToken"), (["eventName": ""], "eventName"),
        (["queryID": "xyz"], "queryID"), (["positions": [1, 2]], "positions"),
        (["filters": ["a:b"]], "objectIDs or filters"), (["timestamp": 1000], "timestamp"),
        (["surprise": 1], "surprise"),
        (["eventSubtype": "purchase"], "eventSubtype"),
        (["objectIDs": .array((0..<21).map { .string("\($0)") }), "positions": .null], "objectIDs"),
      ]
      for (override, member) in wrong {
        let refused = try await server.call(
          "POST", "/1/events", #"{"events":[\#(Self.click()),\#(Self.click(override))]}"#)
        #expect(refused.status == 422, "\(override): \(refused.json)")
        let message = refused.json["message"]?.stringValue ?? ""
        #expect(message.hasPrefix("events[1].\(member)"), "\(override): \(message)")
      }
      let many = Array(repeating: Self.click(), count: 1_001).joined(separator: ",")
      #expect(try await server.call("POST", "/1/events", #"{"events":[\#(many)]}"#).status == 422)
      #expect(try await server.call("POST", "/1/events", #"{"events":[]}"#).status == 422)
      #expect(server.store.analytics.events.count == 2, "nothing of a refused batch is kept")
    }
  }

  @Test("Events are kept across a restart, and DELETE /1/usertokens forgets a user's events and searches")
  func durable() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID())").path
    defer {
      do { try FileManager.default.removeItem(atPath: folder) } catch { print("left behind: \(error)") }
    }
    try await RunningServer.with(store: try IndexStore(directory: folder)) { server in
      _ = try await server.call("PUT", "/1/indexes/p/1", #"{"name":"a"}"#)
      _ = try await server.call("POST", "/1/indexes/p/query", #"{"query":"a","userToken":"user-2"}"#)
      let body = #"{"events":[\#(Self.click()),\#(Self.click(["userToken": "user-2"]))]}"#
      #expect(try await server.call("POST", "/1/events", body).status == 200)
    }
    try await RunningServer.with(store: try IndexStore(directory: folder)) { server in
      #expect(server.store.analytics.events.map(\.userToken) == ["user-1", "user-2"])
      #expect(server.store.analytics.searches.map(\.user) == ["user-2"])
      let forgotten = try await server.call("DELETE", "/1/usertokens/user-2")
      #expect(forgotten.status == 204, "\(forgotten.json)")
      #expect(try await server.call("DELETE", "/1/usertokens/a%20b").status == 422)
      // The search log was rewritten: a later search goes to the new file.
      _ = try await server.call("POST", "/1/indexes/p/query", #"{"query":"a","userToken":"user-3"}"#)
    }
    try await RunningServer.with(store: try IndexStore(directory: folder)) { server in
      #expect(server.store.analytics.events.map(\.userToken) == ["user-1"])
      #expect(server.store.analytics.searches.map(\.user) == ["user-3"])
    }
  }

  @Test("A batch cut short by a crash is dropped at restart, and later batches are kept whole")
  func tornBatch() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("torn-\(UUID())").path
    defer {
      do { try FileManager.default.removeItem(atPath: folder) } catch { print("left behind: \(error)") }
    }
    try await RunningServer.with(store: try IndexStore(directory: folder)) { server in
      let answer = try await server.call("POST", "/1/events", #"{"events":[\#(Self.click())]}"#)
      #expect(answer.status == 200)
    }
    let handle = try #require(FileHandle(forWritingAtPath: folder + "/.events.jsonl"))
    handle.seekToEndOfFile()
    handle.write(Data(#"{"eventType":"cli"#.utf8))
    try handle.close()
    try await RunningServer.with(store: try IndexStore(directory: folder)) { server in
      #expect(server.store.analytics.events.count == 1)
      let answer = try await server.call("POST", "/1/events", #"{"events":[\#(Self.click())]}"#)
      #expect(answer.status == 200)
    }
    try await RunningServer.with(store: try IndexStore(directory: folder)) { server in
      #expect(server.store.analytics.events.count == 2)
    }
    // A line that is whole but not an event is damage, not a crash: the store does not open.
    try Data("not json\n".utf8).write(to: URL(fileURLWithPath: folder + "/.events.jsonl"))
    #expect(throws: DurableError.self) { _ = try IndexStore(directory: folder) }
  }

  @Test("The library's InsightsClient pointed at the server sends its events unchanged")
  func libraryClient() async throws {
    try await RunningServer.with { server in
      let sink = AlgoliaInsightsSink(
        appID: "TESTAPP", apiKey: RunningServer.searchKey,
        host: AlgoliaHost(scheme: "http", host: "127.0.0.1", port: server.port))
      let events = [
        try InsightsEvent.clickedObjectIDsAfterSearch(
          eventName: "Hit Clicked", indexName: "p", objectIDs: ["1", "2"], positions: [1, 4], queryID: Self.queryID,
          userToken: "user-9"),
        try InsightsEvent.convertedObjectIDsAfterSearch(
          eventName: "Bought", indexName: "p", objectIDs: ["2"], queryID: Self.queryID, userToken: "user-9"),
        try InsightsEvent.viewedFilters(
          eventName: "Seen", indexName: "p", filters: [Filter.Facet(attribute: "brand", stringValue: "Apple")],
          userToken: "user-9"),
      ]
      try await sink.send(events)
      let kept = server.store.analytics.events
      #expect(kept.map(\.eventType) == ["click", "conversion", "view"])
      #expect(kept.first?.positions == [1, 4] && kept.last?.filters == ["brand:Apple"])
    }
  }
}
