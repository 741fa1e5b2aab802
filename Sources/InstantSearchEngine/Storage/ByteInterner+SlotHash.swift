extension ByteInterner {
  /// The hash that places an entry in the table: a few whole-word reads and two multiplications.
  ///
  /// Tokens are a few bytes long and loading hashes tens of millions of them: ``hash(_:)``'s byte-at-a-time
  /// tail was a tenth of the packing thread's time. Here a string is read in at most two overlapping loads
  /// (of 4 or 8 bytes) past its whole words, so no byte is read twice into different positions of the same
  /// word and every byte counts. The length is mixed in, so strings differing by trailing zero bytes differ.
  /// The table of an image is laid out by this hash: changing it is a format change.
  @inline(__always)
  static func slotHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let count = bytes.count
    guard let base = bytes.baseAddress, count > 0 else { return 0x9E37_79B9_7F4A_7C15 }
    let raw = UnsafeRawPointer(base)
    var first: UInt64
    let last: UInt64
    if count >= 8 {
      first = 0
      var offset = 0
      // Every whole word but the last one, which is read ending at the last byte.
      while offset + 8 < count {
        first = (first ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
        first ^= first >> 29
        offset += 8
      }
      last = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    } else if count >= 4 {
      first = UInt64(raw.loadUnaligned(as: UInt32.self))
      last = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
    } else {
      first = UInt64(base[0]) | UInt64(base[count >> 1]) << 8 | UInt64(base[count - 1]) << 16
      last = 0
    }
    var hash = (first ^ UInt64(count) << 56 ^ 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
    hash = (hash ^ (hash >> 31) ^ last) &* 0x94D0_49BB_1331_11EB
    return hash ^ (hash >> 29)
  }
}
