import Foundation
import InstantSearchCore

/// The records of a commit, as a JSON-lines file (compact JSON, one record a line). Its byte length,
/// record count and checksum (CRC-32C) are in the manifest: a segment is checked as it is read, so a
/// truncated or damaged one is an error naming it, and it loads with the streaming loader of record files.
///
/// This first segment format keeps records only: opening rebuilds the search structures from them. The
/// next format maps the built structures instead (see the open-time target).
enum SegmentFile {
  /// What the manifest records of a segment.
  struct Summary: Hashable, Sendable {
    var bytes: Int
    var records: Int
    var checksum: UInt32
  }

  /// Writes `count` records to `path` a chunk at a time, synced to `durability`: `record` appends record
  /// `number`'s compact JSON to the chunk.
  static func write(
    count: Int, to path: String, durability: Durability, record: (Int, inout [UInt8]) -> Void
  ) throws(DurableError) -> Summary {
    let file = try PosixFile(truncating: path)
    var summary = Summary(bytes: 0, records: 0, checksum: 0)
    var chunk: [UInt8] = []
    chunk.reserveCapacity(1 << 20 + 4_096)
    for number in 0..<count {
      record(number, &chunk)
      chunk.append(0x0A)
      summary.records += 1
      if chunk.count >= 1 << 20 { try flush(&chunk, to: file, summary: &summary) }
    }
    try flush(&chunk, to: file, summary: &summary)
    try file.sync(durability)
    return summary
  }

  private static func flush(_ chunk: inout [UInt8], to file: borrowing PosixFile, summary: inout Summary)
    throws(DurableError)
  {
    guard !chunk.isEmpty else { return }
    try file.write(chunk)
    summary.checksum = CRC32C.checksum(chunk, seed: summary.checksum)
    summary.bytes += chunk.count
    chunk.removeAll(keepingCapacity: true)
  }

  /// Checks the segment at `path` against `expected`, then loads its records into `index` (empty).
  static func load(_ path: String, expected: Summary, into index: LocalIndex) throws(DurableError) {
    var bytes = 0
    var checksum: UInt32 = 0
    try PosixFile.forEachChunk(of: path) { chunk in
      bytes += chunk.count
      checksum = CRC32C.checksum(chunk, seed: checksum)
    }
    guard bytes == expected.bytes else {
      throw .corrupt(path: path, reason: "the segment has \(bytes) bytes, the manifest says \(expected.bytes)")
    }
    guard checksum == expected.checksum else { throw .corrupt(path: path, reason: "the segment fails its checksum") }
    do throws(EngineError) {
      try index.loadJSONLines(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .corrupt(path: path, reason: "a record does not load: \(error)")
    }
    guard index.recordCount == expected.records else {
      throw .corrupt(path: path, reason: "\(index.recordCount) records loaded, the manifest says \(expected.records)")
    }
  }
}
