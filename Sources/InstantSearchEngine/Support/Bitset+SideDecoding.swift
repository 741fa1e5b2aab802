extension Bitset {
  /// The fewest members decoded on two threads: below, waking the side thread costs about what it saves.
  static let sideDecodingThreshold = 65_536

  /// The members, in increasing order; from ``sideDecodingThreshold`` members on, with a `side` session
  /// that has or gets its thread, the second half of the words is decoded there while this thread decodes
  /// the first, each into its own place in the result. `known`, when given, is the number of members
  /// (counted already: not counted again).
  func members(side: SideSession?, count known: Int? = nil) -> [UInt32] {
    let count = known ?? self.count
    guard let side, count >= Self.sideDecodingThreshold else {
      return words.withUnsafeBufferPointer { Self.decode($0, count: count) }
    }
    return words.withUnsafeBufferPointer { words in
      let middle = words.count / 2
      let firstCount = PopulationCount.of(UnsafeBufferPointer(rebasing: words[0..<middle]))
      return [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
        guard let target = buffer.baseAddress, let source = words.baseAddress else { return }
        let tail = Transfer(
          words: UnsafeBufferPointer(start: source + middle, count: words.count - middle),
          target: target + firstCount, count: count - firstCount, base: middle << 6)
        let beside = side.submit { tail.decode() }
        Transfer(words: UnsafeBufferPointer(start: source, count: middle), target: target, count: firstCount, base: 0)
          .decode()
        // The side thread writes the second half (or this one, when the thread has not started it): it must
        // be done before the array is handed out.
        beside.value
        initialized = count
      }
    }
  }

  /// A run of bitset words and where their members go: handed to the side thread, which writes them while
  /// the caller waits for it inside the result's initializer, so both pointers stay valid.
  private struct Transfer: @unchecked Sendable {
    let words: UnsafeBufferPointer<UInt64>
    let target: UnsafeMutablePointer<UInt32>
    /// How many members the words hold (no more are written).
    let count: Int
    /// The record of the first word's first bit.
    let base: Int

    func decode() {
      var written = 0
      for index in words.indices {
        var word = words[index]
        let first = UInt32(truncatingIfNeeded: base + index << 6)
        while word != 0, written < count {
          (target + written).initialize(to: first &+ UInt32(truncatingIfNeeded: word.trailingZeroBitCount))
          written &+= 1
          word &= word &- 1
        }
      }
    }
  }
}
