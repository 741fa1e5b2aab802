extension NarrowIDs {
  /// The values held by the members of `words` (a bitset of records; only those of `words[range]` when
  /// given) and how many members hold each, in increasing value order, values held by none left out: each
  /// member's id read as its bit is found, the members never listed. `valueCount` bounds the ids (ids at
  /// or above it, and the type's maximum, mean no value); `largestCount` bounds how many records hold any
  /// one value (see ``count(_:into:firstSeen:largestCount:)``).
  ///
  /// Listing 451,527 matches of 1M (the English catalog's keystroke `g`) before counting their facets
  /// took as long on each thread as counting the brands: the list was written, then read back once per
  /// attribute.
  func valueCounts(
    members words: UnsafeBufferPointer<UInt64>, in range: Range<Int>? = nil, valueCount: Int, largestCount: Int
  ) -> [(value: Int, count: Int)] {
    switch self {
    case .bytes(let ids): ids.withUnsafeBufferPointer { Self.count(ids: $0, words, range, valueCount, largestCount) }
    case .shorts(let ids): ids.withUnsafeBufferPointer { Self.count(ids: $0, words, range, valueCount, largestCount) }
    case .words(let ids): ids.withUnsafeBufferPointer { Self.count(ids: $0, words, range, valueCount, largestCount) }
    }
  }

  /// ``valueCounts(members:in:valueCount:largestCount:)`` for ids of one width: into four interleaved
  /// histograms for few values (a run of records of one color does not wait on one counter), into one
  /// histogram of 16-bit counters for many (a price's tens of thousands), else of 32-bit ones.
  private static func count<T: FixedWidthInteger>(
    ids: UnsafeBufferPointer<T>, _ words: UnsafeBufferPointer<UInt64>, _ range: Range<Int>?, _ valueCount: Int,
    _ largestCount: Int
  ) -> [(value: Int, count: Int)] {
    if valueCount <= interleavedValueLimit {
      let width = valueCount + 1
      return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 4 * width) { histograms in
        histograms.initialize(repeating: 0)
        Bitset.forEachChunk(of: words, in: range, below: ids.count) { chunk in
          var index = 0
          while index + 4 <= chunk.count {
            histograms[slot(ids[Int(chunk[index])], valueCount)] &+= 1
            histograms[width &+ slot(ids[Int(chunk[index &+ 1])], valueCount)] &+= 1
            histograms[2 &* width &+ slot(ids[Int(chunk[index &+ 2])], valueCount)] &+= 1
            histograms[3 &* width &+ slot(ids[Int(chunk[index &+ 3])], valueCount)] &+= 1
            index &+= 4
          }
          while index < chunk.count {
            histograms[slot(ids[Int(chunk[index])], valueCount)] &+= 1
            index &+= 1
          }
        }
        return pairs(valueCount) {
          Int(histograms[$0]) + Int(histograms[width + $0]) + Int(histograms[2 * width + $0])
            + Int(histograms[3 * width + $0])
        }
      }
    }
    if largestCount <= Int(UInt16.max) {
      return count(ids: ids, words, range, valueCount, counter: UInt16.self)
    }
    return count(ids: ids, words, range, valueCount, counter: Int32.self)
  }

  /// ``valueCounts(members:in:valueCount:largestCount:)`` into one histogram of `counter`s, which
  /// `largestCount` guarantees do not overflow.
  @inline(__always)
  private static func count<T: FixedWidthInteger, Counter: FixedWidthInteger>(
    ids: UnsafeBufferPointer<T>, _ words: UnsafeBufferPointer<UInt64>, _ range: Range<Int>?, _ valueCount: Int,
    counter: Counter.Type
  ) -> [(value: Int, count: Int)] {
    withUnsafeTemporaryAllocation(of: Counter.self, capacity: valueCount + 1) { histogram in
      histogram.initialize(repeating: 0)
      fill(histogram, ids, members: words, in: range)
      return pairs(valueCount) { Int(histogram[$0]) }
    }
  }

  /// The histogram slot of `raw`: itself, or `valueCount` (the slot counted and dropped) for no value.
  @inline(__always)
  static func slot<T: FixedWidthInteger>(_ raw: T, _ valueCount: Int) -> Int {
    let value = Int(truncatingIfNeeded: raw)
    return raw == T.max || value >= valueCount ? valueCount : value
  }

  /// The values below `valueCount` whose `count` is above zero, with it, in increasing order: counted
  /// first, then written into an array of exactly that many (a price's 60,000 values listed by appending
  /// copied the list at each doubling, into fresh pages each time: a thousand page faults a keystroke).
  @inline(__always)
  private static func pairs(_ valueCount: Int, _ count: (Int) -> Int) -> [(value: Int, count: Int)] {
    var present = 0
    for value in 0..<valueCount where count(value) > 0 { present &+= 1 }
    return [(value: Int, count: Int)](unsafeUninitializedCapacity: present) { buffer, initialized in
      var written = 0
      for value in 0..<valueCount where written < present {
        let total = count(value)
        guard total > 0 else { continue }
        buffer[written] = (value, total)
        written &+= 1
      }
      initialized = written
    }
  }
}
