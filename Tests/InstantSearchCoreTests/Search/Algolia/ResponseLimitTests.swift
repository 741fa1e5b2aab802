import Foundation
import InstantSearchCore
import InstantSearchTesting
import Testing

/// Hostile hosts (issue 17, row 7): a huge body is never held, an error body is never copied whole, and a
/// deadline stops the download. Each server streams as fast as the client reads and reports how much it
/// wrote: before the limit, the client read all of it (2 GB bodies were buffered, and went on downloading
/// after the deadline).
///
/// Serialized: each test streams a 2 GB body as fast as loopback goes, and run side by side (with the rest
/// of the suite loading both cores) they slowed each other's cancellation enough for one server to write
/// past the slack (1.12 GB, once in a clean-clone run).
@Suite("Algolia client: response size limit and deadline", .serialized, .timeLimit(.minutes(2)))
struct ResponseLimitTests {
  static let limit = 1 << 20
  /// The size of a hostile body: 2 GB, generated as it is sent.
  static let hostile = 2 << 30
  /// What the server may still write after the client decides to stop: the cancellation reaches the
  /// connection asynchronously, and loopback moves about a gigabyte a second (measured: 70–160 MB).
  static let slack = 1 << 30

  static func client(ports: [Int], clock: ManualClock = ManualClock(), limit: Int = limit) -> AlgoliaSearchClient {
    AlgoliaSearchClient(
      appID: "TESTAPP", apiKey: "test-api-key",
      configuration: .init(
        hosts: ports.map { AlgoliaHost(scheme: "http", host: "127.0.0.1", port: $0) }, clock: clock,
        transport: PatientTransport(), maximumResponseBytes: limit))
  }

  static let query = IndexedQuery(indexName: "products", query: Query("phone"))

  @Test("A 2xx body over the limit fails with responseTooLarge, with or without Content-Length, and stops the download")
  func tooLarge() async throws {
    try await withLoopbackServers([
      .stream(status: 200, bytes: Self.hostile, declaresLength: true),
      .stream(status: 200, bytes: Self.hostile, declaresLength: false),
    ]) { servers in
      for server in servers {
        await #expect(throws: AlgoliaError.responseTooLarge(limit: Self.limit)) {
          try await Self.client(ports: [server.port]).search([Self.query], strategy: .none)
        }
        var ends = server.streams.makeAsyncIterator()
        let streamed = try #require(await ends.next())
        #expect(!streamed.completed)
        #expect(streamed.written < Self.slack)
      }
    }
  }

  @Test("A 500 with a 2 GB body: the next host is tried, the failure quotes a bounded prefix")
  func hugeErrorBody() async throws {
    try await withLoopbackServers([
      .stream(status: 500, bytes: Self.hostile, declaresLength: false),
      .respond(status: 200, body: AlgoliaSearchClientTests.okBody),
    ]) { servers in
      let client = Self.client(ports: servers.map(\.port), limit: 50 << 20)
      let responses = try await client.search([Self.query], strategy: .none)
      #expect(responses[0].nbHits == 1)
      var ends = servers[0].streams.makeAsyncIterator()
      let streamed = try #require(await ends.next())
      #expect(!streamed.completed)
      #expect(streamed.written < Self.slack)

      await #expect {
        try await Self.client(ports: [servers[0].port]).search([Self.query], strategy: .none)
      } throws: { error in
        guard case .unreachableHosts(let failures) = error as? AlgoliaError,
          case .status(500, let message) = failures.first?.reason
        else { return false }
        return message.count < 1_100 && message.hasPrefix("xxxx") && message.hasSuffix(" bytes)")
      }
    }
  }

  @Test("The deadline passing cancels the download: the server sees the connection close")
  func deadlineStopsReading() async throws {
    try await withLoopbackServers([.stream(status: 200, bytes: Self.hostile, declaresLength: false)]) { servers in
      let clock = ManualClock()
      // No size limit: only the deadline can stop this download.
      let client = Self.client(ports: [servers[0].port], clock: clock, limit: .max)
      let search = Task { try await client.search([Self.query], strategy: .none) }
      var arrivals = servers[0].arrivals.makeAsyncIterator()
      _ = await arrivals.next()
      await clock.waitForSleepers(count: 1)
      clock.advance(by: .seconds(7))
      await #expect {
        try await search.value
      } throws: { error in
        guard case .unreachableHosts(let failures) = error as? AlgoliaError,
          case .timeout = failures.first?.reason
        else { return false }
        return true
      }
      var ends = servers[0].streams.makeAsyncIterator()
      let streamed = try #require(await ends.next())
      #expect(!streamed.completed)
      #expect(streamed.written < Self.slack)
    }
  }

  @Test("A transport that ignores the limit is still held to it by the client")
  func clientSideCheck() async throws {
    struct Generous: HTTPTransport {
      func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPResponse {
        HTTPResponse(status: 200, body: Data(count: (request.maximumResponseBytes ?? 0) + 1))
      }
    }
    let client = AlgoliaSearchClient(
      appID: "A", apiKey: "k",
      configuration: .init(
        hosts: [AlgoliaHost(host: "example.invalid")], clock: ManualClock(), transport: Generous(),
        maximumResponseBytes: 10))
    await #expect(throws: AlgoliaError.responseTooLarge(limit: 10)) {
      try await client.search([Self.query], strategy: .none)
    }
  }
}
