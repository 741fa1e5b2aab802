import Foundation
import InstantSearchCore
import InstantSearchTesting
import Testing

@Suite("Algolia REST client against loopback servers", .timeLimit(.minutes(2)))
struct AlgoliaSearchClientTests {
  static let okBody =
    #"{"results":[{"hits":[{"objectID":"1","name":"Phone"}],"nbHits":1,"page":0,"nbPages":1,"hitsPerPage":5,"processingTimeMS":2,"index":"products","query":"phone","unknownKey":{"x":1}}]}"#

  static func client(_ servers: [LoopbackServer], clock: ManualClock = ManualClock()) -> AlgoliaSearchClient {
    client(ports: servers.map(\.port), clock: clock)
  }

  static func client(ports: [Int], clock: ManualClock = ManualClock()) -> AlgoliaSearchClient {
    AlgoliaSearchClient(
      appID: "TESTAPP", apiKey: "test-api-key",
      configuration: .init(
        hosts: ports.map { AlgoliaHost(scheme: "http", host: "127.0.0.1", port: $0) }, clock: clock,
        transport: PatientTransport()))
  }

  static var phoneQuery: IndexedQuery {
    var query = Query("phone")
    query.hitsPerPage = 5
    return IndexedQuery(indexName: "products", query: query)
  }

