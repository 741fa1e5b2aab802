import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// The released on-disk format, version 1: a committed directory of it (see the fixtures' README) is read,
/// searched and written to; any other version, and the pre-release formats, are refused with a message.
@Suite("Segment images: the released format")
struct SegmentImageVersionTests {
  /// A scratch copy of fixture directory `name`, and the records and settings it was built from.
  static func fixture(_ name: String, in folder: ScratchFolder) throws
    -> (path: String, records: [[String: JSON]], settings: JSON)
  {
    let fixtures = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures")
    let source = fixtures.appendingPathComponent(name)
    let path = folder.file(name)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    for name in ["manifest", "segment-1-0.seg", "log-1.wal"] {
      try FileManager.default.copyItem(atPath: source.appendingPathComponent(name).path, toPath: path + "/" + name)
    }
    let lines = try String(contentsOf: fixtures.appendingPathComponent("records.jsonl"), encoding: .utf8)
    let records = try lines.split(separator: "\n").map { line -> [String: JSON] in
      try #require(try JSONDecoder().decode(JSON.self, from: Data(line.utf8)).objectValue)
    }
    let settings = try JSONDecoder().decode(
      JSON.self, from: Data(contentsOf: fixtures.appendingPathComponent("settings.json")))
    return (path, records, settings)
  }

  @Test("A directory of the released format opens, answers as the same records built in memory, and takes writes")
  func releasedFormat() throws {
    let folder = try ScratchFolder()
    let (path, records, settingsJSON) = try Self.fixture("ReleasedFormatV1", in: folder)
    let settings = try IndexSettings(json: try #require(settingsJSON.objectValue))
    let memory = LocalIndex(name: "products", settings: settings)
    try memory.saveRecords(records)
    do {
      let durable = try DurableIndex(directory: path, name: "products")
      let index = durable.index
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
    for record in records { #expect(reopened.record(objectID: record["objectID"]?.stringValue ?? "") == record) }
    #expect(reopened.record(objectID: "new")?["meta"] == ["group": "g1"])
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
