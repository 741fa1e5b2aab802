/// A builder's memo of ``PathTrie/child(of:key:keyName:)``: open addressing over (node, key) pairs with a
/// multiplicative hash.
///
/// Loading looks up the child of every key of every record (13 million lookups for a million records of
/// 13 keys); the trie's dictionaries hash with SipHash, about a tenth of the indexing thread's time with
/// the key-name closures they need. The trie stays the record of the paths; this only remembers answers.
struct TrieChildCache: Sendable {
  private var pairs: [UInt64]
  private var children: [Int32]
  private var count = 0
  /// `64 - log2(capacity)`: the hash's top bits pick the slot.
  private var shift: UInt64

  private static let empty = UInt64.max

  /// An empty memo.
  init() {
    pairs = Array(repeating: Self.empty, count: 64)
    children = Array(repeating: 0, count: 64)
    shift = 58
  }

  @inline(__always)
  private static func pair(_ node: Int, _ key: UInt32) -> UInt64 {
    // Nodes are below 2³¹, so no pair is `empty`.
    UInt64(truncatingIfNeeded: node) << 32 | UInt64(key)
  }

  @inline(__always)
  private func slot(of pair: UInt64) -> Int {
    Int(truncatingIfNeeded: (pair &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// The child remembered for `key` under `node`, if any.
  @inline(__always)
  func child(of node: Int, key: UInt32) -> Int? {
    let wanted = Self.pair(node, key)
    let mask = pairs.count - 1
    var slot = slot(of: wanted)
    while true {
      let found = pairs[slot]
      if found == wanted { return Int(children[slot]) }
      if found == Self.empty { return nil }
      slot = (slot + 1) & mask
    }
  }

  /// Remembers that `child` is `node`'s child for `key`.
  mutating func remember(_ child: Int, of node: Int, key: UInt32) {
    if (count + 1) * 2 > pairs.count { grow() }
    insert(Self.pair(node, key), Int32(truncatingIfNeeded: child))
    count += 1
  }

  private mutating func insert(_ pair: UInt64, _ child: Int32) {
    let mask = pairs.count - 1
    var slot = slot(of: pair)
    while pairs[slot] != Self.empty, pairs[slot] != pair { slot = (slot + 1) & mask }
    pairs[slot] = pair
    children[slot] = child
  }

  private mutating func grow() {
    let old = zip(pairs, children).filter { $0.0 != Self.empty }
    pairs = Array(repeating: Self.empty, count: pairs.count * 2)
    children = Array(repeating: 0, count: pairs.count)
    shift -= 1
    for (pair, child) in old { insert(pair, child) }
  }
}
