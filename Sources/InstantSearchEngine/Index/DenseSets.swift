import InstantSearchModel

/// Bitsets of the records of the keys — terms, facet values — that many records hold (a bitset is then
/// faster to combine than a list, and smaller in memory).
///
/// Built in memory, the bitsets sit side by side in one buffer. A segment image stores each key's records
/// as a bit-packed list instead (a quarter to a half of a bitset's size for keys held by 1/32 to 1/4 of the
/// records), and each bitset is decoded the first time a query asks for it, then kept: an opened index
/// pays the decoding once a key (about a millisecond for a key of 100,000 records), and memory follows the
/// keys queries touch. A key whose packed list would take at least its bitset's bytes (one held by a fifth
/// of the records or more: a flag's values, a rating's commonest) has its bitset stored whole since
/// format 7, read in place: a filter on it decodes nothing.
final class DenseSets: Sendable {
  /// The dense keys, increasing; a key's position here is its slot.
  let keys: Column<UInt32>
  /// The 64-bit words of each bitset.
  let wordsPerSet: Int
  /// Where the bitsets come from.
  private let source: Source
  /// The bitsets decoded so far, by slot (lists only; never a whole one).
  private let decoded: Locked<[Int: Column<UInt64>]>

  private enum Source: Sendable {
    /// Every bitset, at `slot * wordsPerSet`.
    case words(Column<UInt64>)
    /// One sorted list of records a slot, but for the slots of `whole` (increasing), whose bitsets are
    /// stored as they are, side by side in `words` in that order (their lists are empty).
    case lists(PostingLists, whole: Column<UInt32>, words: Column<UInt64>)
  }

  /// No dense key.
  convenience init() {
    self.init(keys: Column(), words: Column(), wordsPerSet: 0)
  }

  /// Bitsets side by side in `words`, one a key of `keys`.
  init(keys: Column<UInt32>, words: Column<UInt64>, wordsPerSet: Int) {
    self.keys = keys
    self.wordsPerSet = wordsPerSet
    source = .words(words)
    decoded = Locked([:])
  }

  /// Bitsets of `wordsPerSet` words decoded when first asked for from `lists`, one a key of `keys`.
  convenience init(keys: Column<UInt32>, lists: PostingLists, wordsPerSet: Int) {
    self.init(keys: keys, lists: lists, whole: Column(), words: Column(), wordsPerSet: wordsPerSet)
  }

  /// Bitsets decoded when first asked for from `lists`, but for the slots of `whole` (increasing), whose
  /// bitsets `words` holds side by side in that order, `wordsPerSet` words each.
  init(keys: Column<UInt32>, lists: PostingLists, whole: Column<UInt32>, words: Column<UInt64>, wordsPerSet: Int) {
    self.keys = keys
    self.wordsPerSet = wordsPerSet
    source = .lists(lists, whole: whole, words: words)
    decoded = Locked([:])
  }

  /// Whether no key is dense.
  var isEmpty: Bool { keys.isEmpty }

  /// The slot of `key`, if it is dense.
  func slot(of key: UInt32) -> Int? {
    let slot = firstSlot(notBefore: key)
    return slot < keys.count && keys[slot] == key ? slot : nil
  }

  /// The slots of the dense keys among `lower..<upper`.
  func slots(from lower: UInt32, to upper: UInt32) -> Range<Int> {
    firstSlot(notBefore: lower)..<firstSlot(notBefore: upper)
  }

  private func firstSlot(notBefore key: UInt32) -> Int {
    var low = 0
    var high = keys.count
    while low < high {
      let middle = (low + high) / 2
      if keys[middle] < key { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The bitset of the key in `slot` as it is held — built in memory or stored whole — without decoding
  /// anything; `nil` for a key stored as a list.
  func storedBits(_ slot: Int) -> Column<UInt64>? {
    switch source {
    case .words(let words): return words.sub(slot * wordsPerSet..<(slot + 1) * wordsPerSet)
    case .lists(_, let whole, let words):
      return Self.position(of: slot, in: whole).map { words.sub($0 * wordsPerSet..<($0 + 1) * wordsPerSet) }
    }
  }

  /// The bitset of the key in `slot` (decoded now if it is stored as a list).
  func bits(_ slot: Int) -> Column<UInt64> {
    if let stored = storedBits(slot) { return stored }
    // Only a listed key is left to decode (bitsets built in memory are all held).
    guard case .lists(let lists, _, _) = source else { return Column() }
    return decoded.withLock { decoded in
      if let bits = decoded[slot] { return bits }
      var words = [UInt64](repeating: 0, count: wordsPerSet)
      lists.insert(slot..<slot + 1, into: &words)
      let bits = Column(words)
      decoded[slot] = bits
      return bits
    }
  }

  /// ORs the bitsets of `slots` into `words`.
  func union(_ slots: [Range<Int>], into words: inout [UInt64]) {
    words.withUnsafeMutableBufferPointer { words in
      for range in slots {
        for slot in range {
          bits(slot).withUnsafeBufferPointer { bits in
            for index in 0..<min(words.count, bits.count) { words[index] |= bits[index] }
          }
        }
      }
    }
  }

  /// Where `slot` is among `whole` (increasing), if it is there.
  private static func position(of slot: Int, in whole: Column<UInt32>) -> Int? {
    var low = 0
    var high = whole.count
    while low < high {
      let middle = (low + high) / 2
      if Int(whole[middle]) < slot { low = middle + 1 } else { high = middle }
    }
    return low < whole.count && Int(whole[low]) == slot ? low : nil
  }

  /// The records of each dense key, as lists (what an image stores).
  func lists() -> PostingLists {
    // A key is read from its bitset as held, or else from its list: nothing is decoded and kept.
    var listed = PostingLists(starts: [0], records: [])
    if case .lists(let lists, let whole, _) = source {
      if whole.isEmpty { return lists }
      listed = lists
    }
    var starts: [UInt32] = [0]
    var records: [UInt32] = []
    var total = 0
    for slot in 0..<keys.count {
      total += storedBits(slot)?.withUnsafeBufferPointer { PopulationCount.of($0) } ?? listed.count(slot..<slot + 1)
    }
    records.reserveCapacity(total)
    for slot in 0..<keys.count {
      guard let stored = storedBits(slot) else {
        listed.forEach(slot..<slot + 1) { records.append($0) }
        starts.append(UInt32(records.count))
        continue
      }
      stored.withUnsafeBufferPointer { words in
        for (index, word) in words.enumerated() {
          var remaining = word
          while remaining != 0 {
            records.append(UInt32(index * 64 + remaining.trailingZeroBitCount))
            remaining &= remaining - 1
          }
        }
      }
      starts.append(UInt32(records.count))
    }
    return PostingLists(starts: starts, records: records)
  }

  /// The bytes held: the stored bitsets or lists, and the bitsets decoded so far.
  var byteCount: Int {
    let stored: Int
    switch source {
    case .words(let words): stored = words.byteCount
    case .lists(let lists, let whole, let words): stored = lists.byteCount + whole.byteCount + words.byteCount
    }
    return keys.byteCount + stored + decoded.withLock { $0.values.reduce(0) { $0 + $1.byteCount } }
  }
}
