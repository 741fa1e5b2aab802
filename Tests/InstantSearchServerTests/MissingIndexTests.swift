import Foundation
import InstantSearchCore
import Testing

@Suite("serve: a missing index answered as Algolia answers it")
struct MissingIndexTests {
  @Test(
    "Settings, browse, copy, a synonym or a rule of a missing index: 404 `Index does not exist` (what integrations match)"
  )
  func unnamed() async throws {
    try await RunningServer.with { server in
      let calls: [(String, String, String?)] = [
        ("GET", "/1/indexes/missing/settings", nil),
        ("POST", "/1/indexes/missing/browse", "{}"),
        ("GET", "/1/indexes/missing/browse", nil),
        ("POST", "/1/indexes/missing/operation", #"{"operation":"copy","destination":"other"}"#),
        ("POST", "/1/indexes/missing/operation", #"{"operation":"move","destination":"other"}"#),
        ("GET", "/1/indexes/missing/synonyms/s1", nil),
        ("GET", "/1/indexes/missing/rules/r1", nil),
      ]
      for (method, path, body) in calls {
        let answer = try await server.call(method, path, body)
        #expect(answer.status == 404, "\(method) \(path): \(answer.json)")
        #expect(answer.json["message"] == "Index does not exist", "\(method) \(path): \(answer.json)")
        #expect(answer.json["status"] == 404)
      }
      #expect(server.store.indexNames.isEmpty)
    }
  }

  @Test("A search of a missing index names it, alone or among queries")
  func named() async throws {
    try await RunningServer.with { server in
      let single = try await server.call("POST", "/1/indexes/missing/query", #"{"query":"a"}"#)
      #expect(single.status == 404 && single.json["message"] == "Index missing does not exist", "\(single.json)")
      let multiple = try await server.call(
        "POST", "/1/indexes/*/queries", #"{"requests":[{"indexName":"missing","params":"query=a"}]}"#)
      #expect(multiple.status == 404 && multiple.json["message"] == "Index missing does not exist", "\(multiple.json)")
    }
  }

  @Test("Searching the synonyms or rules of a missing index is an empty result, not a 404")
  func emptySearches() async throws {
    try await RunningServer.with { server in
      let synonyms = try await server.call("POST", "/1/indexes/missing/synonyms/search", #"{"query":""}"#)
      #expect(synonyms.status == 200, "\(synonyms.json)")
      #expect(synonyms.json["hits"] == [] && synonyms.json["nbHits"] == 0)
      let rules = try await server.call("POST", "/1/indexes/missing/rules/search", #"{"query":""}"#)
      #expect(rules.status == 200, "\(rules.json)")
      #expect(rules.json["hits"] == [] && rules.json["nbHits"] == 0 && rules.json["nbPages"] == 0)
      #expect(server.store.indexNames.isEmpty)
    }
  }
}
