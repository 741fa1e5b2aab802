import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// Segment images store single-valued facet attributes once, in their columns, and put them back when a
/// record is read: every record must read back as saved, whatever the shape of its values.
@Suite("Record elision: column values left out of stored records")
struct RecordElisionTests {
  typealias Generator = DifferentialTests.Generator

  static let settings: [String: JSON] = [
    "searchableAttributes": ["name"],
    "attributesForFaceting": [
      "brand", "price", "flag", "meta.group", "code", "listed", "inner.kind", "name", "labels", "nested",
    ],
  ]

  /// Records whose faceted values take every form a column can hold exactly: strings, integers and
  /// fractions, booleans, nested objects that also hold other members, arrays (`_tags`, empty ones too),
  /// absent values and nulls.
  static func records(count: Int, seed: UInt64) -> [[String: JSON]] {
    var random = Generator(state: seed)
    let brands = ["Sony", "Bose", "Apple Inc.", "Émile & Fils", "", "10"]
    return (0..<count).map { number in
      var record: [String: JSON] = ["objectID": .string("r\(number)"), "name": .string("item \(number) thing")]
      switch random.int(0..<6) {
      case 0: break
      case 1: record["brand"] = .null
      default: record["brand"] = .string(random.pick(brands))
      }
      if random.int(0..<5) > 0 {
        record["price"] = .number(random.bool() ? Double(random.int(0..<50)) : Double(random.int(0..<5000)) / 100)
      }
      if random.bool() { record["flag"] = .bool(random.bool()) }
      if random.int(0..<4) > 0 {
        var meta: [String: JSON] = ["note": .string("n\(random.int(0..<3))")]
        if random.int(0..<3) > 0 { meta["group"] = .string("g\(random.int(0..<4))") }
        if random.bool() { meta["depth"] = ["level": .number(Double(random.int(0..<3)))] }
        record["meta"] = .object(meta)
      }
      // `stock`: a number no facet column holds, only its numeric column (a text in a few records).
      switch random.int(0..<6) {
      case 0: break
      case 1: record["stock"] = "n/a"
      default: record["stock"] = .number(random.bool() ? Double(random.int(0..<900)) : Double(random.int(0..<900)) / 8)
      }
      switch random.int(0..<4) {
      case 0: break
      case 1: record["_tags"] = []
      default:
        let tags = ["new", "sale", "eco", "x1"].filter { _ in random.bool() }
        record["_tags"] = .array(tags.map(JSON.string))
      }
      return record
    }
  }

  /// Writes `records` to a new index directory at `path` with one save and a commit.
  static func write(_ records: [[String: JSON]], settings: [String: JSON] = settings, to path: String) throws {
    let durable = try DurableIndex(directory: path, name: "products", settings: try IndexSettings(json: settings))
    try durable.saveRecords(records)
    try durable.commit()
  }

  /// The index written to `folder` with one save and a commit, then reopened.
  static func reopened(_ records: [[String: JSON]], folder: ScratchFolder, name: String = "one") throws -> LocalIndex {
    let path = folder.file(name)
    try write(records, to: path)
    return try DurableIndex(directory: path, name: "products").index
  }

  /// Expects every record of `records` to read back from `index` as it is.
  static func expectReadBack(_ records: [[String: JSON]], from index: LocalIndex) {
    for record in records {
      let id = record["objectID"]?.stringValue ?? ""
      #expect(index.record(objectID: id) == record, "\(id)")
    }
  }

  static func leftOut(_ index: LocalIndex) -> Set<String> {
    Set(index.view.segments.flatMap { $0.snapshot.elision?.members.map(\.path) ?? [] })
  }

  @Test("Records read back as saved; their column values are stored once", arguments: [3, 41])
  func roundTrip(seed: UInt64) throws {
    let folder = try ScratchFolder()
    let records = Self.records(count: 400, seed: seed)
    let index = try Self.reopened(records, folder: folder)
    // `name` is searchable: the walker reads it in place, so it stays in the records.
    // Numbers only numeric columns hold go too, `meta.depth.level` two objects deep.
    #expect(Self.leftOut(index) == ["brand", "price", "flag", "meta.group", "_tags", "stock", "meta.depth.level"])
    Self.expectReadBack(records, from: index)
    // Highlights, snippets, retrieved attributes and facets of left-out values answer as in memory.
    let memory = try Fixture.index(records, settings: Self.settings)
    for text in ["", "item", "thing 1"] {
      let query = Fixture.query(text) {
        $0.hitsPerPage = 1000
        $0.facets = ["brand", "price", "flag", "meta.group", "_tags"]
        $0.attributesToHighlight = ["brand", "meta.group", "name"]
        $0.attributesToSnippet = ["brand:2"]
      }
      try Fixture.expectSameAnswer(query, from: index, as: memory, "\(text)")
    }
  }

