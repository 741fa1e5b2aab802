/// A set of record numbers below a fixed universe, one bit a record.
///
/// The representation of large match sets and of the dense terms' postings: membership is one load and
/// a mask, and set algebra runs over 64 records a step.
struct Bitset: Sendable, Equatable {
  /// Bit `doc & 63` of word `doc >> 6` is set when `doc` is a member.
  private(set) var words: [UInt64]

  /// An empty set of `universe` possible records.
  init(universe: Int) {
    words = [UInt64](repeating: 0, count: (universe + 63) / 64)
  }

  /// The set whose words are `words`.
  init(words: [UInt64]) {
    self.words = words
  }

  /// The set of `docs` (each below `universe`).
  init(universe: Int, _ docs: some Sequence<UInt32>) {
    self.init(universe: universe)
    words.withUnsafeMutableBufferPointer { words in
      for doc in docs { Self.insert(doc, in: &words) }
    }
  }

  /// Whether `doc` is a member (`false` beyond the universe).
  @inline(__always)
  func contains(_ doc: UInt32) -> Bool { Self.contains(doc, in: words) }

  /// Adds `doc`, which must be below the universe.
  @inline(__always)
  mutating func insert(_ doc: UInt32) { Self.insert(doc, in: &words) }

  /// Adds the members of `range`, which must be below the universe, a word at a time.
  mutating func insert(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    var index = range.lowerBound
    while index < range.upperBound {
      let word = index >> 6
      let bit = index & 63
      let span = min(64 - bit, range.upperBound - index)
      let mask: UInt64 = span == 64 ? ~0 : ((1 << UInt64(span)) - 1) << UInt64(bit)
      words[word] |= mask
      index += span
    }
  }

  /// The number of members.
  var count: Int { PopulationCount.of(words) }

  /// Keeps the members also in `other`.
  mutating func formIntersection(_ other: Bitset) {
    other.words.withUnsafeBufferPointer { other in
      words.withUnsafeMutableBufferPointer { words in
        for index in 0..<words.count { words[index] &= index < other.count ? other[index] : 0 }
      }
    }
  }

  /// Removes the members of `other`.
  mutating func subtract(_ other: Bitset) {
    other.words.withUnsafeBufferPointer { other in
      words.withUnsafeMutableBufferPointer { words in
        for index in 0..<min(words.count, other.count) { words[index] &= ~other[index] }
      }
    }
  }

  /// The members in `other` and those not, with their counts, in one pass (no copy of this set, no
  /// second pass to count them). `count` is this set's member count: the outside count is what the inside
  /// leaves of it, so only one side is counted (a population count per word, done in software on
  /// baseline x86-64).
  func split(by other: Bitset, count: Int) -> (inside: Bitset, insideCount: Int, outside: Bitset, outsideCount: Int) {
    var insideCount = 0
    let wordCount = words.count
    var inside = [UInt64](repeating: 0, count: wordCount)
    var outside = [UInt64](repeating: 0, count: wordCount)
    words.withUnsafeBufferPointer { words in
      other.words.withUnsafeBufferPointer { other in
        inside.withUnsafeMutableBufferPointer { inside in
          outside.withUnsafeMutableBufferPointer { outside in
            for index in 0..<wordCount {
              let word = words[index]
              let mask = index < other.count ? other[index] : 0
              let kept = word & mask
              inside[index] = kept
              outside[index] = word & ~mask
              insideCount &+= kept.nonzeroBitCount
            }
          }
        }
      }
    }
    return (Bitset(words: inside), insideCount, Bitset(words: outside), count - insideCount)
  }

  /// Adds the members of `other`.
  mutating func formUnion(_ other: Bitset) {
    other.words.withUnsafeBufferPointer { other in
      words.withUnsafeMutableBufferPointer { words in
        for index in 0..<min(words.count, other.count) { words[index] |= other[index] }
      }
    }
  }

  /// The members in increasing order.
  var members: [UInt32] {
    let count = count
    return words.withUnsafeBufferPointer { Self.decode($0, count: count) }
  }
}

extension Bitset {
  /// Sets the bit of `doc` in raw bitset words (for loops that fill a buffer directly); `wordOffset` is
  /// where the set starts among `words`.
  @inline(__always)
  static func insert<Words: MutableCollection<UInt64>>(
    _ doc: some BinaryInteger, in words: inout Words, wordOffset: Int = 0
  ) where Words.Index == Int {
    let doc = Int(doc)
    words[wordOffset + doc >> 6] |= 1 << UInt64(doc & 63)
  }

  /// Whether the bit of `doc` is set in raw bitset words (`false` beyond them).
  @inline(__always)
  static func contains<Words: RandomAccessCollection<UInt64>>(_ doc: some BinaryInteger, in words: Words) -> Bool
  where Words.Index == Int {
    let doc = Int(doc)
    let word = doc >> 6
    return word < words.count && words[words.startIndex + word] & (1 << UInt64(doc & 63)) != 0
  }
}
