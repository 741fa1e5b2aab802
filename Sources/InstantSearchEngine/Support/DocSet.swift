/// A set of record numbers: a sorted list (often a slice of a posting list, not copied) when small, a
/// bitset when large.
enum DocSet: Sendable {
  case sorted(ArraySlice<UInt32>)
  case bits([UInt64], count: Int)

  /// A bitset of `universe` bits with the given records set.
  static func bitset(universe: Int, _ fill: (inout [UInt64]) -> Void) -> DocSet {
    var words = [UInt64](repeating: 0, count: (universe + 63) / 64)
    fill(&words)
    let count = PopulationCount.of(words)
    return .bits(words, count: count)
  }

  var count: Int {
    switch self {
    case .sorted(let docs): docs.count
    case .bits(_, let count): count
    }
  }

  /// The records in increasing order.
  var sortedDocs: ArraySlice<UInt32> {
    switch self {
    case .sorted(let docs): return docs
    case .bits(let words, let count):
      return words.withUnsafeBufferPointer { Bitset.decode($0, count: count) }[...]
    }
  }

  /// Whether the set can stand for records below `universe`: a list always, a bitset of that many bits.
  func holds(universe: Int) -> Bool {
    if case .bits(let words, _) = self { return words.count == (universe + 63) / 64 }
    return true
  }

  /// Whether the set holds `doc`.
  @inline(__always)
  func contains(_ doc: UInt32) -> Bool {
    switch self {
    case .bits(let words, _):
      return Bitset.contains(doc, in: words)
    case .sorted(let docs):
      var low = docs.startIndex
      var high = docs.endIndex
      while low < high {
        let middle = (low + high) / 2
        if docs[middle] < doc { low = middle + 1 } else { high = middle }
      }
      return low < docs.endIndex && docs[low] == doc
    }
  }

  /// The records of `docs` (sorted) that are also in this set, in order.
  func intersect(_ docs: [UInt32]) -> [UInt32] {
    var result: [UInt32] = []
    switch self {
    case .bits(let words, _):
      result.reserveCapacity(docs.count)
      words.withUnsafeBufferPointer { words in
        for doc in docs where Bitset.contains(doc, in: words) { result.append(doc) }
      }
    case .sorted(let other):
      result.reserveCapacity(min(docs.count, other.count))
      var index = other.startIndex
      let end = other.endIndex
      for doc in docs {
        while index < end, other[index] < doc { index += 1 }
        if index == end { break }
        if other[index] == doc { result.append(doc) }
      }
    }
    return result
  }

  /// The union of sorted posting lists: merged when they are few, a bitset when they are many.
  static func union(_ lists: [ArraySlice<UInt32>], universe: Int) -> DocSet {
    let lists = lists.filter { !$0.isEmpty }
    if lists.isEmpty { return .sorted([]) }
    if lists.count == 1 { return .sorted(lists[0]) }
    let total = lists.reduce(0) { $0 + $1.count }
    if total > universe / 64 {
      return bitset(universe: universe) { words in
        words.withUnsafeMutableBufferPointer { words in
          for list in lists {
            for doc in list { Bitset.insert(doc, in: &words) }
          }
        }
      }
    }
    if lists.count > 8 {
      var merged: [UInt32] = []
      merged.reserveCapacity(total)
      for list in lists { merged.append(contentsOf: list) }
      merged.sort()
      var unique: [UInt32] = []
      unique.reserveCapacity(merged.count)
      for doc in merged where unique.last != doc { unique.append(doc) }
      return .sorted(unique[...])
    }
    // A k-way merge of at most 8 lists.
    var cursors = lists.map(\.startIndex)
    var merged: [UInt32] = []
    merged.reserveCapacity(total)
    while true {
      var best = UInt32.max
      for (index, list) in lists.enumerated() where cursors[index] < list.endIndex {
        best = min(best, list[cursors[index]])
      }
      if best == UInt32.max { break }
      merged.append(best)
      for (index, list) in lists.enumerated() where cursors[index] < list.endIndex && list[cursors[index]] == best {
        cursors[index] += 1
      }
    }
    return .sorted(merged[...])
  }
}

extension DocSet {
  /// The set as a ``Bitset`` of `universe` records.
  func bitset(universe: Int) -> Bitset {
    switch self {
    case .bits(let words, _): Bitset(words: words)
    case .sorted(let docs): Bitset(universe: universe, docs)
    }
  }
}
