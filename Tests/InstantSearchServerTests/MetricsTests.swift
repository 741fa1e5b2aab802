import Foundation
import InstantSearchServer
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("serve: GET /metrics in Prometheus' text format, for the admin key")
struct MetricsTests {
  /// The body of `GET /metrics` with `key`, and its status.
  static func scrape(_ server: RunningServer, key: String) async throws -> (status: Int, text: String) {
    var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(server.port)/metrics")))
    request.setValue(key, forHTTPHeaderField: "X-Algolia-API-Key")
    request.setValue("TESTAPP", forHTTPHeaderField: "X-Algolia-Application-Id")
    let (data, response) = try await URLSession.shared.data(for: request)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
  }

  @Test("Requests by route, index and status, their durations, writes, index sizes and analytics kept")
  func scraped() async throws {
    try await RunningServer.with { server in
      _ = try await server.call("POST", "/1/indexes/p/batch", #"{"requests":[{"action":"addObject","body":{"a":1}}]}"#)
      _ = try await server.call("POST", "/1/indexes/p/query", #"{"query":""}"#)
      _ = try await server.call("POST", "/1/indexes/p/query", #"{"query":""}"#)
      _ = try await server.call("POST", "/1/indexes/nothing/query", #"{"query":""}"#)
      let (status, text) = try await Self.scrape(server, key: RunningServer.adminKey)
      #expect(status == 200)
      let lines = text.split(separator: "\n").map(String.init)
      let searches = lines.first {
        $0.hasPrefix("instantsearch_requests_total{") && $0.contains(#"index="p""#) && $0.contains("query")
          && $0.contains(#"status="200""#)
      }
      #expect(searches?.hasSuffix(" 2") == true, "\(text)")
      #expect(lines.contains { $0.contains(#"index="nothing""#) && $0.contains(#"status="404""#) }, "\(text)")
      #expect(lines.contains { $0.hasPrefix("instantsearch_request_duration_seconds_bucket{") }, "\(text)")
      #expect(lines.contains { $0.hasPrefix(#"instantsearch_write_duration_seconds_count{index="p"} 1"#) }, "\(text)")
      #expect(lines.contains(#"instantsearch_index_records_count{index="p"} 1.0"#), "\(text)")
      #expect(lines.contains { $0.hasPrefix("instantsearch_searches_kept_count ") }, "\(text)")
      let refused = try await Self.scrape(server, key: RunningServer.searchKey)
      #expect(refused.status == 403)
    }
  }

  @Test("With a data directory, each index's commits: how many, their total and last durations")
  func commits() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("metrics-\(UUID())").path
    defer {
      do { try FileManager.default.removeItem(atPath: folder) } catch { print("left behind: \(error)") }
    }
    try await RunningServer.with(store: try IndexStore(directory: folder)) { server in
      let saved = try await server.call("PUT", "/1/indexes/p/1", #"{"a":1}"#)
      #expect(saved.status == 200)
      try server.store.commitAll()
      let (_, text) = try await Self.scrape(server, key: RunningServer.adminKey)
      let lines = text.split(separator: "\n").map(String.init)
      #expect(lines.contains(#"instantsearch_commits_count{index="p"} 1.0"#), "\(text)")
      #expect(lines.contains { $0.hasPrefix(#"instantsearch_last_commit_duration_seconds{index="p"} "#) }, "\(text)")
    }
  }
}
