import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// The released on-disk formats, versions 1 to 7: committed directories of versions 1 to 6 (see the
/// fixtures' README) are read, searched and written to — version 1 packed again when it holds text version 2
/// cuts or folds otherwise; any other version, and the pre-release formats, are refused with a message.
@Suite("Segment images: the released format")
struct SegmentImageVersionTests {
  /// A scratch copy of fixture directory `name`, and the records and settings it was built from.
  static func fixture(
    _ name: String, in folder: ScratchFolder, records: String = "records.jsonl", settings: String = "settings.json"
  ) throws -> (path: String, records: [[String: JSON]], settings: JSON) {
    let fixtures = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures")
    let source = fixtures.appendingPathComponent(name)
    let path = folder.file(name)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    for name in ["manifest", "segment-1-0.seg", "log-1.wal"] {
      try FileManager.default.copyItem(atPath: source.appendingPathComponent(name).path, toPath: path + "/" + name)
    }
    let lines = try String(contentsOf: fixtures.appendingPathComponent(records), encoding: .utf8)
    let records = try lines.split(separator: "\n").map { line -> [String: JSON] in
      try #require(try JSONDecoder().decode(JSON.self, from: Data(line.utf8)).objectValue)
    }
    let settings = try JSONDecoder().decode(
      JSON.self, from: Data(contentsOf: fixtures.appendingPathComponent(settings)))
    return (path, records, settings)
  }

  @Test(
    "A directory of a released format opens, answers as the same records built in memory, and takes writes",
    arguments: [
      "ReleasedFormatV1", "ReleasedFormatV2", "ReleasedFormatV3", "ReleasedFormatV4", "ReleasedFormatV5",
      "ReleasedFormatV6",
    ])
  func releasedFormat(fixture: String) throws {
    let folder = try ScratchFolder()
    let (path, records, settingsJSON) = try Self.fixture(fixture, in: folder)
    let settings = try IndexSettings(json: try #require(settingsJSON.objectValue))
    let memory = LocalIndex(name: "products", settings: settings)
    try memory.saveRecords(records)
    do {
      let durable = try DurableIndex(directory: path, name: "products")
      let index = durable.index
      // Formats 1 and 2 do not say which terms make up a whole value: every term may.
      let saysWholeTerms = !["ReleasedFormatV1", "ReleasedFormatV2"].contains(fixture)
      #expect(index.view.segments.allSatisfy { ($0.snapshot.text.wholeTerms != nil) == saysWholeTerms })
      // Facet values (single and arrays) and numbers only a column holds are left out of the records.
      let leftOut = Set(index.view.segments.flatMap { $0.snapshot.elision?.members.map(\.path) ?? [] })
      #expect(leftOut == ["brand", "price", "flag", "meta.group", "_tags"])
      for record in records { #expect(index.record(objectID: record["objectID"]?.stringValue ?? "") == record) }
      for text in ["", "item", "wireless thing", "blu"] {
        let query = Fixture.query(text) {
          $0.hitsPerPage = 100
          $0.facets = ["brand", "price", "flag", "meta.group", "_tags"]
          $0.filters = text == "item" ? "price > 10" : nil
        }
        try Fixture.expectSameAnswer(query, from: index, as: memory, "\(text)")
      }
      // New records land in a segment of their own beside the stored one, then all merge.
      try durable.saveRecords([["objectID": "new", "name": "item new", "brand": "Sony", "meta": ["group": "g1"]]])
      try durable.commit()
      let view = durable.index.view
      durable.index.merge(Array(view.segments.indices), of: view)
      try durable.commit()
    }
    let reopened = try DurableIndex(directory: path, name: "products").index
    #expect(reopened.recordCount == records.count + 1)
    #expect(reopened.view.segments.allSatisfy { $0.snapshot.text.wholeTerms != nil }, "rewritten in the format written")
    for record in records { #expect(reopened.record(objectID: record["objectID"]?.stringValue ?? "") == record) }
    #expect(reopened.record(objectID: "new")?["meta"] == ["group": "g1"])
  }

  @Test("A format-1 directory holding Chinese, Thai and ø is packed again on open, then rewritten by a commit")
  func olderFormatRepacked() throws {
    let folder = try ScratchFolder()
    let (path, records, settingsJSON) = try Self.fixture(
      "ReleasedFormatV1Languages", in: folder, records: "languages.jsonl", settings: "languages-settings.json")
    let settings = try IndexSettings(json: try #require(settingsJSON.objectValue))
    let memory = LocalIndex(name: "products", settings: settings)
    try memory.saveRecords(records)
    let queries = ["", "耳机", "蓝牙", "资讯", "天気", "ไร้สาย", "smorrebrod", "løgismose", "wireless", "sony"]
    func expectSameAnswers(_ index: LocalIndex, _ when: String) throws {
      for text in queries {
        let query = Fixture.query(text) {
          $0.hitsPerPage = 100
          $0.facets = ["brand"]
        }
        try Fixture.expectSameAnswer(query, from: index, as: memory, "\(when): \(text)")
        if !text.isEmpty { #expect(try index.search(query).nbHits > 0, "\(when): \(text)") }
      }
    }
    let image = path + "/segment-1-0.seg"
    let before = try Data(contentsOf: URL(fileURLWithPath: image))
    do {
      // Read-only: answers from the repacked segment, the directory untouched.
      let reader = try DurableIndex.readOnly(directory: path, name: "products")
      try expectSameAnswers(reader, "read-only")
      #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == before)
    }
    do {
      let writer = try DurableIndex(directory: path, name: "products")
      try expectSameAnswers(writer.index, "writer")
      try writer.saveRecords([["objectID": "new", "name": "新款耳机"]])
      try memory.saveRecords([["objectID": "new", "name": "新款耳机"]])
      try writer.commit()
    }
    #expect(!FileManager.default.fileExists(atPath: image))
    let files = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".seg") }
    #expect(!files.isEmpty)
    for file in files {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path + "/" + file)).prefix(8))
      #expect(bytes[4] == UInt8(SnapshotImage.version), "\(file)")
    }
    try expectSameAnswers(try DurableIndex(directory: path, name: "products").index, "reopened")
  }

