import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

@Suite("Query suggestions: building from a log")
struct QuerySuggestionsBuilderTests {
  static let log = """
    wireless earbuds
    Wireless  Earbuds
    wireless earbuds
    lamp
    lamp
    ip
    ip
    nothing here
    nothing here
    once only
    {"query": "desk lamp", "count": 4}

    """

  @Test("Counts normalized queries, keeps the most frequent spelling, drops rare, short and dead-end ones")
  func build() throws {
    var builder = QuerySuggestionsBuilder()
    try builder.addLog(Self.log)
    let source = try Fixture.index(
      [
        ["objectID": "1", "name": "Wireless earbuds"], ["objectID": "2", "name": "Desk lamp"],
        ["objectID": "3", "name": "Floor lamp"],
      ], settings: ["searchableAttributes": ["name"]])
    let records = try builder.records(checkingHitsIn: source)
    #expect(records.map { $0["query"]?.stringValue } == ["desk lamp", "wireless earbuds", "lamp"])
    #expect(records.map { $0["popularity"]?.doubleValue } == [4, 3, 2])
    #expect(records[0]["objectID"] == "desk lamp" && records[0]["nb_words"] == 2)
    #expect(records[2]["products"] == ["exact_nb_hits": 2])
    // Without a source, a dead end stays; a lower threshold keeps rare ones.
    builder.minimumCount = 1
    #expect(try builder.records().count == 5)
    builder.maximumSuggestions = 2
    #expect(try builder.records().count == 2)
    // The index they make ranks by popularity.
    builder.maximumSuggestions = 10
    let index = LocalIndex(name: "suggestions", settings: QuerySuggestionsBuilder.settings)
    try index.saveRecords(try builder.records(checkingHitsIn: source))
    #expect(try index.search(Query()).hits.map(\.objectID) == ["desk lamp", "wireless earbuds", "lamp"])
  }

  @Test("A JSON line without a query names its line")
  func badLine() {
    var builder = QuerySuggestionsBuilder()
    #expect(throws: EngineError.invalidRecord(line: 2, reason: "a JSON line needs a string \"query\"")) {
      try builder.addLog("lamp\n{\"count\": 3}\n")
    }
  }
}
