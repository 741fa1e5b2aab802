/// Sorted lists of record numbers, one per key (a term, a facet value), read a key range at a time.
///
/// Built in memory they are plain 32-bit record numbers. A segment image stores them bit-packed (see
/// ``packed()``): each list as blocks of up to 128 gaps — a width byte, then each gap less one in that many
/// bits — so that a list of records about 100 apart takes about 7 bits a record instead of 32, and a block
/// decodes without a branch per record.
struct PostingLists: Sendable {
  /// `starts[key]..<starts[key + 1]`: the positions of `key`'s records among all records listed (the
  /// length of its list is the difference).
  let starts: Column<UInt32>
  let form: Form

  /// How the records are held.
  enum Form: Sendable {
    /// Every list's records back to back.
    case plain(Column<UInt32>)
    /// `offsets[key]..<offsets[key + 1]` in `bytes`: the blocks of `key`'s list; `bytes` ends with 8 zero
    /// bytes, so that every read of a block's last gap stays inside it.
    case packed(bytes: Column<UInt8>, offsets: Column<UInt32>)
  }

  /// The most gaps in a packed block.
  static let blockLength = 128

  init(starts: Column<UInt32>, form: Form) {
    self.starts = starts
    self.form = form
  }

  /// Plain lists: `records[starts[key]..<starts[key + 1]]` for each key.
  init(starts: [UInt32], records: [UInt32]) {
    self.init(starts: Column(starts), form: .plain(Column(records)))
  }

  var keyCount: Int { max(starts.count - 1, 0) }

  /// The number of records listed for the keys `keys` (a record listed for two keys counts twice).
  @inline(__always)
  func count(_ keys: Range<Int>) -> Int {
    Int(starts[keys.upperBound]) - Int(starts[keys.lowerBound])
  }

  /// Calls `body` with each record of each list of `keys`, a list at a time, each in increasing order.
  /// (Decoding a packed block straight into `body` measured faster than decoding it into a buffer first.)
  @inline(__always)
  func forEach(_ keys: Range<Int>, _ body: (UInt32) -> Void) {
    switch form {
    case .plain(let records):
      records.withUnsafeBufferPointer { records in
        for index in Int(starts[keys.lowerBound])..<Int(starts[keys.upperBound]) { body(records[index]) }
      }
    case .packed(let bytes, let offsets):
      bytes.withUnsafeBufferPointer { bytes in
        starts.withUnsafeBufferPointer { starts in
          offsets.withUnsafeBufferPointer { offsets in
            guard let base = bytes.baseAddress else { return }
            for key in keys {
              Self.decode(base + Int(offsets[key]), count: Int(starts[key + 1]) - Int(starts[key]), body)
            }
          }
        }
      }
    }
  }

  /// The records of `key`'s list.
  func records(_ key: Int) -> [UInt32] {
    var records: [UInt32] = []
    records.reserveCapacity(count(key..<key + 1))
    forEach(key..<key + 1) { records.append($0) }
    return records
  }

  /// Sets the bits of the records of the lists of `keys` in bitset `words`.
  func insert(_ keys: Range<Int>, into words: inout [UInt64]) {
    words.withUnsafeMutableBufferPointer { words in
      forEach(keys) { doc in words[Int(doc >> 6)] |= 1 << UInt64(doc & 63) }
    }
  }

  /// Decodes the `count` records of the packed list at `blocks`, calling `body` with each.
  @inline(__always)
  private static func decode(_ blocks: UnsafePointer<UInt8>, count: Int, _ body: (UInt32) -> Void) {
    var position = 0
    var previous = UInt32.max
    var remaining = count
    while remaining > 0 {
      let width = Int(min(blocks[position], 32))
      position += 1
      let length = min(remaining, blockLength)
      if width == 0 {
        for _ in 0..<length {
          previous &+= 1
          body(previous)
        }
      } else {
        let mask = (UInt64(1) << UInt64(width)) &- 1
        let block = UnsafeRawPointer(blocks + position)
        var bit = 0
        for _ in 0..<length {
          let word = UInt64(littleEndian: block.loadUnaligned(fromByteOffset: bit >> 3, as: UInt64.self))
          previous = previous &+ UInt32(truncatingIfNeeded: (word >> UInt64(bit & 7)) & mask) &+ 1
          body(previous)
          bit += width
        }
      }
      position += (length * width + 7) >> 3
      remaining -= length
    }
  }

  /// Bytes held.
  var byteCount: Int {
    switch form {
    case .plain(let records): starts.byteCount + records.byteCount
    case .packed(let bytes, let offsets): starts.byteCount + bytes.byteCount + offsets.byteCount
    }
  }
}
