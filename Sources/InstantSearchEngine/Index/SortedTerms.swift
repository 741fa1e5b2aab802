/// The folded terms of an index in byte order, side by side in one buffer: term `i` is the `i`-th smallest,
/// so the terms sharing a prefix are one range of ids.
///
/// One arena and one offset per term (about 4 bytes of overhead a term, where an array per term costs
/// about 40), searched by binary search for exact words and prefixes and walked by ``TermSearch`` for
/// words with typos.
struct SortedTerms: Sendable {
  /// The bytes of every term, in order.
  let arena: [UInt8]
  /// `starts[i]..<starts[i + 1]` in ``arena``: the bytes of term `i`.
  let starts: [UInt32]

  /// Terms from byte strings already sorted and distinct.
  init(sorted terms: some Sequence<some Collection<UInt8>>) {
    var arena: [UInt8] = []
    var starts: [UInt32] = [0]
    for term in terms {
      arena.append(contentsOf: term)
      starts.append(UInt32(arena.count))
    }
    self.arena = arena
    self.starts = starts
  }

  /// Terms of stored parts (an image's).
  init(arena: [UInt8], starts: [UInt32]) {
    self.arena = arena
    self.starts = starts
  }

  /// Terms from any strings: folded bytes are sorted and duplicates dropped (for tests and small data).
  init(_ words: [String]) {
    let sorted = Set(words.map { Array($0.utf8) }).filter { !$0.isEmpty }.sorted {
      $0.lexicographicallyPrecedes($1)
    }
    self.init(sorted: sorted)
  }

  /// The number of terms.
  var count: Int { starts.count - 1 }

  /// The bytes of term `i`.
  func bytes(_ term: Int) -> ArraySlice<UInt8> {
    arena[Int(starts[term])..<Int(starts[term + 1])]
  }

  /// The first term not before `key` in byte order (`count` when every term is before it).
  func lowerBound(_ key: some Collection<UInt8>) -> Int {
    Array(key).withUnsafeBufferPointer { lowerBound($0) }
  }

  /// The first term not before `key` in byte order.
  func lowerBound(_ key: UnsafeBufferPointer<UInt8>) -> Int {
    arena.withUnsafeBufferPointer { arena in
      starts.withUnsafeBufferPointer { starts in
        var low = 0
        var high = starts.count - 1
        while low < high {
          let middle = (low + high) / 2
          let term = UnsafeBufferPointer(rebasing: arena[Int(starts[middle])..<Int(starts[middle + 1])])
          if Self.precedes(term, key) { low = middle + 1 } else { high = middle }
        }
        return low
      }
    }
  }

  /// Byte order, with a shorter string before the longer one it starts.
  @inline(__always)
  static func precedes(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
    let common = min(lhs.count, rhs.count)
    for index in 0..<common where lhs[index] != rhs[index] { return lhs[index] < rhs[index] }
    return lhs.count < rhs.count
  }

  /// The id of the term equal to `key`, if there is one.
  func id(of key: some Collection<UInt8>) -> UInt32? {
    Array(key).withUnsafeBufferPointer { key in
      let index = lowerBound(key)
      return index < count && bytes(index).elementsEqual(key) ? UInt32(index) : nil
    }
  }

  /// The first term at or after `start` that does not start with `prefix`, given that every term from
  /// `start` up to it does: galloping, so a short run costs a few comparisons and a long one a logarithm.
  func endOfPrefix(_ prefix: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    arena.withUnsafeBufferPointer { arena in
      starts.withUnsafeBufferPointer { starts in
        let count = starts.count - 1
        func hasPrefix(_ term: Int) -> Bool {
          let begin = Int(starts[term])
          guard Int(starts[term + 1]) - begin >= prefix.count else { return false }
          for index in 0..<prefix.count where arena[begin + index] != prefix[index] { return false }
          return true
        }
        guard start < count, hasPrefix(start) else { return start }
        var inside = start
        var step = 1
        var outside = count
        while inside + step < count {
          if hasPrefix(inside + step) {
            inside += step
            step *= 2
          } else {
            outside = inside + step
            break
          }
        }
        while inside + 1 < outside {
          let middle = (inside + outside) / 2
          if hasPrefix(middle) { inside = middle } else { outside = middle }
        }
        return inside + 1
      }
    }
  }

  /// Bytes held (arena and offsets).
  var storageBytes: Int { arena.count + starts.count * MemoryLayout<UInt32>.stride }
}
