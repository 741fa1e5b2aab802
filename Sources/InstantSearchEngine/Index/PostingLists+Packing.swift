extension PostingLists {
  /// These lists bit-packed, as segment images store them (packed lists are returned as they are).
  func packed() -> PostingLists {
    guard case .plain(let records) = form else { return self }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(records.count + 8)
    var offsets: [UInt32] = [0]
    offsets.reserveCapacity(starts.count)
    records.withUnsafeBufferPointer { records in
      for key in 0..<keyCount {
        Self.encode(UnsafeBufferPointer(rebasing: records[Int(starts[key])..<Int(starts[key + 1])]), into: &bytes)
        offsets.append(UInt32(bytes.count))
      }
    }
    bytes.append(contentsOf: repeatElement(0, count: 8))
    return PostingLists(starts: starts, form: .packed(bytes: Column(bytes), offsets: Column(offsets)))
  }

  /// These lists with those of `keys` emptied (their keys kept, with no record); packed lists stay packed,
  /// the other lists' blocks copied as they are.
  func emptying(_ keys: Set<Int>) -> PostingLists {
    guard !keys.isEmpty else { return self }
    var counts: [UInt32] = [0]
    counts.reserveCapacity(starts.count)
    switch form {
    case .plain(let records):
      var kept: [UInt32] = []
      for key in 0..<keyCount {
        if !keys.contains(key) { kept.append(contentsOf: records[Int(starts[key])..<Int(starts[key + 1])]) }
        counts.append(UInt32(kept.count))
      }
      return PostingLists(starts: counts, records: kept)
    case .packed(let bytes, let offsets):
      var kept: [UInt8] = []
      var keptOffsets: [UInt32] = [0]
      keptOffsets.reserveCapacity(starts.count)
      var total: UInt32 = 0
      bytes.withUnsafeBufferPointer { bytes in
        for key in 0..<keyCount {
          if !keys.contains(key) {
            kept.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[Int(offsets[key])..<Int(offsets[key + 1])]))
            total += starts[key + 1] - starts[key]
          }
          counts.append(total)
          keptOffsets.append(UInt32(kept.count))
        }
      }
      kept.append(contentsOf: repeatElement(0, count: 8))
      return PostingLists(starts: Column(counts), form: .packed(bytes: Column(kept), offsets: Column(keptOffsets)))
    }
  }

  /// The bytes of `key`'s packed blocks (`nil` for plain lists).
  func packedByteCount(_ key: Int) -> Int? {
    guard case .packed(_, let offsets) = form else { return nil }
    return Int(offsets[key + 1]) - Int(offsets[key])
  }

  /// Appends `list`'s blocks to `bytes`. Gaps are taken modulo 2³², so any list decodes as it was, and an
  /// increasing one packs small.
  static func encode(_ list: UnsafeBufferPointer<UInt32>, into bytes: inout [UInt8]) {
    var previous = UInt32.max
    var index = 0
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: blockLength) { gaps in
      while index < list.count {
        let length = min(blockLength, list.count - index)
        var widest: UInt32 = 0
        for offset in 0..<length {
          let record = list[index + offset]
          let gap = record &- previous &- 1
          gaps[offset] = gap
          widest |= gap
          previous = record
        }
        let width = 32 - widest.leadingZeroBitCount
        bytes.append(UInt8(width))
        let start = bytes.count
        let count = (length * width + 7) >> 3
        bytes.append(contentsOf: repeatElement(0, count: count))
        bytes.withUnsafeMutableBufferPointer { bytes in
          // The gaps' bits gathered in a word, whole bytes stored as they fill (at most 7 + 32 bits wait).
          var pending: UInt64 = 0
          var pendingBits = 0
          var at = start
          for offset in 0..<length {
            pending |= UInt64(gaps[offset]) << UInt64(pendingBits)
            pendingBits += width
            while pendingBits >= 8 {
              bytes[at] = UInt8(truncatingIfNeeded: pending)
              pending >>= 8
              pendingBits -= 8
              at += 1
            }
          }
          if pendingBits > 0 { bytes[at] = UInt8(truncatingIfNeeded: pending) }
        }
        index += length
      }
    }
  }
}
