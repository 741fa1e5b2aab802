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

  @Test("Settings: an unknown name is 400 Invalid object attributes; the others come back as given")
  func settings() async throws {
    try await RunningServer.with { server in
      let unknown = try await server.call("PUT", "/1/indexes/products/settings", #"{"optionalwords":"the"}"#)
      #expect(unknown.status == 400)
      #expect(unknown.json.objectValue?["message"] == "Invalid object attributes: optionalwords", "\(unknown.json)")
      let put = try await server.call(
        "PUT", "/1/indexes/products/settings",
        #"{"ignorePlurals":["fr"],"typoTolerance":"false","userData":{"a":1},"advancedSyntax":true}"#)
      #expect(put.status == 200)
      let more = try await server.call("PUT", "/1/indexes/products/settings", #"{"removeStopWords":true}"#)
      #expect(more.status == 200)
      let got = try #require(try await server.call("GET", "/1/indexes/products/settings").json.objectValue)
      #expect(got["ignorePlurals"] == ["fr"] && got["typoTolerance"] == "false" && got["userData"] == ["a": 1])
      #expect(got["advancedSyntax"] == true && got["removeStopWords"] == true)
      let separators = try await server.call(
        "PUT", "/1/indexes/products/settings", #"{"separatorsToIndex":"+#"}"#)
      #expect(separators.status == 200, "\(separators.json)")
      let stored = try #require(try await server.call("GET", "/1/indexes/products/settings").json.objectValue)
      #expect(stored["separatorsToIndex"] == "+#" && stored["removeStopWords"] == true)
      let letter = try await server.call("PUT", "/1/indexes/products/settings", #"{"separatorsToIndex":"a"}"#)
      #expect(letter.status == 400, "\(letter.json)")
      #expect(letter.json.objectValue?["message"]?.stringValue?.contains("separatorsToIndex") == true)
    }
  }

  @Test("responseFields: only the members named are written, in a search and in multiple queries")
  func responseFields() async throws {
    try await RunningServer.with { server in
      _ = try await server.call(
        "POST", "/1/indexes/products/batch",
        #"{"requests":[{"action":"addObject","body":{"objectID":"1","name":"shirt"}}]}"#)
      let one = try await server.call(
        "POST", "/1/indexes/products/query", #"{"query":"shirt","responseFields":["nbHits","page"]}"#)
      #expect(Set(one.json.objectValue?.keys ?? [:].keys) == ["nbHits", "page"], "\(one.json)")
      _ = try await server.call("PUT", "/1/indexes/products/settings", #"{"responseFields":["hits"]}"#)
      let multi = try await server.call(
        "POST", "/1/indexes/*/queries", #"{"requests":[{"indexName":"products","query":"shirt"}]}"#)
      let first = multi.json.objectValue?["results"]?.arrayValue?.first?.objectValue
      #expect(Set(first?.keys ?? [:].keys) == ["hits"] && first?["hits"]?.arrayValue?.count == 1, "\(multi.json)")
    }
  }
}
