import Foundation
import InstantSearchCore
import InstantSearchEngine
import TestProcesses
import Testing

/// Requests and settings that used to trap the engine (issue 17 rows 2, 3, 8, 9) and the documented bounds
/// that replace "whatever the input asks for" (``SearchLimits``).
@Suite("Hostile requests and settings")
struct HostileRequestTests {
  static let records: [[String: JSON]] = (0..<30).map { number in
    ["objectID": .string("\(number)"), "name": .string("phone case \(number)")]
  }

  @Test(
    "A page far past the reachable positions is empty, as a number, a string or inside params (row 2)",
    arguments: [
      ["page": 460_000_000_000_000_000.0], ["page": "460000000000000000"], ["params": "page=460000000000000000"],
      ["page": .number(Double(Int.max / 2))], ["page": 1, "hitsPerPage": 1000],
    ] as [[String: JSON]])
  func hugePage(parameters: [String: JSON]) throws {
    let index = try Fixture.index(Self.records)
    let response = try index.search(try Query(jsonObject: parameters.merging(["query": "phone"]) { old, _ in old }))
    #expect(response.hits.isEmpty)
    #expect(response.nbHits == 30)
  }

  @Test("A search whose filters nest 5,000,000 deep answers with the column on a 512 KB stack (row 1)")
  func deepFiltersOnSmallStack() async throws {
    let index = try Fixture.index(Self.records)
    let depth = 5_000_000
    let filters = String(repeating: "(", count: depth) + "a:x" + String(repeating: ")", count: depth)
    let message = try await onDedicatedThread(stackSize: 512 * 1024) { () -> String in
      do throws(EngineError) {
        _ = try index.search(Fixture.query("phone", filters: filters))
        return "answered"
      } catch {
        return error.description
      }
    }
    #expect(message == "filters: too deeply nested (more than 64 levels) at col 65")
  }

  @Test("paginationLimitedTo outside 0…20,000 is a settings error; set in code it is clamped (row 3)")
  func paginationLimit() throws {
    #expect(throws: EngineError.invalidSettings("paginationLimitedTo: must be between 0 and 20000, got -1")) {
      try IndexSettings(json: ["paginationLimitedTo": -1])
    }
    #expect(throws: EngineError.invalidSettings("paginationLimitedTo: must be between 0 and 20000, got 20001")) {
      try IndexSettings(json: ["paginationLimitedTo": 20_001])
    }
    var settings = IndexSettings()
    settings.paginationLimitedTo = -1
    let index = LocalIndex(name: "products", settings: settings)
    try index.saveRecords(Self.records)
    for text in ["phone", "phnoe", ""] {
      let response = try index.search(Query(text))
      #expect(response.hits.isEmpty)
      #expect(response.nbPages == 0)
    }
  }

  @Test("Highlight tags longer than 512 bytes are refused, in a query or in settings (row 8)")
  func highlightTags() throws {
    let index = try Fixture.index(Self.records)
    let long = String(repeating: "x", count: 513)
    #expect(throws: EngineError.invalidParameter("highlightPreTag must be at most 512 bytes, got 513")) {
      try index.search(Fixture.query("phone") { $0.highlightPreTag = long })
    }
    #expect(throws: EngineError.invalidParameter("highlightPostTag must be at most 512 bytes, got 300000")) {
      try index.search(Fixture.query("phone") { $0.highlightPostTag = String(repeating: "y", count: 300_000) })
    }
    #expect(throws: EngineError.invalidSettings("highlightPreTag: at most 512 bytes, got 513")) {
      try IndexSettings(json: ["highlightPreTag": .string(long)])
    }
    let fits = try index.search(Fixture.query("phone") { $0.highlightPreTag = String(long.dropLast()) })
    #expect(fits.hits.count == 20)
  }

  @Test("A query longer than 512 bytes, or more than 1,000 facets or filters, is a 400 error")
  func requestBounds() throws {
    let index = try Fixture.index(Self.records)
    // Algolia's words (its answer quoted in openwhyd/openwhyd#703).
    let tooLong = #"Invalid value for "query" parameter, expected string shorter than 512 bytes"#
    #expect(throws: EngineError.invalidParameter(tooLong)) {
      try index.search(Query(String(repeating: "phone ", count: 500_000)))
    }
    #expect(throws: EngineError.invalidParameter(tooLong)) {
      try index.search(Query(String(repeating: "a", count: 513)))
    }
    #expect(try index.search(Query(String(repeating: "a", count: 512))).nbHits == 0)
    #expect(throws: EngineError.invalidParameter("facets must name at most 1000 attributes, got 100000")) {
      try index.search(Fixture.query { $0.facets = (0..<100_000).map { "f\($0)" } })
    }
    let tooMany =
      "too many filters: 1001 in filters, facetFilters, numericFilters and tagFilters together (at most 1000)"
    #expect(throws: EngineError.invalidParameter(tooMany)) {
      try index.search(
        Fixture.query(filters: "a:x") { $0.facetFilters = (0..<1_000).map { ["brand:b\($0)"] } })
    }
    #expect(try index.search(Query(String(repeating: "p", count: 512))).nbHits == 0)
  }

  @Test("More than 50 queries in one multi-query request are refused before any runs (row 9)")
  func queryCount() async throws {
    let client = LocalSearchClient(indices: [try Fixture.index(Self.records)])
    let queries = (0..<100_000).map { _ in IndexedQuery(indexName: "products", query: Query("phone")) }
    await #expect(
      throws: EngineError.invalidParameter("Too many queries in multi query request: 100000 (at most 50)")
    ) {
      try await client.search(queries, strategy: .none)
    }
    #expect(try await client.search(Array(queries.prefix(50)), strategy: .none).count == 50)
  }
}
