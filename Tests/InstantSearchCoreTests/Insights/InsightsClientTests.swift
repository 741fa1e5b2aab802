import Foundation
import InstantSearchCore
import Testing

/// The Insights client against real HTTP servers on 127.0.0.1.
@Suite("Insights client", .timeLimit(.minutes(2)))
struct InsightsClientTests {
  static let queryID = "0123456789abcdef0123456789abcdef"

  /// A sink sending to 127.0.0.1; its timeout leaves a loaded machine time to answer (none of these
  /// tests is about the timeout).
  static func sink(_ port: Int) -> AlgoliaInsightsSink {
    AlgoliaInsightsSink(
      appID: "APP", apiKey: "KEY", host: AlgoliaHost(scheme: "http", host: "127.0.0.1", port: port),
      timeout: PatientTransport.patience)
  }

  static func configuration(batchSize: Int = 1000, attempts: Int = 4) -> InsightsClient.Configuration {
    .init(batchSize: batchSize, flushDelay: nil, retryDelay: .zero, maximumAttempts: attempts)
  }

  static func click(_ number: Int) throws -> InsightsEvent {
    try .clickedObjectIDsAfterSearch(
      eventName: "Product Clicked", indexName: "products", objectIDs: ["\(number)"], positions: [number + 1],
      queryID: queryID, userToken: "user-1", timestamp: Date(timeIntervalSince1970: 1_700_000_000))
  }

  /// The events of a received request's body.
  static func events(_ request: ReceivedRequest) throws -> [[String: JSON]] {
    let json = try JSONDecoder().decode(JSON.self, from: Data(request.body.utf8))
    return json.objectValue?["events"]?.arrayValue?.compactMap(\.objectValue) ?? []
  }

  static func folder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("insights-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test("A batch is POST /1/events with the application's headers and the events in Algolia's shape")
  func requestShape() async throws {
    try await withLoopbackServers([.statuses([200])]) { servers in
      let client = InsightsClient(sink: Self.sink(servers[0].port), configuration: Self.configuration())
      client.track(try Self.click(0))
      await client.flush()
      let request = try #require(servers[0].requests.first)
      #expect(request.method == "POST" && request.path == "/1/events")
      #expect(request.headers["x-algolia-application-id"] == "APP" && request.headers["x-algolia-api-key"] == "KEY")
      #expect(request.headers["content-type"]?.hasPrefix("application/json") == true)
      #expect(
        try Self.events(request) == [
          [
            "eventType": "click", "eventName": "Product Clicked", "index": "products", "userToken": "user-1",
            "timestamp": 1_700_000_000_000, "queryID": .string(Self.queryID), "objectIDs": ["0"],
            "positions": [1],
          ]
        ])
      #expect(await client.pendingEvents().isEmpty)
    }
  }

  @Test("Events go in batches of the configured size, in order")
  func batching() async throws {
    try await withLoopbackServers([.statuses([200])]) { servers in
      let client = InsightsClient(sink: Self.sink(servers[0].port), configuration: Self.configuration(batchSize: 2))
      for number in 0..<5 { client.track(try Self.click(number)) }
      await client.flush()
      let batches = try servers[0].requests.map {
        try Self.events($0).compactMap { $0["objectIDs"]?.arrayValue?.first?.stringValue }
      }
      #expect(batches.flatMap { $0 } == ["0", "1", "2", "3", "4"])
      #expect(batches.allSatisfy { $0.count <= 2 } && batches.count >= 3)
    }
  }

  @Test("A 5xx answer is retried with the same batch; a 4xx answer is not, and its events are dropped")
  func retries() async throws {
    try await withLoopbackServers([.statuses([503, 502, 200]), .statuses([422])]) { servers in
      let retried = InsightsClient(sink: Self.sink(servers[0].port), configuration: Self.configuration())
      retried.track(try Self.click(0))
      await retried.flush()
      #expect(servers[0].requests.count == 3)
      #expect(Set(servers[0].requests.map(\.body)).count == 1)
      #expect(await retried.pendingEvents().isEmpty && retried.recentErrors.isEmpty)

      let refused = InsightsClient(sink: Self.sink(servers[1].port), configuration: Self.configuration())
      refused.track(try Self.click(1))
      await refused.flush()
      await refused.flush()
      #expect(servers[1].requests.count == 1)
      #expect(await refused.pendingEvents().isEmpty)
      #expect(refused.recentErrors == [.rejected(status: 422, message: "status 422")])
    }
  }

  @Test("A network error keeps the events for the next flush, after the attempts of this one")
  func networkError() async throws {
    try await withClosedLoopbackPort { port in
      let client = InsightsClient(sink: Self.sink(port), configuration: Self.configuration(attempts: 2))
      client.track(try Self.click(0))
      await client.flush()
      #expect(await client.pendingEvents().count == 1)
      guard case .unavailable? = client.recentErrors.last else {
        Issue.record("expected an unavailable error, got \(client.recentErrors)")
        return
      }
    }
  }

  @Test("Events kept on disk survive a restart and are sent once, by the next client")
  func restart() async throws {
    let directory = try Self.folder()
    defer {
      do { try FileManager.default.removeItem(atPath: directory) } catch { Issue.record("cleanup: \(error)") }
    }
    try await withLoopbackServers([.statuses([503]), .statuses([200])]) { servers in
      do {
        let down = InsightsClient(
          sink: Self.sink(servers[0].port), directory: directory, configuration: Self.configuration(attempts: 1))
        for number in 0..<3 { down.track(try Self.click(number)) }
        await down.flush()
        #expect(await down.pendingEvents().count == 3)
      }
      // The app restarts: a new client on the same directory.
      let up = InsightsClient(
        sink: Self.sink(servers[1].port), directory: directory, configuration: Self.configuration())
      #expect(await up.pendingEvents().count == 3)
      up.track(try Self.click(3))
      await up.flush()
      let sent = try servers[1].requests.flatMap { try Self.events($0) }
      #expect(sent.compactMap { $0["objectIDs"]?.arrayValue?.first?.stringValue } == ["0", "1", "2", "3"])
      let again = InsightsClient(
        sink: Self.sink(servers[1].port), directory: directory, configuration: Self.configuration())
      await again.flush()
      #expect(servers[1].requests.count == 1)
    }
  }

  @Test("Events out of the API's limits are refused where they are made")
  func validation() throws {
    #expect(throws: InsightsError.self) {
      try InsightsEvent.viewedObjectIDs(
        eventName: "V", indexName: "p", objectIDs: (0..<21).map(String.init), userToken: "u")
    }
    #expect(throws: InsightsError.self) {
      try InsightsEvent.clickedObjectIDs(eventName: "", indexName: "p", objectIDs: ["1"], userToken: "u")
    }
    #expect(throws: InsightsError.self) {
      try InsightsEvent.clickedObjectIDs(eventName: "C", indexName: "p", objectIDs: ["1"], userToken: "a b")
    }
    #expect(throws: InsightsError.self) {
      try InsightsEvent.clickedObjectIDsAfterSearch(
        eventName: "C", indexName: "p", objectIDs: ["1"], positions: [1], queryID: "nope", userToken: "u")
    }
  }
}
