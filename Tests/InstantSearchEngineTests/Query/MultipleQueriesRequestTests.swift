import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

/// Algolia's multiple-queries body read into queries and a strategy: what `instantsearch search`, `bench`
/// and the fuzzer read from their input lines.
@Suite("Multiple-queries request body")
struct MultipleQueriesRequestTests {
  static func read(_ json: String, defaultIndex: String? = nil) throws(EngineError) -> MultipleQueriesRequest {
    try MultipleQueriesRequest(json: Data(json.utf8), defaultIndex: defaultIndex)
  }

  @Test("Requests keep their order, index and parameters; params strings and the strategy are read")
  func reads() throws {
    let request = try Self.read(
      #"{"requests":[{"indexName":"a","query":"phone","hitsPerPage":3,"type":"default"},"#
        + #"{"params":"query=case&page=2"}],"strategy":"stopIfEnoughMatches"}"#,
      defaultIndex: "fallback")
    #expect(request.queries.map(\.indexName) == ["a", "fallback"])
    #expect(request.queries[0].query.query == "phone")
    #expect(request.queries[0].query.hitsPerPage == 3)
    #expect(request.queries[1].query.query == "case")
    #expect(request.queries[1].query.page == 2)
    #expect(request.strategy == .stopIfEnoughMatches)
    #expect(try Self.read(#"{"requests":[]}"#).strategy == MultipleQueriesStrategy.none)
  }

  @Test(
    "A body that cannot be read is an error saying what and where",
    arguments: [
      (#"[1]"#, "the body must be a JSON object"),
      (#"{"requests":"#, "the body is not valid JSON"),
      (#"{"requests":{}}"#, "\"requests\" must be an array"),
      (#"{"requests":[1]}"#, "requests[0] must be an object"),
      (#"{"requests":[{"query":"x"}]}"#, "requests[0].indexName is missing"),
      (#"{"requests":[{"indexName":"a"},{"indexName":7}]}"#, "requests[1].indexName must be a string"),
      (#"{"requests":[{"indexName":"a","hitsPerPage":"many"}]}"#, "requests[0].hitsPerPage"),
      (#"{"requests":[],"strategy":"all"}"#, "strategy must be none or stopIfEnoughMatches"),
    ])
  func refuses(json: String, message: String) {
    #expect {
      try Self.read(json)
    } throws: { error in
      "\(error)".contains(message)
    }
  }

  @Test("More requests than Algolia allows in one body are refused, naming the count and the bound")
  func tooMany() {
    let count = SearchLimits.maximumQueriesPerRequest + 1
    let body = #"{"requests":["# + Array(repeating: #"{"indexName":"a"}"#, count: count).joined(separator: ",") + "]}"
    #expect {
      try Self.read(body)
    } throws: { error in
      "\(error)".contains("\(count)") && "\(error)".contains("\(SearchLimits.maximumQueriesPerRequest)")
    }
  }
}
