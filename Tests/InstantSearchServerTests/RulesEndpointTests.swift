import Foundation
import InstantSearchCore
import InstantSearchServer
import Testing

@Suite("serve: /rules", .timeLimit(.minutes(3)))
struct RulesEndpointTests {
  @Test("Save, get, search with the rule, batch with clearExistingRules, search rules, delete, clear; ACLs")
  func lifecycle() async throws {
    try await RunningServer.with { server in
      _ = try await server.call(
        "POST", "/1/indexes/p/batch",
        #"{"requests":[{"action":"addObject","body":{"objectID":"1","name":"red shirt"}},"#
          + #"{"action":"addObject","body":{"objectID":"2","name":"blue shirt"}}]}"#)
      let rule =
        #"{"conditions":[{"pattern":"shirt","anchoring":"contains"}],"#
        + #""consequence":{"userData":{"banner":"sale"},"promote":[{"objectID":"2","position":0}]}}"#
      let saved = try await server.call("PUT", "/1/indexes/p/rules/r1", rule)
      #expect(saved.status == 200 && saved.json["objectID"] == "r1" && saved.json["taskID"] != nil)
      let read = try await server.call("GET", "/1/indexes/p/rules/r1")
      #expect(read.json["objectID"] == "r1" && read.json["consequence"]?["userData"] == ["banner": "sale"])
      let found = try await server.call("POST", "/1/indexes/p/query", #"{"query":"shirt"}"#)
      #expect(found.json["userData"] == [["banner": "sale"]])
      #expect(found.json["appliedRules"] == [["objectID": "r1"]])
      #expect(found.json["hits"]?.arrayValue?.first?["objectID"] == "2")
      // A search key reads rules but cannot write them.
      #expect(try await server.call("GET", "/1/indexes/p/rules/r1", key: RunningServer.searchKey).status == 200)
      #expect(try await server.call("PUT", "/1/indexes/p/rules/r2", rule, key: RunningServer.searchKey).status == 403)
      let batch = #"[{"objectID":"r2","conditions":[{"pattern":"red","anchoring":"is"}],"consequence":{"userData":2}}]"#
      #expect(try await server.call("POST", "/1/indexes/p/rules/batch?clearExistingRules=true", batch).status == 200)
      let listed = try await server.call("POST", "/1/indexes/p/rules/search", #"{"query":""}"#)
      #expect(listed.json["nbHits"] == 1 && listed.json["hits"]?.arrayValue?.first?["objectID"] == "r2")
      #expect(try await server.call("GET", "/1/indexes/p/rules/r1").status == 404)
      #expect(try await server.call("DELETE", "/1/indexes/p/rules/r2").status == 200)
      #expect(try await server.call("DELETE", "/1/indexes/p/rules/r2").status == 404)
      let bad = try await server.call("PUT", "/1/indexes/p/rules/r3", #"{"conditions":[{"anchoring":"near"}]}"#)
      #expect(bad.status == 400 && bad.json["message"]?.stringValue?.contains("anchoring") == true)
      #expect(try await server.call("POST", "/1/indexes/p/rules/clear").status == 200)
    }
  }
}
