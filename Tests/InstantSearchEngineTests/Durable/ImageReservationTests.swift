import Foundation
import Testing

@testable import InstantSearchEngine

/// A byte array written into its reserved place from another thread (``ImageReservation``) makes the
/// image byte for byte the one written in order, which the reader opens.
@Suite("Image reservations")
struct ImageReservationTests {
  /// Writes arrays `before`, `middle` and `after` (names "a", "m", "z"), the middle one reserved and
  /// written on a thread of its own when `reserves`.
  static func write(
    to path: String, before: [UInt32], middle: [UInt8], after: [UInt64], reserves: Bool
  ) throws(DurableError) {
    var image = try ImageWriter(path: path, magic: Array("TEST".utf8), version: 1)
    try image.integers("a", before)
    if reserves {
      let place = try image.reserve("m", byteCount: middle.count)
      let job = OwnThreads.start { () throws(DurableError) in try place.write(middle) }
      try image.integers("z", after)
      try job.join()
    } else {
      try image.integers("m", middle)
      try image.integers("z", after)
    }
    _ = try image.finish(.process)
  }

  @Test("random arrays of every padding: the reserved image is the image written in order, and reads back")
  func sameBytes() throws {
    let folder = try ScratchFolder()
    var random = DifferentialTests.Generator(state: 59)
    for round in 0..<24 {
      let before = (0..<random.int(0..<9)).map { _ in UInt32(truncatingIfNeeded: random.next()) }
      // Every length modulo 8, so that every padding after the reserved bytes occurs; large ones too.
      let length = round < 16 ? round : random.int(0..<300_000)
      let middle = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      let after = (0..<random.int(0..<9)).map { _ in random.next() }
      let inOrder = folder.file("in-order-\(round)")
      let reserved = folder.file("reserved-\(round)")
      try Self.write(to: inOrder, before: before, middle: middle, after: after, reserves: false)
      try Self.write(to: reserved, before: before, middle: middle, after: after, reserves: true)
      #expect(FileManager.default.contents(atPath: inOrder) == FileManager.default.contents(atPath: reserved))
      var reader = try ImageReader(path: reserved, magic: Array("TEST".utf8), versions: 1...1, kind: "a test image")
      #expect(try reader.integers("a", as: UInt32.self) == before)
      #expect(try reader.integers("m", as: UInt8.self) == middle)
      #expect(try reader.integers("z", as: UInt64.self) == after)
      try reader.finish()
    }
  }

  @Test("bytes of another length than reserved are refused, naming the array; the thread's failure reaches join")
  func wrongLength() throws {
    let folder = try ScratchFolder()
    var image = try ImageWriter(path: folder.file("image"), magic: Array("TEST".utf8), version: 1)
    let place = try image.reserve("records", byteCount: 10)
    let job = OwnThreads.start { () throws(DurableError) in try place.write([UInt8](repeating: 1, count: 9)) }
    #expect(throws: DurableError.self) { try job.join() }
    do {
      try job.join()
    } catch {
      #expect("\(error)".contains("records holds 9 bytes where 10 were reserved"))
    }
  }

  @Test("a segment image whose records are written on a thread of their own is the one written in order")
  func segmentImage() throws {
    let folder = try ScratchFolder()
    for seed: UInt64 in [3, 41] {
      let records = RecordElisionTests.records(count: 400, seed: seed)
      let index = try Fixture.index(records, settings: RecordElisionTests.settings)
      guard let segment = index.view.segments.first else {
        Issue.record("no segment")
        continue
      }
      let inOrder = folder.file("in-order-\(seed)")
      let threaded = folder.file("threaded-\(seed)")
      _ = try SnapshotImage.write(segment, to: inOrder, durability: .process, recordsThreadFrom: .max)
      _ = try SnapshotImage.write(segment, to: threaded, durability: .process, recordsThreadFrom: 0)
      #expect(FileManager.default.contents(atPath: inOrder) == FileManager.default.contents(atPath: threaded))
      let (snapshot, _, _) = try SnapshotImage.read(threaded, name: "products", settings: index.view.settings)
      #expect(snapshot.recordCount == records.count)
    }
  }
}