  @Test("A format-1 image whose texts every format cuts alike is read as it is, not packed again")
  func olderFormatKept() throws {
    let folder = try ScratchFolder()
    let (path, _, _) = try Self.fixture("ReleasedFormatV1", in: folder)
    let read = try SnapshotImage.read(path + "/segment-1-0.seg", name: "products", settings: IndexSettings())
    #expect(!read.isStale)
    let stale = try Self.fixture(
      "ReleasedFormatV1Languages", in: folder, records: "languages.jsonl", settings: "languages-settings.json")
    #expect(
      try SnapshotImage.read(stale.path + "/segment-1-0.seg", name: "products", settings: IndexSettings()).isStale)
  }

  @Test("A segment image of a build before the first release is refused, saying to import the records again")
  func preReleaseFormat() throws {
    let folder = try ScratchFolder()
    let (path, _, _) = try Self.fixture("ReleasedFormatV1", in: folder)
    let segment = path + "/segment-1-0.seg"
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: segment)))
    bytes.replaceSubrange(0..<8, with: Array("ISSG".utf8) + [10, 0, 0, 0])
    try Data(bytes).write(to: URL(fileURLWithPath: segment))
    var message = ""
    do {
      _ = try DurableIndex(directory: path, name: "products")
    } catch {
      message = error.description
    }
    #expect(message.contains("pre-release format 10"), "\(message)")
    #expect(message.contains("instantsearch import"), "\(message)")
  }

  @Test("A segment image of a newer format is refused, naming both versions")
  func newerVersion() throws {
    let folder = try ScratchFolder()
    let (path, _, _) = try Self.fixture("ReleasedFormatV1", in: folder)
    let segment = path + "/segment-1-0.seg"
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: segment)))
    bytes[4] = UInt8(SnapshotImage.version + 1)
    try Data(bytes).write(to: URL(fileURLWithPath: segment))
    #expect(
      throws: DurableError.unsupportedVersion(
        path: segment, found: SnapshotImage.version + 1, supported: SnapshotImage.version)
    ) {
      try SnapshotImage.read(segment, name: "products", settings: IndexSettings())
    }
  }
}
