import Foundation
import InstantSearchCore
import InstantSearchServer
import Testing

@Suite("serve: GET /1/logs, the server's own request log with Algolia's fields")
struct RequestLogTests {
  @Test("Requests are logged newest first with Algolia's fields, keys obfuscated; /1/logs itself is not")
  func fields() async throws {
    try await RunningServer.with { server in
      _ = try await server.call("POST", "/1/indexes/p/batch", #"{"requests":[{"action":"addObject","body":{"a":1}}]}"#)
      _ = try await server.call("POST", "/1/indexes/p/query", #"{"query":"x"}"#, key: RunningServer.searchKey)
      _ = try await server.call("GET", "/1/logs")
      let logs = try await server.call("GET", "/1/logs?length=5")
      #expect(logs.status == 200, "\(logs.json)")
      let entries = try #require(logs.json["logs"]?.arrayValue)
      #expect(entries.count == 2, "\(entries)")
      let search = try #require(entries.first)
      #expect(search["method"] == "POST" && search["url"] == "/1/indexes/p/query" && search["answer_code"] == "200")
      #expect(search["index"] == "p" && search["query_body"] == #"{"query":"x"}"# && search["ip"] == "127.0.0.1")
      #expect(search["answer"]?.stringValue?.hasPrefix("{") == true && search["nb_api_calls"] == "1")
      #expect(search["sha1"]?.stringValue?.count == 40 && search["processing_time_ms"]?.stringValue != nil)
      #expect(search["timestamp"]?.stringValue?.hasSuffix("Z") == true)
      let headers = try #require(search["query_headers"]?.stringValue)
      #expect(
        headers.lowercased().contains("x-algolia-api-key: sea***") && !headers.contains(RunningServer.searchKey),
        "\(headers)")
      #expect(entries[1]["url"] == "/1/indexes/p/batch")
    }
  }

  @Test("type, indexName, offset and length select entries; a multi-query lists its inner queries")
  func selection() async throws {
    try await RunningServer.with { server in
      _ = try await server.call("POST", "/1/indexes/p/batch", #"{"requests":[{"action":"addObject","body":{"a":1}}]}"#)
      _ = try await server.call("POST", "/1/indexes/q/batch", #"{"requests":[{"action":"addObject","body":{"a":1}}]}"#)
      _ = try await server.call(
        "POST", "/1/indexes/*/queries", #"{"requests":[{"indexName":"q","params":"query=a","userToken":"u1"}]}"#)
      _ = try await server.call("POST", "/1/indexes/missing/query", "{}")
      func urls(_ query: String) async throws -> [String] {
        let answer = try await server.call("GET", "/1/logs?\(query)")
        #expect(answer.status == 200, "\(query): \(answer.json)")
        return answer.json["logs"]?.arrayValue?.compactMap { $0["url"]?.stringValue } ?? []
      }
      #expect(try await urls("type=build") == ["/1/indexes/q/batch", "/1/indexes/p/batch"])
      #expect(try await urls("type=query") == ["/1/indexes/missing/query", "/1/indexes/*/queries"])
      #expect(try await urls("type=error") == ["/1/indexes/missing/query"])
      #expect(try await urls("indexName=q") == ["/1/indexes/*/queries", "/1/indexes/q/batch"])
      #expect(try await urls("offset=1&length=2") == ["/1/indexes/*/queries", "/1/indexes/q/batch"])
      let multi = try await server.call("GET", "/1/logs?type=query&offset=1&length=1")
      #expect(multi.json["logs"]?.arrayValue?.first?["inner_queries"] == [["index_name": "q", "user_token": "u1"]])
      for bad in ["type=other", "length=0", "length=1001", "offset=-1", "offset=x"] {
        #expect(try await server.call("GET", "/1/logs?\(bad)").status == 400, "\(bad)")
      }
      #expect(try await server.call("GET", "/1/logs", key: RunningServer.searchKey).status == 403)
    }
  }

  @Test("The log keeps the newest 1,000 requests")
  func bounded() async throws {
    try await RunningServer.with { server in
      for number in 0..<1_005 {
        _ = try await server.call("GET", "/1/indexes/p/settings?n=\(number)")
      }
      let all = try await server.call("GET", "/1/logs?length=1000")
      let urls = all.json["logs"]?.arrayValue?.compactMap { $0["url"]?.stringValue } ?? []
      #expect(urls.count == 1_000 && urls.first == "/1/indexes/p/settings?n=1004")
      #expect(urls.last == "/1/indexes/p/settings?n=5")
    }
  }
}
