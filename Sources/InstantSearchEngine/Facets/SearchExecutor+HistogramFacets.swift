import InstantSearchModel

extension SearchExecutor {
  /// The counts a response shows of `column` (at `path`) over every record of the snapshot but those of
  /// `complement` (sorted: the records missing from the matches, when most records match): each value's
  /// count is its total minus the complement's, from a histogram (see
  /// ``countedFromHistogram(_:path:resolved:fill:records:)``). `nil` when ``choosesFromHistogram(_:)``
  /// does not, or when the dense values' bitsets count the column for less (`bits`, when given, holds the
  /// matches); the caller then counts as ever.
  func countedFromTotals(
    _ column: FacetColumn, path: String, minus complement: [UInt32], bits: Bitset?, resolved: Resolved
  ) -> FacetShare.Counted? {
    guard choosesFromHistogram(column) else { return nil }
    if let bits, let cost = column.bitsetCountingCost(wordCount: bits.words.count),
      cost < column.recordCountingCost(complement.count)
    {
      return nil
    }
    let universe = snapshot.recordCount
    return column.counts.withUnsafeBufferPointer { totals in
      countedFromHistogram(column, path: path, resolved: resolved) { histogram, ids in
        ids.fill(histogram, of: complement)
        // Each value's total minus the complement's: the count of the others, at most its total (which
        // the column's largest count keeps within 16 bits).
        for value in 0..<min(histogram.count, totals.count) {
          let total = Int(totals[value])
          let missing = Int(histogram[value])
          histogram[value] = UInt16(truncatingIfNeeded: total > missing ? total &- missing : 0)
        }
      } records: {
        Self.complement(of: complement, universe: universe)
      }
    }
  }

  /// The counts a response shows of `column` (at `path`) over the `count` members of `bits`, read as
  /// their bits are found, from a histogram (see ``countedFromHistogram(_:path:resolved:fill:records:)``).
  /// `nil` when ``choosesFromHistogram(_:)`` does not, or when the dense values' bitsets count the column
  /// for less (see ``FacetColumn/countsByMembers(_:count:)``); the caller then counts as ever.
  func countedFromMembers(
    _ column: FacetColumn, path: String, members bits: Bitset, count: Int, resolved: Resolved
  ) -> FacetShare.Counted? {
    guard choosesFromHistogram(column), column.countsByMembers(bits, count: count) else { return nil }
    return bits.words.withUnsafeBufferPointer { words in
      countedFromHistogram(column, path: path, resolved: resolved) { histogram, ids in
        ids.fill(histogram, members: words)
      } records: {
        bits.members(side: nil, count: count)
      }
    }
  }

  /// Whether this query's counts of `column` are chosen from a histogram of 16-bit counters: a column of
  /// many values with one value a record (a price's tens of thousands) whose counts fit 16 bits, its values
  /// listed by count (not by name, `sortFacetValuesBy` `alpha`). Checked before anything else, as
  /// ``countFacets(_:fromFront:records:bits:complement:resolved:)`` asks it of every attribute.
  private func choosesFromHistogram(_ column: FacetColumn) -> Bool {
    query.sortFacetValuesBy != .alpha && column.single != nil && column.valueCount > NarrowIDs.interleavedValueLimit
      && column.counts.count >= column.valueCount && column.largestCount <= Int(UInt16.max)
  }

  /// The counts a response shows of a column ``choosesFromHistogram(_:)`` accepts, chosen from the
  /// histogram (``TopCountCandidates``) rather than from a list of every value's count: `fill` leaves each
  /// value's count in the histogram's counter of its id (the histogram has one more counter, for records
  /// without a value, then dropped). A numeric facet's statistics come from the counts through its
  /// ``NumericFacetLink``, or else from the numbers of the `records` counted.
  private func countedFromHistogram(
    _ column: FacetColumn, path: String, resolved: Resolved,
    fill: (UnsafeMutableBufferPointer<UInt16>, NarrowIDs) -> Void, records: () -> [UInt32]
  ) -> FacetShare.Counted? {
    let valueCount = column.valueCount
    guard let single = column.single else { return nil }
    let numbers = snapshot.numerics[path]?.coded == nil ? nil : snapshot.numericFacetLink(path)?.numbers
    let chosen = withUnsafeTemporaryAllocation(of: UInt16.self, capacity: valueCount + 1) { histogram in
      histogram.initialize(repeating: 0)
      fill(histogram, single)
      let counts = UnsafeBufferPointer(rebasing: histogram[0..<valueCount])
      return TopCountCandidates.candidates(counts, limit: resolved.maxValuesPerFacet, numbers: numbers)
    }
    let stat = snapshot.numerics[path].flatMap { numeric in
      (chosen.statistics ?? statistics(numeric, records())).stats
    }
    return counted(column, chosen.pairs, stats: stat, resolved: resolved)
  }
}
