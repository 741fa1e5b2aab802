extension NarrowIDs {
  /// ``count(_:into:firstSeen:largestCount:)`` for a column of many values (a price: tens of thousands)
  /// counted over many records: the counts go first into a histogram of 16-bit counters, half the size of
  /// `counts` (which a count of 32 bits a value pushed out of the core's cache), with no test per record of
  /// whether the value is new; the histogram is then added into `counts` in value order, listing the values
  /// it adds to a zero count in increasing order.
  ///
  /// The caller guarantees that no value is held by more than `UInt16.max` of the records (the column's
  /// largest count over all its records bounds it).
  static func countByHistogram<T: FixedWidthInteger>(
    _ ids: UnsafeBufferPointer<T>, _ docs: [UInt32], _ counts: UnsafeMutableBufferPointer<Int32>,
    _ firstSeen: inout [Int]
  ) {
    // One more counter for the no-value id, counted there and dropped.
    let none = counts.count
    withUnsafeTemporaryAllocation(of: UInt16.self, capacity: none + 1) { histogram in
      histogram.initialize(repeating: 0)
      fill(histogram, ids, docs)
      // At least a record a value: most values are seen, listed without the array doubling.
      firstSeen.reserveCapacity(firstSeen.count + none)
      for value in 0..<none {
        let added = histogram[value]
        guard added != 0 else { continue }
        if counts[value] == 0 { firstSeen.append(value) }
        counts[value] += Int32(added)
      }
    }
  }

  /// Adds one to `histogram[id]` for the id of each record of `docs`: the histogram has a counter a value
  /// and one more, the last, for the records without one (or with an id at or above it). The caller
  /// guarantees that the counters do not overflow (see ``FacetColumn/largestCount``).
  func fill<Counter: FixedWidthInteger>(_ histogram: UnsafeMutableBufferPointer<Counter>, of docs: [UInt32]) {
    guard !histogram.isEmpty else { return }
    switch self {
    case .bytes(let ids): ids.withUnsafeBufferPointer { Self.fill(histogram, $0, docs) }
    case .shorts(let ids): ids.withUnsafeBufferPointer { Self.fill(histogram, $0, docs) }
    case .words(let ids): ids.withUnsafeBufferPointer { Self.fill(histogram, $0, docs) }
    }
  }

  /// ``fill(_:of:)`` for the members of `words` (a bitset of records), read as their bits are found,
  /// never listed (see ``valueCounts(members:in:valueCount:largestCount:)``).
  func fill<Counter: FixedWidthInteger>(
    _ histogram: UnsafeMutableBufferPointer<Counter>, members words: UnsafeBufferPointer<UInt64>
  ) {
    guard !histogram.isEmpty else { return }
    switch self {
    case .bytes(let ids): ids.withUnsafeBufferPointer { Self.fill(histogram, $0, members: words, in: nil) }
    case .shorts(let ids): ids.withUnsafeBufferPointer { Self.fill(histogram, $0, members: words, in: nil) }
    case .words(let ids): ids.withUnsafeBufferPointer { Self.fill(histogram, $0, members: words, in: nil) }
    }
  }

  /// ``fill(_:of:)`` for ids of one width.
  @inline(__always)
  private static func fill<T: FixedWidthInteger, Counter: FixedWidthInteger>(
    _ histogram: UnsafeMutableBufferPointer<Counter>, _ ids: UnsafeBufferPointer<T>, _ docs: [UInt32]
  ) {
    let none = histogram.count - 1
    docs.withUnsafeBufferPointer { docs in
      for doc in docs where Int(doc) < ids.count {
        histogram[slot(ids[Int(doc)], none)] &+= 1
      }
    }
  }

  /// ``fill(_:members:)`` for ids of one width, over `words[range]` when given.
  @inline(__always)
  static func fill<T: FixedWidthInteger, Counter: FixedWidthInteger>(
    _ histogram: UnsafeMutableBufferPointer<Counter>, _ ids: UnsafeBufferPointer<T>,
    members words: UnsafeBufferPointer<UInt64>, in range: Range<Int>?
  ) {
    let none = histogram.count - 1
    Bitset.forEachChunk(of: words, in: range, below: ids.count) { chunk in
      for doc in chunk { histogram[slot(ids[Int(doc)], none)] &+= 1 }
    }
  }

  /// Whether ``countByHistogram(_:_:_:_:)`` counts `docCount` records into `valueCount` values whose
  /// largest count over all records is `largestCount`: values too many for the interleaved histograms,
  /// counts that fit 16 bits, and at least a record a value (else the pass over the histogram costs more
  /// than the per-record test it saves).
  static func countsByHistogram(docCount: Int, valueCount: Int, largestCount: Int) -> Bool {
    valueCount > interleavedValueLimit && largestCount <= Int(UInt16.max) && docCount >= valueCount
  }
}