  @Test("An attribute stored in more than one form stays in the records")
  func mixedForms() throws {
    let folder = try ScratchFolder()
    var records = Self.records(count: 60, seed: 7)
    // `code`: the text "10" and the number 10 share a facet value, so one packed form cannot restore both.
    records[0]["code"] = "10"
    records[1]["code"] = 10
    // `listed`: a one-element array and a bare value share a facet value too.
    records[2]["listed"] = ["x"]
    records[3]["listed"] = "x"
    // `inner.kind`: inside an array of objects, where no object path reaches it.
    records[4]["inner"] = [["kind": "k"]]
    records[5]["inner"] = ["kind": "k"]
    // `labels`: an array holding a value twice, which its column lists once.
    records[6]["labels"] = ["a", "b"]
    records[7]["labels"] = ["a", "a"]
    // `weight`: one number a record in its numeric column, but an array of one in a record.
    records[10]["weight"] = 5
    records[11]["weight"] = [5]
    // `nested`: an array holding an array and a null (the column has the inner values only).
    records[8]["nested"] = ["a", ["b"]]
    records[9]["nested"] = ["b", .null]
    let index = try Self.reopened(records, folder: folder)
    let leftOut = Self.leftOut(index)
    #expect(leftOut.isDisjoint(with: ["code", "listed", "inner.kind", "labels", "nested", "weight"]))
    #expect(leftOut.contains("stock"))
    #expect(leftOut.contains("brand"))
    Self.expectReadBack(records, from: index)
  }

