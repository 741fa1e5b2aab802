import Foundation
import InstantSearchCore
import InstantSearchEngine
import InstantSearchServer
import Testing

@Suite("serve: forwardToReplicas on settings, synonyms and rules")
struct ForwardToReplicasTests {
  @Test("With forwardToReplicas=true a change reaches the replicas in the same write; without, only the index")
  func forwards() async throws {
    try await RunningServer.with { server in
      _ = try await server.call(
        "PUT", "/1/indexes/products/settings", #"{"replicas":["products_price","virtual(products_new)"]}"#)
      _ = try await server.call("PUT", "/1/indexes/products/settings", #"{"hitsPerPage":7}"#)
      let alone = try await server.call("GET", "/1/indexes/products_price/settings")
      #expect(alone.json.objectValue?["hitsPerPage"] == 20, "\(alone.json)")
      let put = try await server.call(
        "PUT", "/1/indexes/products/settings?forwardToReplicas=true", #"{"hitsPerPage":9,"userData":{"a":1}}"#)
      #expect(put.status == 200)
      for replica in ["products_price", "products_new"] {
        let got = try await server.call("GET", "/1/indexes/\(replica)/settings").json.objectValue
        #expect(got?["hitsPerPage"] == 9 && got?["userData"] == ["a": 1], "\(replica): \(got ?? [:])")
        #expect(got?["primary"] == "products", "a replica keeps its primary")
      }
      let primary = try await server.call("GET", "/1/indexes/products/settings").json.objectValue
      #expect(primary?["replicas"] == ["products_price", "virtual(products_new)"])

      let synonym = #"{"objectID":"s1","type":"synonym","synonyms":["tv","television"]}"#
      _ = try await server.call("PUT", "/1/indexes/products/synonyms/s1?forwardToReplicas=true", synonym)
      let rule =
        #"{"objectID":"r1","conditions":[{"pattern":"sale","anchoring":"contains"}],"consequence":{"params":{"filters":"onSale:true"}}}"#
      _ = try await server.call("PUT", "/1/indexes/products/rules/r1", rule)
      let replicaSynonym = try await server.call("GET", "/1/indexes/products_price/synonyms/s1")
      #expect(replicaSynonym.status == 200, "\(replicaSynonym.json)")
      let replicaRule = try await server.call("GET", "/1/indexes/products_price/rules/r1")
      #expect(replicaRule.status == 404, "the rule was not forwarded")
      _ = try await server.call("DELETE", "/1/indexes/products/synonyms/s1?forwardToReplicas=true")
      #expect(try await server.call("GET", "/1/indexes/products_new/synonyms/s1").status == 404)
    }
  }
}
