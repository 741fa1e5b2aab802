extension Bitset {
  /// How many words ``forEachChunk(of:in:below:_:)`` reads out at a time: 2,048 members at most, 8 KB of
  /// positions, which stay in the core's first cache while they are used.
  static let chunkWords = 32

  /// Calls `body` with the members of `words[range]` (every word by default) below `limit`, in increasing
  /// order, a chunk of ``chunkWords`` words at a time: the members of a query counted in place of its
  /// list, which is never written whole. Each word's first eight positions (sixteen past eight members)
  /// are written without a branch on how many it holds (``writeMembers(of:bits:first:into:at:)``, as
  /// ``decode(_:count:inverted:universe:)`` does where members are neither few nor most): a loop leaving
  /// at each word's last member mispredicted its exit at almost every word of a keystroke's 185,463
  /// matches, once per attribute counted.
  @inline(__always)
  static func forEachChunk(
    of words: UnsafeBufferPointer<UInt64>, in range: Range<Int>? = nil, below limit: Int,
    _ body: (UnsafeBufferPointer<UInt32>) -> Void
  ) {
    let wordCount = min(range?.upperBound ?? words.count, words.count, (limit + 63) / 64)
    // Room for a chunk's members plus the sixteen positions a word may write past its last one.
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: chunkWords * 64 + 16) { buffer in
      var start = max(range?.lowerBound ?? 0, 0)
      while start < wordCount {
        let end = min(start + chunkWords, wordCount)
        var written = 0
        for index in start..<end {
          var word = words[index]
          let base = index &* 64
          // The last word may reach past the records: its bits from `limit` on are dropped.
          if base &+ 64 > limit { word &= (UInt64(1) << UInt64(limit - base)) &- 1 }
          if word == 0 { continue }
          let bits = word.nonzeroBitCount
          writeMembers(of: word, bits: bits, first: UInt32(truncatingIfNeeded: base), into: buffer, at: written)
          written &+= bits
        }
        body(UnsafeBufferPointer(rebasing: buffer[0..<written]))
        start = end
      }
    }
  }
}
