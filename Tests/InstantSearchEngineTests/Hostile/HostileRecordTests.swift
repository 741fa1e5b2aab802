import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

/// Record files that used to trap or silently corrupt the loader (issue 17 rows 4 and 10), and the loss of
/// concurrent partial updates (row 6).
@Suite("Hostile records and concurrent writes")
struct HostileRecordTests {
  static func load(_ lines: String) throws -> LocalIndex {
    let index = LocalIndex(name: "t")
    try index.loadJSON(Data(lines.utf8))
    return index
  }

  @Test(
    "Surrogate escapes: a pair is one scalar; a lone or broken one is U+FFFD and what follows stays itself (row 4)",
    arguments: [
      (#"\ud83d\ude00"#, "\u{1F600}"),
      (#"\ud800\u0041"#, "\u{FFFD}A"),
      (#"\ud800\uffff"#, "\u{FFFD}\u{FFFF}"),
      (#"\ud800\ud800\udc00"#, "\u{FFFD}\u{10000}"),
      (#"\udc00x"#, "\u{FFFD}x"),
      (#"a\ud800"#, "a\u{FFFD}"),
    ])
  func surrogates(escaped: String, expected: String) throws {
    let index = try Self.load(#"{"objectID":"1","name":""# + escaped + #""}"#)
    #expect(index.record(objectID: "1")?["name"] == .string(expected))
  }

  @Test("Integer objectIDs keep their digits: above 2^53 two records stay two (row 10)")
  func bigObjectIDs() throws {
    let index = try Self.load(
      """
      {"objectID":12345678901234567890,"n":1}
      {"objectID":12345678901234567891,"n":2}
      {"objectID":42,"n":3}
      {"objectID":1.5,"n":4}
      """)
    #expect(index.recordCount == 4)
    #expect(index.record(objectID: "12345678901234567890")?["n"] == 1)
    #expect(index.record(objectID: "12345678901234567891")?["n"] == 2)
    #expect(index.record(objectID: "42")?["n"] == 3)
    #expect(index.record(objectID: "1.5")?["n"] == 4)
  }

  @Test("A repeated top-level key: the text of every occurrence is searched and ranked, also when many match")
  func repeatedKeys() async throws {
    for count in [1, 700] {
      let lines = (0..<count).map { #"{"objectID":"\#($0)","name":"plain","price":1,"name":"zebra crossing"}"# }
      let index = try Self.load(lines.joined(separator: "\n"))
      let response = try await LocalSearchClient(indices: [index]).search(
        [IndexedQuery(indexName: "t", query: Query("zebra"))], strategy: .none)[0]
      #expect(response.nbHits == count)
      #expect(response.hits.count == min(count, 20))
    }
  }

  @Test("Highlighting a repeated or mixed attribute shows the value the hit shows")
  func repeatedKeyHighlight() async throws {
    let index = try Self.load(
      #"{"objectID":"1","name":"first zebra","tags":[1,"zebra"],"name":"second zebra","note":"zebra"}"#)
    var query = Query("zebra")
    query.attributesToHighlight = ["name", "tags", "note"]
    let response = try await LocalSearchClient(indices: [index]).search(
      [IndexedQuery(indexName: "t", query: query)], strategy: .none)[0]
    let hit = try #require(response.hits.first)
    #expect(hit["name"] == "second zebra")
    guard case .object(let highlights)? = hit["_highlightResult"] else {
      Issue.record("no _highlightResult")
      return
    }
    #expect(highlights["name"]?["value"] == "second <em>zebra</em>")
    #expect(highlights["note"]?["value"] == "<em>zebra</em>")
    guard case .array(let tags)? = highlights["tags"], tags.count == 2 else {
      Issue.record("tags highlight: \(String(describing: highlights["tags"]))")
      return
    }
    #expect(tags[1]["value"] == "<em>zebra</em>")
  }

  @Test("Loading a directory is an error, never an empty index")
  func directory() throws {
    let index = LocalIndex(name: "t")
    #expect(throws: EngineError.self) {
      try index.loadJSONLines(contentsOf: FileManager.default.temporaryDirectory)
    }
  }

  @Test("Two tasks × 200 partial updates of different attributes of one record: none is lost, 50 trials (row 6)")
  func concurrentPartialUpdates() async throws {
    for _ in 0..<50 {
      let index = LocalIndex(name: "t")
      try index.saveRecords([["objectID": "1"]])
      await withTaskGroup(of: Void.self) { group in
        for prefix in ["a", "b"] {
          group.addTask {
            for number in 0..<200 { index.partialUpdate(objectID: "1", attributes: ["\(prefix)\(number)": true]) }
          }
        }
      }
      let record = try #require(index.record(objectID: "1"))
      #expect(record.count == 401)
    }
  }
}