  @Test("A key twice in a nested object, a value then an object holding another left-out value, reads back whole")
  func repeatedNestedKey() throws {
    let folder = try ScratchFolder()
    let lines = (0..<60).map { number in
      // Record 7's `x` holds `meta` twice: a text (a value of facet `x.meta`), then an object holding
      // `x.meta.group` (a value of that facet). Dictionaries keep the last.
      number == 7
        ? #"{"objectID":"r7","name":"a","x":{"meta":"plain","meta":{"group":"g7"}}}"#
        : #"{"objectID":"r\#(number)","name":"a","x":{"meta":"m\#(number % 3)","note":1}}"#
    }
    let file = folder.file("records.jsonl")
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file))
    let settings = try IndexSettings(json: [
      "searchableAttributes": ["name"], "attributesForFaceting": ["x.meta", "x.meta.group"],
    ])
    let memory = LocalIndex(name: "products", settings: settings)
    try memory.loadRecords(contentsOf: URL(fileURLWithPath: file))
    let durable = try DurableIndex(directory: folder.file("index"), name: "products", settings: settings)
    try durable.importRecords(jsonLinesAt: URL(fileURLWithPath: file))
    let reopened = try DurableIndex(directory: folder.file("index"), name: "products").index
    for number in [7, 8] {
      #expect(reopened.record(objectID: "r\(number)") == memory.record(objectID: "r\(number)"), "r\(number)")
    }
  }

  @Test("Planned and stripped in two halves on two threads: the same plan and bytes as in one pass")
  func twoHalves() throws {
    var random = Generator(state: 0xE1)
    for round in 0..<12 {
      var records = Self.records(count: 40 + random.int(0..<200), seed: UInt64(round) + 100)
      // Some rounds put two forms of one value on either side of the middle, or both in one half: the
      // attribute then stays in the records, whichever thread saw which form.
      let first = random.int(0..<records.count)
      let second = random.int(0..<records.count)
      switch round % 3 {
      case 0:
        records[first]["code"] = "10"
        records[second]["code"] = 10
      case 1:
        records[first]["listed"] = ["x"]
        records[second]["listed"] = "x"
      default: break
      }
      let snapshot = try Fixture.index(records, settings: Self.settings).snapshot
      let single = RecordElision.plan(for: snapshot, twoThreadsFrom: .max)
      let halves = RecordElision.plan(for: snapshot, twoThreadsFrom: 0)
      #expect(single?.members.map(\.path) == halves?.members.map(\.path), "round \(round)")
      for (one, two) in zip(single?.members ?? [], halves?.members ?? []) {
        #expect(one.values.elementsEqual(two.values) && one.valueStarts.elementsEqual(two.valueStarts), "\(one.path)")
      }
      if round % 3 != 2 { #expect(single?.members.contains { ["code", "listed"].contains($0.path) } != true) }
      guard let single else { continue }
      let onePass = ElisionImage.strip(snapshot.store, with: single, twoThreadsFrom: .max)
      let twoPasses = ElisionImage.strip(snapshot.store, with: single, twoThreadsFrom: 0)
      #expect(onePass.arena == twoPasses.arena && onePass.offsets == twoPasses.offsets, "round \(round)")
      #expect(onePass.offsets.count == records.count + 1)
    }
  }

  @Test("Records leave nothing out when every attribute is searchable")
  func nothingLeftOut() throws {
    let folder = try ScratchFolder()
    let path = folder.file("all")
    let records = Self.records(count: 50, seed: 5)
    var settings = Self.settings
    settings["searchableAttributes"] = nil
    try Self.write(records, settings: settings, to: path)
    let index = try DurableIndex(directory: path, name: "products").index
    #expect(Self.leftOut(index).isEmpty)
    #expect(index.record(objectID: "r7") == records[7])
  }

  @Test("Writes, merges and partial updates on records read from an image keep their left-out values")
  func writesOnTopOfAnImage() throws {
    let folder = try ScratchFolder()
    let path = folder.file("writes")
    var records = Self.records(count: 300, seed: 11)
    try Self.write(records, to: path)
    do {
      let durable = try DurableIndex(directory: path, name: "products")
      #expect(Self.leftOut(durable.index).contains("brand"))
      // A partial update reads the stored record back: its left-out values must be there to keep.
      try durable.partialUpdate(objectID: "r1", attributes: ["name": "renamed"])
      records[1]["name"] = "renamed"
      let extra = Self.records(count: 40, seed: 12).map { record -> [String: JSON] in
        var record = record
        record["objectID"] = .string("x" + (record["objectID"]?.stringValue ?? ""))
        return record
      }
      try durable.saveRecords(extra)
      records += extra
      try durable.commit()
      try durable.deleteRecords(objectIDs: ["r2"])
      records.remove(at: 2)
      // The image's records merged with the new ones: the merge reads them restored, the commit that
      // follows plans what the merged segment leaves out.
      let view = durable.index.view
      #expect(view.segments.count > 1)
      durable.index.merge(Array(view.segments.indices), of: view)
      #expect(durable.index.view.segments.count == 1)
      try durable.commit()
    }
    let index = try DurableIndex(directory: path, name: "products").index
    #expect(index.recordCount == records.count)
    Self.expectReadBack(records, from: index)
  }

  @Test("Settings that make a left-out attribute searchable rebuild from the restored records")
  func settingsMakeItSearchable() throws {
    let folder = try ScratchFolder()
    let path = folder.file("settings")
    let records = Self.records(count: 200, seed: 17)
    try Self.write(records, to: path)
    let sony = records.filter { $0["brand"] == "Sony" }.count
    #expect(sony > 0)
    do {
      let durable = try DurableIndex(directory: path, name: "products")
      #expect(Self.leftOut(durable.index).contains("brand"))
      var settings = Self.settings
      settings["searchableAttributes"] = ["name", "brand"]
      try durable.setSettings(try IndexSettings(json: settings))
      #expect(try durable.index.search(Fixture.query("sony") { $0.hitsPerPage = 1000 }).nbHits == sony)
      try durable.commit()
    }
    let index = try DurableIndex(directory: path, name: "products").index
    #expect(!Self.leftOut(index).contains("brand"))
    #expect(try index.search(Fixture.query("sony") { $0.hitsPerPage = 1000 }).nbHits == sony)
    Self.expectReadBack(records, from: index)
  }
}
