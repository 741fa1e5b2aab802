import Foundation
import InstantSearchCore
import InstantSearchEngine
import InstantSearchServer
import Testing

@Suite("serve: unknown parameters answered as Algolia answers them")
struct ParameterFateEndpointTests {
  @Test("400 Unknown parameter: X in a search, a params string, a multiple-queries request and a browse")
  func unknownParameter() async throws {
    try await RunningServer.with { server in
      _ = try await server.call(
        "POST", "/1/indexes/products/batch",
        #"{"requests":[{"action":"addObject","body":{"objectID":"1","name":"shirt"}}]}"#)
      let expected = JSON.object(["message": "Unknown parameter: colour", "status": 400])
      let direct = try await server.call("POST", "/1/indexes/products/query", #"{"query":"shirt","colour":"red"}"#)
      #expect(direct.status == 400 && direct.json == expected, "\(direct.json)")
      let params = try await server.call("POST", "/1/indexes/products/query", #"{"params":"query=shirt&colour=red"}"#)
      #expect(params.status == 400 && params.json == expected, "\(params.json)")
      let multi = try await server.call(
        "POST", "/1/indexes/*/queries", #"{"requests":[{"indexName":"products","params":"colour=red"}]}"#)
      #expect(multi.status == 400 && multi.json == expected, "\(multi.json)")
      let browse = try await server.call("POST", "/1/indexes/products/browse", #"{"colour":"red"}"#)
      #expect(browse.status == 400 && browse.json == expected, "\(browse.json)")
      // A parameter with no effect here is accepted.
      let analytics = try await server.call(
        "POST", "/1/indexes/products/query", #"{"query":"shirt","analytics":false}"#)
      #expect(analytics.status == 200)
    }
  }
}
