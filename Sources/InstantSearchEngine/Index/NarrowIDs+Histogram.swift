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
      docs.withUnsafeBufferPointer { docs in
        for doc in docs {
          let raw = ids[Int(doc)]
          histogram[raw == T.max ? none : Int(raw)] &+= 1
        }
      }
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

  /// Whether ``countByHistogram(_:_:_:_:)`` counts `docCount` records into `valueCount` values whose
  /// largest count over all records is `largestCount`: values too many for the interleaved histograms,
  /// counts that fit 16 bits, and at least a record a value (else the pass over the histogram costs more
  /// than the per-record test it saves).
  static func countsByHistogram(docCount: Int, valueCount: Int, largestCount: Int) -> Bool {
    valueCount > interleavedValueLimit && largestCount <= Int(UInt16.max) && docCount >= valueCount
  }
}
