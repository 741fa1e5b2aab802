extension Bitset {
  /// The positions of the set bits of `words` (with `inverted`, of the clear bits below `universe`) in
  /// increasing order, where `count` is how many there are; a wrong `count` shortens the answer, never
  /// writes out of bounds.
  ///
  /// A loop that stops at the last bit of each word predicts its exit well when words hold few bits (the
  /// loop is short) or many (the exit is rare), and mispredicts it at almost every word in between — a
  /// set of a fifth of the records, 13 bits a word at random. There, each word writes eight positions
  /// unconditionally (the surplus lands beyond the word's share and is overwritten by the next word or
  /// left in spare capacity), eight more past eight bits, and loops only past sixteen (measured on random
  /// sets: 1.6× faster at a fifth, 2× slower at a hundredth, so only there).
  static func decode(
    _ words: UnsafeBufferPointer<UInt64>, count: Int, inverted: Bool = false, universe: Int = .max
  ) -> [UInt32] {
    // An empty array is a shared global: building one with a capacity of 0 writes its count there (a data
    // race between queries, which TSan reports).
    guard count > 0 else { return [] }
    let unconditional = count >= words.count * 8 && count <= words.count * 24
    let spare = unconditional ? 16 : 0
    return [UInt32](unsafeUninitializedCapacity: count + spare) { buffer, initialized in
      var written = 0
      let last = words.count - 1
      for index in words.indices {
        var word = inverted ? ~words[index] : words[index]
        if inverted, index == last, universe & 63 != 0, universe >> 6 == last {
          word &= (1 << UInt64(universe & 63)) - 1
        }
        let base = UInt32(truncatingIfNeeded: index << 6)
        guard unconditional else {
          while word != 0, written < count {
            buffer[written] = base &+ UInt32(truncatingIfNeeded: word.trailingZeroBitCount)
            written &+= 1
            word &= word &- 1
          }
          continue
        }
        if word == 0 { continue }
        let bits = word.nonzeroBitCount
        // `written + bits <= count` keeps every write, the unconditional ones included, inside
        // `count + spare`.
        guard written + bits <= count else { break }
        writeMembers(of: word, bits: bits, first: base, into: buffer, at: written)
        written &+= bits
      }
      initialized = written
    }
  }

  /// Writes the positions of the `bits` members of `word`, plus `first`, at `buffer[written...]`: the
  /// first eight without a branch on how many there are, eight more past eight, then one at a time. Up to
  /// sixteen slots from `written` are written whatever `bits` is (the surplus past the last member is
  /// garbage for the caller to overwrite or leave): the caller leaves that room.
  @inline(__always)
  static func writeMembers(
    of word: UInt64, bits: Int, first: UInt32, into buffer: UnsafeMutableBufferPointer<UInt32>, at written: Int
  ) {
    var word = word
    for offset in 0..<8 {
      buffer[written &+ offset] = first &+ UInt32(truncatingIfNeeded: word.trailingZeroBitCount)
      word &= word &- 1
    }
    guard bits > 8 else { return }
    for offset in 8..<16 {
      buffer[written &+ offset] = first &+ UInt32(truncatingIfNeeded: word.trailingZeroBitCount)
      word &= word &- 1
    }
    var at = written &+ 16
    while word != 0 {
      buffer[at] = first &+ UInt32(truncatingIfNeeded: word.trailingZeroBitCount)
      at &+= 1
      word &= word &- 1
    }
  }
}