  @Test("Sends the exact request line, headers and body, and decodes the results")
  func exactRequest() async throws {
    try await withLoopbackServers([.respond(status: 200, body: Self.okBody)]) { servers in
      let client = Self.client(servers)
      let responses = try await client.search([Self.phoneQuery], strategy: .none)
      #expect(responses.count == 1)
      #expect(responses[0].hits.map(\.objectID) == ["1"])
      #expect(responses[0].hits[0]["name"] == "Phone")
      #expect(responses[0].nbHits == 1)
      let request = try #require(servers[0].requests.first)
      #expect(request.method == "POST")
      #expect(request.path == "/1/indexes/*/queries")
      #expect(request.headers["x-algolia-application-id"] == "TESTAPP")
      #expect(request.headers["x-algolia-api-key"] == "test-api-key")
      #expect(request.headers["content-type"] == "application/json")
      #expect(request.headers["user-agent"] == client.userAgent)
      #expect(
        client.userAgent.hasPrefix(
          "Algolia for Swift (InstantSearch for Swift \(InstantSearchVersion.current)); Swift ("))
      #expect(
        request.body == #"{"requests":[{"hitsPerPage":5,"indexName":"products","query":"phone"}],"strategy":"none"}"#)
    }
  }

  @Test("Search for facet values: path, URL-encoded params and facet query")
  func facetSearch() async throws {
    let body =
      #"{"facetHits":[{"value":"Apple","highlighted":"<em>App</em>le","count":3}],"exhaustiveFacetsCount":true,"processingTimeMS":1}"#
    try await withLoopbackServers([.respond(status: 200, body: body)]) { servers in
      var query = Query()
      query.filters = "price < 10 & more"
      let response = try await Self.client(servers).searchForFacetValues(
        indexName: "my products", attribute: "brand", facetQuery: "app", query: query, maxFacetHits: 10)
      #expect(response.facetHits == [Facet(value: "Apple", count: 3, highlighted: "<em>App</em>le")])
      let request = try #require(servers[0].requests.first)
      #expect(request.path == "/1/indexes/my%20products/facets/brand/query")
      #expect(
        request.body == #"{"facetQuery":"app","maxFacetHits":10,"params":"filters=price%20%3C%2010%20%26%20more"}"#)
    }
  }

  @Test("The first host down: the next host answers")
  func firstHostDown() async throws {
    try await withClosedLoopbackPort { closed in
      try await withLoopbackServers([.respond(status: 200, body: Self.okBody)]) { servers in
        let client = Self.client(ports: [closed, servers[0].port])
        let responses = try await client.search([Self.phoneQuery], strategy: .none)
        #expect(responses[0].nbHits == 1)
        #expect(servers[0].requests.count == 1)
      }
    }
  }

  @Test("A host that hangs past the deadline: the next host answers; deadlines grow; the host is skipped")
  func hangingHost() async throws {
    try await withLoopbackServers([.hang, .respond(status: 200, body: Self.okBody)]) { servers in
      let clock = ManualClock()
      let client = Self.client(servers, clock: clock)
      let search = Task { try await client.search([Self.phoneQuery], strategy: .none) }
      var arrivals = servers[0].arrivals.makeAsyncIterator()
      _ = await arrivals.next()
      await clock.waitForSleepers(count: 1)
      // First attempt: connect 2 s + read 5 s × 1.
      #expect(clock.sleeperDeadlines == [ManualClock.Instant(offset: .seconds(7))])
      clock.advance(by: .seconds(7))
      let responses = try await search.value
      #expect(responses[0].nbHits == 1)
      #expect(servers[1].requests.count == 1)

      // The hung host is skipped for five minutes.
      _ = try await client.search([Self.phoneQuery], strategy: .none)
      #expect(servers[0].requests.count == 1)
      #expect(servers[1].requests.count == 2)
    }
  }

  @Test("Deadlines grow with each attempt of a call")
  func growingDeadlines() async throws {
    try await withLoopbackServers([.hang, .hang, .respond(status: 200, body: Self.okBody)]) { servers in
      let clock = ManualClock()
      let client = Self.client(servers, clock: clock)
      let search = Task { try await client.search([Self.phoneQuery], strategy: .none) }
      await clock.waitForSleepers(count: 1)
      #expect(clock.sleeperDeadlines.map(\.offset) == [.seconds(7)])
      clock.advance(by: .seconds(7))
      var second = servers[1].arrivals.makeAsyncIterator()
      _ = await second.next()
      await clock.waitForSleepers(count: 1)
      #expect(clock.sleeperDeadlines.map(\.offset) == [.seconds(7 + 12)])
      clock.advance(by: .seconds(12))
      let responses = try await search.value
      #expect(responses[0].nbHits == 1)
    }
  }

  @Test("A 500 moves on to the next host, which is then tried first for five minutes")
  func serverError() async throws {
    try await withLoopbackServers([
      .respond(status: 500, body: #"{"message":"boom","status":500}"#), .respond(status: 200, body: Self.okBody),
    ]) { servers in
      let clock = ManualClock()
      let client = Self.client(servers, clock: clock)
      _ = try await client.search([Self.phoneQuery], strategy: .none)
      _ = try await client.search([Self.phoneQuery], strategy: .none)
      #expect(servers[0].requests.count == 1)
      #expect(servers[1].requests.count == 2)
      clock.advance(by: .seconds(299))
      _ = try await client.search([Self.phoneQuery], strategy: .none)
      #expect(servers[0].requests.count == 1)
      clock.advance(by: .seconds(1))
      _ = try await client.search([Self.phoneQuery], strategy: .none)
      #expect(servers[0].requests.count == 2)
    }
  }

  @Test("A 4xx fails at once with the server's message and status; no other host is tried", arguments: [400, 403])
  func clientError(status: Int) async throws {
    let message =
      status == 400
      ? "filters: Unexpected token ')' expected end of filter at col 11" : "Invalid Application-ID or API key"
    try await withLoopbackServers([
      .respond(status: status, body: #"{"message":"\#(message)","status":\#(status)}"#),
      .respond(status: 200, body: Self.okBody),
    ]) { servers in
      await #expect(throws: AlgoliaError.httpStatus(status: status, message: message)) {
        try await Self.client(servers).search([Self.phoneQuery], strategy: .none)
      }
      #expect(servers[1].requests.isEmpty)
    }
  }

  @Test("A malformed JSON body is a typed error naming where")
  func malformedBody() async throws {
    try await withLoopbackServers([
      .respond(status: 200, body: #"{"results":[{"hits":[],"nbHits":"many"}]}"#),
      .respond(status: 200, body: "not json"),
    ]) { servers in
      await #expect {
        try await Self.client(ports: [servers[0].port]).search([Self.phoneQuery], strategy: .none)
      } throws: { error in
        guard case .malformedResponse(let decoding) = error as? AlgoliaError else { return false }
        return decoding.path == "results[0].nbHits"
      }
      await #expect {
        try await Self.client(ports: [servers[1].port]).search([Self.phoneQuery], strategy: .none)
      } throws: { error in
        guard case .malformedResponse = error as? AlgoliaError else { return false }
        return true
      }
    }
  }

  @Test("All hosts down: unreachable hosts, listing each failure")
  func allHostsDown() async throws {
    try await withClosedLoopbackPort { closed in
      try await withLoopbackServers([.respond(status: 503, body: #"{"message":"unavailable"}"#)]) { servers in
        await #expect {
          try await Self.client(ports: [servers[0].port, closed]).search([Self.phoneQuery], strategy: .none)
        } throws: { error in
          guard case .unreachableHosts(let failures) = error as? AlgoliaError, failures.count == 2 else {
            return false
          }
          guard case .status(503, "unavailable") = failures[0].reason, failures[0].host.port == servers[0].port else {
            return false
          }
          guard case .network = failures[1].reason, failures[1].host.port == closed else { return false }
          return true
        }
      }
    }
  }

  @Test("Default hosts: the DSN host first, then the three fallbacks shuffled")
  func defaultHosts() {
    var generator = SplitMix64(seed: 3)
    let hosts = AlgoliaHost.readHosts(appID: "APP", using: &generator)
    #expect(hosts.first == AlgoliaHost(host: "APP-dsn.algolia.net"))
    #expect(
      Set(hosts.dropFirst().map(\.host)) == ["APP-1.algolianet.com", "APP-2.algolianet.com", "APP-3.algolianet.com"])
    #expect(hosts.allSatisfy { $0.scheme == "https" && $0.port == nil })
  }
}
