import Foundation
import InstantSearchCore

/// The records of a commit, in one file: `ISSG`, the format version, the record count, each record as its
/// length and its compact JSON, then the checksum (CRC-32C) of everything before it.
///
/// This first segment format keeps records only: opening rebuilds the search structures from them. The
/// next format maps the built structures instead (see the open-time target).
enum SegmentFile {
  static let version: UInt32 = 1
  static let magic: [UInt8] = Array("ISSG".utf8)

  /// The bytes of a segment holding `records`, and their checksum (which the manifest keeps too).
  static func bytes(of records: some Sequence<[String: JSON]>, count: Int) -> (bytes: [UInt8], checksum: UInt32) {
    var writer = LittleEndianWriter()
    writer.append(contentsOf: magic)
    writer.append(version)
    writer.append(UInt64(count))
    for record in records {
      let text = Array(JSON.object(record).description.utf8)
      writer.append(UInt32(text.count))
      writer.append(contentsOf: text)
    }
    let checksum = CRC32C.checksum(writer.bytes)
    writer.append(checksum)
    return (writer.bytes, checksum)
  }

  /// The records of a segment's bytes, after checking them against `expected` (the manifest's checksum).
  static func records(_ bytes: [UInt8], path: String, expected: UInt32) throws(DurableError) -> [[String: JSON]] {
    guard bytes.count >= 20 else { throw .corrupt(path: path, reason: "\(bytes.count) bytes is too short a segment") }
    let body = bytes[..<(bytes.count - 4)]
    var trailer = LittleEndianReader(Array(bytes.suffix(4)), path: path)
    let stored = try trailer.uint32("the checksum")
    guard stored == expected, CRC32C.checksum(body) == stored else {
      throw .corrupt(path: path, reason: "the segment fails its checksum")
    }
    var reader = LittleEndianReader(Array(body), path: path)
    guard Array(try reader.take(4, "the header")) == magic else {
      throw .corrupt(path: path, reason: "not a segment (its first bytes are not ISSG)")
    }
    let version = try reader.uint32("the version")
    guard version == Self.version else {
      throw .unsupportedVersion(path: path, found: version, supported: Self.version)
    }
    let count = try reader.uint64("the record count")
    var records: [[String: JSON]] = []
    records.reserveCapacity(Int(min(count, 1 << 20)))
    for number in 0..<count {
      let length = Int(try reader.uint32("the length of record \(number + 1)"))
      let text = try reader.take(length, "record \(number + 1)")
      let json: JSON
      do {
        json = try JSONDecoder().decode(JSON.self, from: Data(text))
      } catch {
        throw .corrupt(path: path, reason: "record \(number + 1) is not JSON: \(error)")
      }
      guard case .object(let record) = json else {
        throw .corrupt(path: path, reason: "record \(number + 1) is not a JSON object")
      }
      records.append(record)
    }
    return records
  }
}
