import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("Loading and writing records", .timeLimit(.minutes(2)))
struct LoadingTests {
  static func temporaryFile(_ text: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString).jsonl")
    try Data(text.utf8).write(to: url)
    return url
  }

  @Test("JSON lines: a malformed line is an error naming it; earlier lines and earlier loads are kept")
  func malformedLine() throws {
    let index = LocalIndex(name: "p")
    try index.saveRecords([["objectID": "old", "name": "Old"]])
    let url = try Self.temporaryFile(
      #"{"objectID":"1","name":"One"}"# + "\n\n" + #"{"objectID":"2","name":"Two"}"# + "\n"
        + #"{"objectID":"3","name":}"#
        + "\n" + #"{"objectID":"4"}"# + "\n")
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(throws: EngineError.invalidRecord(line: 4, reason: "unexpected character at column 24")) {
      try index.loadJSONLines(contentsOf: url)
    }
    #expect(index.recordCount == 3)
    #expect(index.record(objectID: "old")?["name"] == "Old")
    #expect(index.record(objectID: "2")?["name"] == "Two")
    #expect(index.record(objectID: "4") == nil)
  }

  @Test("Into an empty index (the two-thread loader): a malformed line names itself, earlier records stay")
  func malformedLineIntoEmptyIndex() throws {
    let lines =
      (1...5000).map { #"{"objectID":"\#($0)","n":\#($0)}"# } + [#"{"objectID":"bad",}"#] + [#"{"objectID":"after"}"#]
    let url = try Self.temporaryFile(lines.joined(separator: "\n"))
    defer { try? FileManager.default.removeItem(at: url) }
    let index = LocalIndex(name: "p")
    #expect(throws: EngineError.invalidRecord(line: 5001, reason: "expected a key at column 19")) {
      try index.loadJSONLines(contentsOf: url)
    }
    #expect(index.recordCount == 5000)
    #expect(index.record(objectID: "4999")?["n"] == 4999)
    #expect(index.record(objectID: "after") == nil)
    #expect(throws: EngineError.unreadableInput("cannot open /nonexistent/records.jsonl: No such file or directory")) {
      try index.loadJSONLines(contentsOf: URL(fileURLWithPath: "/nonexistent/records.jsonl"))
    }
    #expect(index.recordCount == 5000)
  }

  @Test("Into an empty index: many batches, packed into the bytes of batches already indexed, read back whole")
  func batchesReusingBytes() throws {
    // Five batches of 4,096 records and a part, their sizes varying, so that a batch packed into bytes given
    // back by the indexing thread holds more, and fewer, bytes than the batch before it in those bytes.
    let records: [[String: JSON]] = (0..<20_000).map { number in
      let words = (0..<(number / 4_096 % 3 == 1 ? 12 : 2)).map { "w\((number * 7 + $0) % 500)" }
      return [
        "objectID": .string("r\(number)"), "name": .string(words.joined(separator: " ")),
        "n": .number(Double(number)),
      ]
    }
    let lines = try records.map { String(decoding: try JSONEncoder().encode(JSON.object($0)), as: UTF8.self) }
    let url = try Self.temporaryFile(lines.joined(separator: "\n"))
    defer { try? FileManager.default.removeItem(at: url) }
    let loaded = LocalIndex(name: "p")
    try loaded.loadJSONLines(contentsOf: url)
    let saved = LocalIndex(name: "p")
    try saved.saveRecords(records)
    #expect(loaded.recordCount == records.count)
    for number in stride(from: 0, to: records.count, by: 97) {
      #expect(loaded.record(objectID: "r\(number)") == records[number], "r\(number)")
    }
    for text in ["w7", "w499 w12", ""] {
      #expect(try loaded.search(Query(text)).hits.map(\.objectID) == saved.search(Query(text)).hits.map(\.objectID))
      #expect(try loaded.search(Query(text)).nbHits == saved.search(Query(text)).nbHits)
    }
  }

  @Test("Progress is reported while loading; every value type survives")
  func progressAndValues() throws {
    let lines = (0..<100).map {
      #"{"objectID":"\#($0)","n":\#($0),"f":1.5e3,"neg":-0.25,"b":true,"z":null,"a":[1,"x",{"y":false}],"s":"é \u00e9 \"q\" \\ \ud83d\ude00"}"#
    }
    let url = try Self.temporaryFile(lines.joined(separator: "\n"))
    defer { try? FileManager.default.removeItem(at: url) }
    let index = LocalIndex(name: "p")
    let reports = ProgressLog()
    try index.loadJSONLines(contentsOf: url) { reports.append($0.records) }
    #expect(index.recordCount == 100)
    #expect(reports.values.last == 100)
    let record = try #require(index.record(objectID: "7"))
    #expect(record["n"] == 7)
    #expect(record["f"] == 1500)
    #expect(record["neg"] == -0.25)
    #expect(record["b"] == true)
    #expect(record["z"] == .null)
    #expect(record["a"] == [1, "x", ["y": false]])
    #expect(record["s"] == "é é \"q\" \\ 😀")
  }

  @Test("Into an empty index: text after a whole record names its line and column; that record is not kept")
  func trailingTextIntoEmptyIndex() throws {
    let lines = (1...3000).map { #"{"objectID":"\#($0)","n":\#($0)}"# } + [#"{"objectID":"x","n":0} junk"#]
    let url = try Self.temporaryFile(lines.joined(separator: "\n"))
    defer { try? FileManager.default.removeItem(at: url) }
    let index = LocalIndex(name: "p")
    #expect(throws: EngineError.invalidRecord(line: 3001, reason: "unexpected text after the record at column 24")) {
      try index.loadJSONLines(contentsOf: url)
    }
    #expect(index.recordCount == 3000)
    #expect(index.record(objectID: "x") == nil)
    #expect(index.record(objectID: "3000")?["n"] == 3000)
    #expect(try index.search(Query()).nbHits == 3000)
  }

  @Test("A JSON array loads; a record without objectID names its line")
  func jsonArray() throws {
    let index = LocalIndex(name: "p")
    try index.loadJSON(Data(#"[{"objectID":"a"},{"objectID":"b"}]"#.utf8))
    #expect(index.recordCount == 2)
    #expect(throws: EngineError.invalidRecord(line: 3, reason: "the record has no string objectID")) {
      try index.loadJSON(Data("[\n{\"objectID\":\"c\"},\n{\"name\":\"x\"}\n]".utf8))
    }
    #expect(index.record(objectID: "c") != nil)
  }

  @Test("Saving replaces in place; partial updates merge; deletes remove; clear empties")
  func writes() throws {
    let index = LocalIndex(name: "p", settings: try IndexSettings(json: ["attributesForFaceting": ["brand"]]))
    try index.saveRecords([["objectID": "1", "brand": "A"], ["objectID": "2", "brand": "B"]])
    try index.saveRecords([["objectID": "1", "brand": "C"], ["objectID": "3", "brand": "A"]])
    #expect(index.recordCount == 3)
    var query = Query()
    query.facets = ["brand"]
    #expect(try index.search(query).facets["brand"] == ["A": 1, "B": 1, "C": 1])
    #expect(try index.search(Query()).hits.map(\.objectID) == ["1", "2", "3"])
    index.partialUpdate(objectID: "2", attributes: ["price": 5])
    #expect(index.record(objectID: "2") == ["objectID": "2", "brand": "B", "price": 5])
    index.partialUpdate(objectID: "9", attributes: ["price": 1], createIfNotExists: false)
    #expect(index.record(objectID: "9") == nil)
    index.deleteRecords(objectIDs: ["1", "missing"])
    #expect(index.recordCount == 2)
    #expect(throws: EngineError.invalidRecord(line: 1, reason: "a record needs a string objectID")) {
      try index.saveRecords([["name": "x"]])
    }
    index.clear()
    #expect(index.recordCount == 0)
  }

  @Test("Duplicate objectIDs in a load: the later record replaces the earlier one, in its position")
  func duplicatesInLoad() throws {
    let index = LocalIndex(name: "p")
    try index.loadJSON(Data("{\"objectID\":\"a\",\"v\":1}\n{\"objectID\":\"b\"}\n{\"objectID\":\"a\",\"v\":2}".utf8))
    #expect(index.recordCount == 2)
    #expect(index.record(objectID: "a")?["v"] == 2)
    #expect(try index.search(Query()).hits.map(\.objectID) == ["a", "b"])
  }

  @Test("Concurrent searches during writes see the index before or after each write, never half of it")
  func snapshotIsolation() async throws {
    let index = LocalIndex(name: "p")
    try index.saveRecords((0..<50).map { ["objectID": .string("r\($0)"), "group": "old"] })
    let client = LocalSearchClient(indices: [index])
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        for round in 0..<20 {
          try index.saveRecords((0..<50).map { ["objectID": .string("r\($0)"), "group": .string("round\(round)")] })
        }
      }
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<50 {
            var query = Query()
            query.hitsPerPage = 50
            let response = try await client.search(indexName: "p", query: query)
            let groups = Set(response.hits.compactMap { $0["group"]?.stringValue })
            #expect(groups.count == 1)
            #expect(response.nbHits == 50)
          }
        }
      }
      try await group.waitForAll()
    }
  }
}

/// Collects progress reports from the loader's callback.
final class ProgressLog: @unchecked Sendable {
  // Written only by the loader's callback, on the loading thread, and read after the load returns.
  private(set) var values: [Int] = []

  func append(_ value: Int) { values.append(value) }
}
