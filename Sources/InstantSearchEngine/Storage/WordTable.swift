/// A map from 64-bit words to 32-bit ids, each word stored beside its id: finding a word already there
/// reads one cache line.
///
/// What a facet's numbers are interned through while loading. A ``ByteInterner`` reads its table, the
/// entry's start and length, then its bytes — four places in memory for each number of each record, which
/// for a price column of tens of thousands of distinct values is four cache misses a record; this table
/// answers a number seen before with one. Open addressing, linear probing, at most half full.
struct WordTable: Sendable {
  private struct Slot {
    var word: UInt64
    var id: UInt32
  }

  private static let vacant = UInt32.max
  private var slots: [Slot]
  private var mask: Int
  private var shift: UInt64
  /// How many words it holds.
  private(set) var count = 0

  /// An empty table with room for `capacity` words before it grows.
  init(capacity: Int = 64) {
    var size = 16
    var bits: UInt64 = 4
    while size < capacity * 2 {
      size <<= 1
      bits += 1
    }
    slots = Array(repeating: Slot(word: 0, id: Self.vacant), count: size)
    mask = size - 1
    shift = 64 - bits
  }

  /// The id of `word`; when absent, `add()` gives its id (below `UInt32.max`), which is kept.
  @inline(__always)
  mutating func id(of word: UInt64, orAdd add: () -> UInt32) -> UInt32 {
    var slot = self.slot(word)
    while true {
      let entry = slots[slot]
      if entry.id == Self.vacant { break }
      if entry.word == word { return entry.id }
      slot = (slot + 1) & mask
    }
    let id = add()
    slots[slot] = Slot(word: word, id: id)
    count += 1
    if count * 2 > slots.count { grow() }
    return id
  }

  /// The id of `word`, if it holds one.
  func id(of word: UInt64) -> UInt32? {
    var slot = self.slot(word)
    while true {
      let entry = slots[slot]
      if entry.id == Self.vacant { return nil }
      if entry.word == word { return entry.id }
      slot = (slot + 1) & mask
    }
  }

  /// The slot a word's probe starts at: the top bits of a multiplicative hash (Fibonacci hashing), which
  /// spreads the words of doubles, whose low bits are often zeros, over the whole table.
  @inline(__always)
  private func slot(_ word: UInt64) -> Int {
    Int(truncatingIfNeeded: (word &* 0x9E37_79B9_7F4A_7C15) >> shift) & mask
  }

  private mutating func grow() {
    let old = slots
    slots = Array(repeating: Slot(word: 0, id: Self.vacant), count: old.count * 2)
    mask = slots.count - 1
    shift -= 1
    for entry in old where entry.id != Self.vacant {
      var slot = self.slot(entry.word)
      while slots[slot].id != Self.vacant { slot = (slot + 1) & mask }
      slots[slot] = entry
    }
  }
}
