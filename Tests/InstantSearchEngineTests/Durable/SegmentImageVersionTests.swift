import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

@Suite("Segment images of format version 1")
struct SegmentImageVersionTests {
  @Test("A version 1 image (records stored whole, no left-out values) still opens and reads as written")
  func versionOne() throws {
    let folder = try ScratchFolder()
    let records = RecordElisionTests.records(count: 120, seed: 9)
    var settings = RecordElisionTests.settings
    settings["searchableAttributes"] = nil
    let index = try Fixture.index(records, settings: settings)
    let path = folder.file("segment.seg")
    _ = try SnapshotImage.write(index.view.segments[0], to: path, durability: .process)
    // Version 1 is version 2 without the last array (the count of left-out attributes, here 0).
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let end = bytes.count - 24
    let members = end - 32
    #expect(Array(bytes[members..<members + 4]) == Self.littleEndian(ImageWriter.hash("elision.members")))
    #expect(Array(bytes[4..<8]) == [2, 0, 0, 0])
    bytes[4] = 1
    bytes[end + 8] -= 1
    bytes.removeSubrange(members..<end)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let (snapshot, _) = try SnapshotImage.read(path, name: "products", settings: try IndexSettings(json: settings))
    #expect(snapshot.elision == nil)
    for (doc, record) in records.enumerated() { #expect(snapshot.record(doc) == record) }
    // A version newer than this build's is refused, naming both.
    bytes[4] = 3
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect(throws: DurableError.unsupportedVersion(path: path, found: 3, supported: 2)) {
      try SnapshotImage.read(path, name: "products", settings: try IndexSettings(json: settings))
    }
  }

  static func littleEndian(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
}
