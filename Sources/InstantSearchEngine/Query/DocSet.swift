/// A set of record numbers: sorted array when small, bitset when large.
enum DocSet: Sendable {
  case sorted([UInt32])
  case bits([UInt64], count: Int)

  /// A bitset of `universe` bits with the given records set.
  static func bitset(universe: Int, _ fill: (inout [UInt64]) -> Void) -> DocSet {
    var words = [UInt64](repeating: 0, count: (universe + 63) / 64)
    fill(&words)
    let count = words.reduce(0) { $0 + $1.nonzeroBitCount }
    return .bits(words, count: count)
  }

  var count: Int {
    switch self {
    case .sorted(let docs): docs.count
    case .bits(_, let count): count
    }
  }

  @inline(__always)
  func contains(_ doc: UInt32) -> Bool {
    switch self {
    case .bits(let words, _):
      let word = Int(doc >> 6)
      return word < words.count && words[word] & (1 << UInt64(doc & 63)) != 0
    case .sorted(let docs):
      var low = 0
      var high = docs.count
      while low < high {
        let middle = (low + high) / 2
        if docs[middle] < doc { low = middle + 1 } else { high = middle }
      }
      return low < docs.count && docs[low] == doc
    }
  }

  /// The records in increasing order.
  var sortedDocs: [UInt32] {
    switch self {
    case .sorted(let docs): return docs
    case .bits(let words, let count):
      var result: [UInt32] = []
      result.reserveCapacity(count)
      for (index, word) in words.enumerated() where word != 0 {
        var remaining = word
        while remaining != 0 {
          let bit = remaining.trailingZeroBitCount
          result.append(UInt32(index * 64 + bit))
          remaining &= remaining - 1
        }
      }
      return result
    }
  }

  /// The union of several sorted posting lists.
  static func union(_ lists: [ArraySlice<UInt32>], universe: Int) -> DocSet {
    let total = lists.reduce(0) { $0 + $1.count }
    if lists.count == 1, let only = lists.first { return .sorted(Array(only)) }
    if total > universe / 32 {
      return bitset(universe: universe) { words in
        for list in lists {
          for doc in list { words[Int(doc >> 6)] |= 1 << UInt64(doc & 63) }
        }
      }
    }
    var merged: [UInt32] = []
    merged.reserveCapacity(total)
    for list in lists { merged.append(contentsOf: list) }
    merged.sort()
    var unique: [UInt32] = []
    unique.reserveCapacity(merged.count)
    for doc in merged where unique.last != doc { unique.append(doc) }
    return .sorted(unique)
  }
}
