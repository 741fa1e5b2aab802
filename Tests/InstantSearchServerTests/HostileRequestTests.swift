import Foundation
import InstantSearchCore
import Testing

/// Malformed and mistyped requests get Algolia's JSON errors (a 4xx with a message), never a 5xx, a crash or
/// a hang; the server keeps answering.
@Suite("serve: hostile requests", .timeLimit(.minutes(2)))
struct HostileRequestTests {
  /// Bodies that are not what the endpoints take.
  static let bodies: [String] = [
    "", "{", "[]", "null", "42", "\"text\"", #"{"requests":3}"#, #"{"requests":[1,2]}"#, #"{"requests":[{}]}"#,
    #"{"requests":[{"action":"explode"}]}"#, #"{"requests":[{"action":"updateObject","body":{}}]}"#,
    #"{"query":5}"#, #"{"hitsPerPage":"many"}"#, #"{"hitsPerPage":-1}"#, #"{"page":1e300}"#,
    #"{"filters":"(((((("}"#, #"{"facetFilters":[[[["a"]]]]}"#, #"{"params":7}"#, #"{"params":"%zz"}"#,
    #"{"cursor":"not-a-cursor"}"#, #"{"operation":"teleport","destination":"x"}"#, #"{"searchableAttributes":5}"#,
    #"{"replicas":[""]}"#, #"{"ranking":["typo","asc(price)"]}"#, #"{"requests":[{"indexName":7}]}"#,
    #"{"requests":[{"indexName":"p","type":"facet"}]}"#, #"{"facetQuery":[],"maxFacetHits":"x"}"#,
    String(repeating: "[", count: 5000), #"{"a":"\#(String(repeating: "\\u00e9", count: 2000))"}"#,
    // Numbers that used to stop the process when converted to integers (issue 35).
    #"{"maxFacetHits":1e300}"#, #"{"maxFacetHits":-1e300}"#, #"{"maxFacetHits":"NaN"}"#,
    #"{"insideBoundingBox":[[1e300,0,1,1]]}"#, #"{"insideBoundingBox":[[-1e15,-1e15,1e15,1e15]]}"#,
    #"{"params":"insideBoundingBox=nan,0,1,1"}"#, #"{"params":"insideBoundingBox=-inf,0,1,1"}"#,
    #"{"insidePolygon":[[1e300,1e300,0,0,1,1]]}"#, #"{"aroundLatLng":"0,0","aroundRadius":9.2e18}"#,
    #"{"requests":[{"indexName":"p","type":"facet","facet":"brand","maxFacetHits":1e300}]}"#,
    #"{"cursor":"\#(Self.hugeOffsetCursor)"}"#, #"{"page":9.3e18}"#, #"{"hitsPerPage":"-9223372036854775809"}"#,
    // Texts that end at the bracket crossing Foundation's 512-level limit, which trapped its JSON reader
    // (and stopped the server) wherever a body, a params value or a cursor reached it.
    String(repeating: "[", count: 513), "{\"a\":" + String(repeating: "[", count: 512),
    #"{"params":"facetFilters=\#(String(repeating: "%5B", count: 513))"}"#,
    #"{"cursor":"\#(Data(String(repeating: "[", count: 513).utf8).base64EncodedString())"}"#,
  ]

  /// A browse cursor whose offset is 1e300 (the form this server's cursors have).
  static let hugeOffsetCursor = "eyJvZmZzZXQiOjFlMzAwLCJwYXJhbXMiOiIifQ=="

  static let routes: [(String, String)] = [
    ("POST", "/1/indexes/p/query"), ("POST", "/1/indexes/*/queries"), ("POST", "/1/indexes/p/facets/brand/query"),
    ("POST", "/1/indexes/p/batch"), ("POST", "/1/indexes/*/batch"), ("PUT", "/1/indexes/p/settings"),
    ("POST", "/1/indexes/p/browse"), ("POST", "/1/indexes/p/deleteByQuery"), ("POST", "/1/indexes/p/operation"),
    ("POST", "/1/indexes/*/objects"), ("PUT", "/1/indexes/p/1"), ("POST", "/1/indexes/p/1/partial"),
    ("GET", "/1/indexes/p/task/notanumber"), ("GET", "/1/task/notanumber"), ("POST", "/1/keys"),
    ("PUT", "/1/keys/nokey"),
    ("PUT", "/1/indexes/p/rules/r1"), ("POST", "/1/indexes/p/rules/batch"), ("POST", "/1/indexes/p/rules/search"),
    ("PUT", "/1/indexes/p/synonyms/s1"), ("POST", "/1/indexes/p/synonyms/batch"),
  ]

  @Test("Every malformed body on every route is a 4xx JSON error, and the server still answers")
  func malformed() async throws {
    try await RunningServer.with { server in
      _ = try await server.call(
        "PUT", "/1/indexes/p/settings", #"{"attributesForFaceting":["searchable(brand)"]}"#)
      _ = try await server.call("POST", "/1/indexes/p", #"{"objectID":"1","brand":"Acme"}"#)
      var answered = 0
      for (method, path) in Self.routes {
        for body in Self.bodies {
          // URLSession sends no body with a GET.
          let answer = try await server.call(method, path, method == "GET" ? nil : body)
          // A few bodies are valid for some routes (an empty settings update, a record replaced by a
          // string-valued attribute): those answer 200. None may fail on the server's side.
          #expect(answer.status < 500, "\(method) \(path) \(body.prefix(60)) → \(answer.status) \(answer.json)")
          if answer.status >= 400 {
            #expect(answer.json.objectValue?["message"]?.stringValue?.isEmpty == false, "\(method) \(path)")
          }
          answered += 1
        }
      }
      #expect(answered == Self.routes.count * Self.bodies.count)
      // Some of those bodies were valid writes to p (a record replaced): check on another index.
      _ = try await server.call("POST", "/1/indexes/q", #"{"objectID":"1","brand":"Acme"}"#)
      let still = try await server.call("POST", "/1/indexes/q/query", #"{"query":"acme"}"#)
      #expect(still.status == 200 && still.json.objectValue?["nbHits"] == 1)
    }
  }
}
