/// The deleted records of a segment, beside its image: a bitset in an image file (see ``ImageWriter``),
/// rewritten at each commit where the segment has deletions while the segment's image stays as written.
enum DeletionImage {
  static let magic: [UInt8] = Array("ISDL".utf8)
  static let version: UInt32 = 1

  /// Writes the deleted records of `segment` to `path`.
  static func write(_ segment: Segment, to path: String, durability: Durability) throws(DurableError) {
    var image = try ImageWriter(path: path, magic: magic, version: version)
    try image.number("records", UInt64(segment.snapshot.recordCount))
    try image.integers("deleted", Bitset(universe: segment.snapshot.recordCount, segment.deletedDocs).words)
    _ = try image.finish(durability)
  }

  /// Reads the deleted records of a segment of `recordCount` records from `path`.
  static func read(_ path: String, recordCount: Int) throws(DurableError) -> Bitset {
    var image = try ImageReader(path: path, magic: magic, version: version, kind: "a deletion file")
    let records = try image.number("records")
    let words: [UInt64] = try image.integers("deleted")
    try image.finish()
    guard records == UInt64(recordCount), words.count == (recordCount + 63) / 64 else {
      throw .corrupt(path: path, reason: "the deletions are of \(records) records, the segment has \(recordCount)")
    }
    return Bitset(words: words)
  }
}
