import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("serve: CORS, for every origin or the origins listed")
struct CORSTests {
  /// The `Access-Control-Allow-Origin` answered to `method` on `/1/indexes` from `origin`.
  static func allowed(_ server: RunningServer, _ method: String, origin: String) async throws -> String? {
    var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(server.port)/1/indexes")))
    request.httpMethod = method
    request.setValue(origin, forHTTPHeaderField: "Origin")
    request.setValue(RunningServer.adminKey, forHTTPHeaderField: "X-Algolia-API-Key")
    request.setValue("TESTAPP", forHTTPHeaderField: "X-Algolia-Application-Id")
    if method == "OPTIONS" {
      request.setValue("GET", forHTTPHeaderField: "Access-Control-Request-Method")
      request.setValue("x-algolia-api-key", forHTTPHeaderField: "Access-Control-Request-Headers")
    }
    let (_, response) = try await URLSession.shared.data(for: request)
    return (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Access-Control-Allow-Origin")
  }

  @Test("By default every origin may call the server (*), as Algolia's API")
  func everyOrigin() async throws {
    try await RunningServer.with { server in
      let simple = try await Self.allowed(server, "GET", origin: "https://anywhere.example")
      let preflight = try await Self.allowed(server, "OPTIONS", origin: "https://anywhere.example")
      #expect(simple == "*" && preflight == "*")
    }
  }

  @Test("With origins listed, a listed origin gets its own name back and any other none, preflight included")
  func listedOrigins() async throws {
    let origins = ["https://shop.example", "http://localhost:3000"]
    try await RunningServer.with(corsOrigins: origins) { server in
      for origin in origins {
        let simple = try await Self.allowed(server, "GET", origin: origin)
        let preflight = try await Self.allowed(server, "OPTIONS", origin: origin)
        #expect(simple == origin && preflight == origin, "\(origin)")
      }
      let other = try await Self.allowed(server, "GET", origin: "https://evil.example")
      let otherPreflight = try await Self.allowed(server, "OPTIONS", origin: "https://evil.example")
      #expect(other == nil && otherPreflight == nil)
      // The server still answers (CORS is the browser's to enforce); only the header is withheld.
      let answered = try await server.call("GET", "/1/indexes")
      #expect(answered.status == 200)
    }
  }
}
