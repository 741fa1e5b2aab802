import Foundation
import InstantSearchCore

/// The records of a commit, in one file: `ISSG`, the format version, the record count, the byte length of
/// the records as JSON lines (compact JSON, one record a line), those lines, then the checksum (CRC-32C)
/// of everything before it.
///
/// This first segment format keeps records only: opening rebuilds the search structures from them, with
/// the loader that reads record files. The next format maps the built structures instead (see the issue's
/// open-time target).
enum SegmentFile {
  static let version: UInt32 = 1
  static let magic: [UInt8] = Array("ISSG".utf8)

  /// The bytes of a segment holding `records`, and their checksum (which the manifest keeps too).
  static func bytes(of records: some Sequence<[String: JSON]>, count: Int) -> (bytes: [UInt8], checksum: UInt32) {
    var body: [UInt8] = []
    for record in records {
      body.append(contentsOf: JSON.object(record).description.utf8)
      body.append(0x0A)
    }
    var writer = LittleEndianWriter()
    writer.append(contentsOf: magic)
    writer.append(version)
    writer.append(UInt64(count))
    writer.append(UInt64(body.count))
    writer.append(contentsOf: body)
    let checksum = CRC32C.checksum(writer.bytes)
    writer.append(checksum)
    return (writer.bytes, checksum)
  }

  /// Loads a segment's records into `index` (empty), after checking the bytes against `expected` (the
  /// manifest's checksum).
  static func load(_ bytes: [UInt8], path: String, expected: UInt32, into index: LocalIndex) throws(DurableError) {
    guard bytes.count >= 28 else { throw .corrupt(path: path, reason: "\(bytes.count) bytes is too short a segment") }
    let bodyEnd = bytes.count - 4
    var trailer = LittleEndianReader(bytes, path: path, offset: bodyEnd)
    let stored = try trailer.uint32("the checksum")
    guard stored == expected, CRC32C.checksum(bytes[..<bodyEnd]) == stored else {
      throw .corrupt(path: path, reason: "the segment fails its checksum")
    }
    var reader = LittleEndianReader(bytes, path: path)
    try reader.header(magic: Self.magic, version: Self.version, kind: "a segment")
    let count = try reader.uint64("the record count")
    let length = try reader.uint64("the records' length")
    guard length == UInt64(bodyEnd - reader.offset) else {
      throw .corrupt(path: path, reason: "the records' length \(length) does not match the file")
    }
    do throws(EngineError) {
      try index.loadJSON(Data(bytes[reader.offset..<bodyEnd]))
    } catch {
      throw .corrupt(path: path, reason: "a record does not load: \(error)")
    }
    guard index.recordCount == count else {
      throw .corrupt(path: path, reason: "\(index.recordCount) records loaded, the header says \(count)")
    }
  }
}
