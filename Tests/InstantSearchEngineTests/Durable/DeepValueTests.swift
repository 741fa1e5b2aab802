import Foundation
import InstantSearchCore
import InstantSearchModel
import Testing

@testable import InstantSearchEngine

/// A durable index logs each write as JSON text, which it reads back when it opens: a write holding a value
/// nested deeper than a JSON document may is refused before anything is logged (it used to be logged, and
/// the index would not open again: "log-0.wal is damaged: … nested more than 100 levels deep"), and one
/// as deep as a document may be is read back, the levels the log wraps around it included.
@Suite("Durable writes: values nested as deep as a JSON document may, and no deeper")
struct DeepValueTests {
  /// A value whose deepest value sits `levels` levels below it: `{"a": {"a": … "leaf"}}`.
  static func nested(_ levels: Int) -> JSON {
    var value: JSON = "leaf"
    for _ in 0..<levels { value = .object(["a": value]) }
    return value
  }

  /// A record whose deepest value sits `levels` levels below the record (its `deep` attribute is one).
  static func record(_ id: String, levels: Int) -> [String: JSON] {
    ["objectID": .string(id), "name": "deep", "deep": nested(levels - 1)]
  }

  @Test("A record nesting 99 levels (what a request body may) is logged, read back, and committed")
  func deepestAccepted() throws {
    let folder = try ScratchFolder()
    let path = folder.file("index")
    let deepest = Self.record("deep", levels: JSON.maximumDepth - 1)
    var scratch = NestingScratch()
    #expect(scratch.depth(of: .object(deepest)) == 99)
    do {
      let durable = try DurableIndex(directory: path, name: "products")
      try durable.saveRecords([Self.record("shallow", levels: 3), deepest])
      try durable.partialUpdate(objectID: "shallow", attributes: ["more": Self.nested(JSON.maximumDepth - 2)])
    }
    // From the log.
    let reopened = try DurableIndex(directory: path, name: "products")
    #expect(reopened.index.record(objectID: "deep") == deepest)
    #expect(reopened.index.record(objectID: "shallow")?["more"] == Self.nested(JSON.maximumDepth - 2))
    try reopened.commit()
    // From the segment image.
    let committed = try DurableIndex(directory: path, name: "products")
    #expect(committed.index.record(objectID: "deep") == deepest)
    #expect(committed.index.recordCount == 2)
  }

  @Test(
    "A record nesting 100 levels or more is refused, naming it; nothing is logged; the index opens again",
    arguments: [JSON.maximumDepth, JSON.maximumDepth + 1, 5_000])
  func deeperRefused(levels: Int) throws {
    let folder = try ScratchFolder()
    let path = folder.file("index")
    do {
      let durable = try DurableIndex(directory: path, name: "products")
      try durable.saveRecords([Self.record("first", levels: 2)])
      #expect(
        throws: EngineError.invalidRecord(
          line: 2, reason: "the record nests values \(levels) levels deep, more than the 99 it may")
      ) {
        try durable.saveRecords([Self.record("a", levels: 2), Self.record("b", levels: levels)])
      }
      #expect(throws: EngineError.self) {
        try durable.partialUpdate(objectID: "first", attributes: ["deep": Self.nested(levels)])
      }
      #expect(durable.index.recordCount == 1)
    }
    let reopened = try DurableIndex(directory: path, name: "products")
    #expect(reopened.index.recordCount == 1)
    #expect(reopened.index.record(objectID: "a") == nil)
    #expect(reopened.index.record(objectID: "first")?["deep"] == Self.nested(1))
  }

  @Test("Settings nesting a value 100 levels deep are refused; 99 are logged and read back, a replica's too")
  func deepSettings() throws {
    let folder = try ScratchFolder()
    let path = folder.file("index")
    let userData = Self.nested(JSON.maximumDepth - 2)
    let deepest = try IndexSettings(json: ["userData": userData, "replicas": ["copy"]])
    let deeper = try IndexSettings(json: ["userData": Self.nested(JSON.maximumDepth - 1)])
    do {
      let durable = try DurableIndex(directory: path, name: "products")
      try durable.setSettings(deepest)
      try durable.setSettings(try IndexSettings(json: ["userData": userData]), forReplica: "copy")
      #expect(throws: EngineError.self) { try durable.setSettings(deeper) }
      #expect(throws: EngineError.self) { try durable.setSettings(deeper, forReplica: "copy") }
    }
    // From the log, then from the manifest, which holds the settings one level inside it and a replica's
    // two.
    let reopened = try DurableIndex(directory: path, name: "products")
    #expect(reopened.index.settings.additionalSettings["userData"] == userData)
    #expect(reopened.replica(named: "copy")?.settings.additionalSettings["userData"] == userData)
    try reopened.commit()
    let committed = try DurableIndex(directory: path, name: "products")
    #expect(committed.index.settings.additionalSettings["userData"] == userData)
    #expect(committed.replica(named: "copy")?.settings.additionalSettings["userData"] == userData)
  }

  @Test("A logged save of a record nesting 99 levels reads back: the log allows the two levels around it")
  func payloadReadBack() throws {
    let write = IndexWrite.save([Self.record("deep", levels: JSON.maximumDepth - 1)])
    #expect(try IndexWrite(payload: write.payload, path: "log") == write)
    // A document itself is still held to JSON's depth.
    #expect(throws: JSONParseError.self) {
      _ = try JSON(parsing: Array(try JSONEncoder().encode(Self.nested(JSON.maximumDepth))))
    }
  }
}
