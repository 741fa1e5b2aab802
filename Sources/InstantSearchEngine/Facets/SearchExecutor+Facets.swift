import InstantSearchModel

extension SearchExecutor {
  /// The attributes whose counts are asked for (`*` means every counted facet).
  func requestedFacets() -> [String] {
    let settings = snapshot.settings
    var result: [String] = []
    for name in query.facets ?? [] {
      if name == "*" {
        result += settings.attributesForFaceting.filter { !$0.isFilterOnly && $0.path != "objectID" }.map(\.path)
      } else if let declared = settings.faceting(name), !declared.isFilterOnly {
        result.append(name)
      }
    }
    var seen = Set<String>()
    return result.filter { seen.insert($0).inserted }
  }

  /// Counts and statistics of the requested facets over `records` (`nil`: every record); `bits`, when
  /// given, holds exactly `records`.
  func facetCounts(
    _ records: [UInt32]?, bits: Bitset? = nil, resolved: Resolved
  ) -> (facets: [String: [String: Int]], stats: [String: FacetStats]) {
    let paths = requestedFacets()
    let complement = complementWhenSmaller(records, paths: paths, bits: bits)
    let share = FacetShare(paths: paths)
    countFacets(share, fromFront: true, records: records, bits: bits, complement: complement, resolved: resolved)
    return share.results()
  }

  /// A ``FacetShare`` of `paths` for two threads, the attributes of the most values first (counting
  /// visits each value present; a numeric facet's values also give its statistics).
  func sharedFacets(_ paths: [String]) -> FacetShare {
    FacetShare(paths: paths) { snapshot.facets[$0]?.valueCount ?? 0 }
  }

  /// Counts the attributes of `share` not taken yet, taking them from its front or its back, and keeps
  /// their counts there. `complement` is ``complementWhenSmaller(_:paths:bits:)``'s; `bits`, when given,
  /// holds exactly `records`. With a `complement`, `records` may be `nil`: the records counted are then
  /// those missing from it (read out only for a numeric facet whose statistics need each record).
  func countFacets(
    _ share: FacetShare, fromFront: Bool, records: [UInt32]?, bits: Bitset? = nil, complement: [UInt32]?,
    resolved: Resolved
  ) {
    while let position = share.take(fromFront: fromFront) {
      let path = share.paths[position]
      guard let column = snapshot.facets[path] else { continue }
      if let complement,
        let counted = countedFromTotals(column, path: path, minus: complement, bits: bits, resolved: resolved)
      {
        share.store(counted, at: position)
        continue
      }
      // A numeric facet counted by its codes gives its statistics in the same pass.
      let linked = complement == nil ? records.flatMap { linkedCounts(path, $0) } : nil
      let pairs = linked?.pairs ?? valueCounts(column, records, bits: bits, complement: complement)
      // Counted without the link (most records match, or none is asked), the linked values' counts still
      // give the statistics: a pass over the values rather than over the records.
      let stat = snapshot.numerics[path].flatMap { numeric in
        (linked?.statistics ?? linkedStatistics(path, pairs)
          ?? statistics(numeric, records ?? complement.map { Self.complement(of: $0, universe: snapshot.recordCount) }))
          .stats
      }
      share.store(counted(column, pairs, stats: stat, resolved: resolved), at: position)
    }
  }

  /// The values of `column` a response shows from its `pairs` (value ids and counts): the most frequent
  /// first, or the first by name with `sortFacetValuesBy` `alpha`, up to `maxValuesPerFacet`, by key.
  func counted(
    _ column: FacetColumn, _ pairs: [(value: Int, count: Int)], stats: FacetStats?, resolved: Resolved
  ) -> FacetShare.Counted {
    let keys = column.keys
    let rank = column.keyRank
    let chosen: [(value: Int, count: Int)]
    if query.sortFacetValuesBy == .alpha {
      chosen = Array(pairs.sorted { rank[$0.value] < rank[$1.value] }.prefix(resolved.maxValuesPerFacet))
    } else {
      chosen = Self.topByCount(pairs, rank: rank, limit: resolved.maxValuesPerFacet)
    }
    var map: [String: Int] = [:]
    map.reserveCapacity(chosen.count)
    for pair in chosen { map[keys[pair.value]] = pair.count }
    return FacetShare.Counted(values: map, stats: stats)
  }

  /// Whether the facets of `records` are counted as the totals minus the records missing from them: when
  /// most records are there.
  func countsComplement(_ records: [UInt32], paths: [String]) -> Bool {
    countsComplement(matchCount: records.count, paths: paths)
  }

  /// ``countsComplement(_:paths:)`` of `matchCount` records.
  func countsComplement(matchCount: Int, paths: [String]) -> Bool {
    !paths.isEmpty && matchCount > snapshot.recordCount / 3 * 2
  }

  /// The records missing from `records` when counting them and subtracting from the totals reads less
  /// (most records match), else `nil`. `bits`, when given, holds exactly `records`: its clear bits are
  /// read out rather than a bitset built again from the records.
  func complementWhenSmaller(_ records: [UInt32]?, paths: [String], bits: Bitset? = nil) -> [UInt32]? {
    records.flatMap { records in
      guard countsComplement(records, paths: paths) else { return nil }
      let universe = snapshot.recordCount
      return bits.flatMap { missing(from: $0, count: records.count) }
        ?? Self.complement(of: records, universe: universe)
    }
  }

  /// The records of this snapshot that `bits` (holding `count` of them) misses, in increasing order:
  /// its clear bits read out. `nil` when `bits` does not span the snapshot's records.
  func missing(from bits: Bitset, count: Int) -> [UInt32]? {
    let universe = snapshot.recordCount
    guard bits.words.count == (universe + 63) / 64 else { return nil }
    return bits.words.withUnsafeBufferPointer {
      Bitset.decode($0, count: universe - count, inverted: true, universe: universe)
    }
  }

  /// The values of `column` held by `records` (`nil`: every record) and how many of them hold each; with
  /// `complement` (the records missing from `records`), counted as the totals minus the complement's.
  ///
  /// `extras` (value ids of this column, possibly repeated) are counted too: other segments' counts of
  /// the same values. Not with `records` `nil`, whose counts callers remember without them.
  ///
  /// `bits`, when given, holds exactly `records`: the counts are then taken from it when that costs less
  /// than reading a value per record (see ``FacetColumn/valueCounts(in:adding:)``).
  func valueCounts(
    _ column: FacetColumn, _ records: [UInt32]?, bits: Bitset? = nil, complement: [UInt32]?,
    adding extras: [(value: Int, count: Int)] = []
  ) -> [(value: Int, count: Int)] {
    if let bits, let read = complement?.count ?? records?.count,
      let cost = column.bitsetCountingCost(wordCount: bits.words.count), cost < column.recordCountingCost(read)
    {
      return column.valueCounts(in: bits, adding: extras)
    }
    var pairs: [(value: Int, count: Int)] = []
    if let complement {
      // Most values are held by some of most records: room for them all at once, rather than the copies
      // (and fresh pages) of an array doubling up to 77,665 prices.
      pairs.reserveCapacity(column.valueCount)
      snapshot.countScratch.withCounts(column.valueCount) { counts in
        counts.withUnsafeMutableBufferPointer { counts in
          var present: [Int] = []
          // Subtracted from what the complement takes away, they add to the totals.
          for extra in extras where extra.value < column.valueCount {
            if counts[extra.value] == 0 { present.append(extra.value) }
            counts[extra.value] -= Int32(clamping: extra.count)
          }
          if let single = column.single {
            single.count(
              complement, into: UnsafeMutableBufferPointer(rebasing: counts[0..<column.valueCount]),
              firstSeen: &present,
              largestCount: column.largestCount
            )
          } else {
            for doc in complement {
              column.forEachValue(Int(doc)) { value in
                if counts[value] == 0 { present.append(value) }
                counts[value] += 1
              }
            }
          }
          for value in 0..<column.valueCount {
            let count = column.count(of: UInt32(value)) - Int(counts[value])
            if count > 0 { pairs.append((value, count)) }
          }
          for value in present { counts[value] = 0 }
        }
      }
    } else if let records {
      snapshot.countScratch.withCounts(column.valueCount) { counts in
        // Room for every value that can be seen at once: a list of a price's values growing by doubling
        // copied itself into fresh pages at each step.
        var present: [Int] = []
        present.reserveCapacity(min(records.count, column.valueCount))
        counts.withUnsafeMutableBufferPointer { counts in
          for extra in extras where extra.value < column.valueCount {
            if counts[extra.value] == 0 { present.append(extra.value) }
            counts[extra.value] += Int32(clamping: extra.count)
          }
          if let single = column.single {
            single.count(
              records, into: UnsafeMutableBufferPointer(rebasing: counts[0..<column.valueCount]), firstSeen: &present,
              largestCount: column.largestCount)
          } else {
            for doc in records {
              column.forEachValue(Int(doc)) { value in
                if counts[value] == 0 { present.append(value) }
                counts[value] += 1
              }
            }
          }
          pairs = present.map { (value: $0, count: Int(counts[$0])) }
          for value in present { counts[value] = 0 }
        }
      }
    } else {
      for value in 0..<column.valueCount where column.count(of: UInt32(value)) > 0 {
        pairs.append((value, column.count(of: UInt32(value))))
      }
    }
    return pairs
  }

  /// The records below `universe` missing from `records` (sorted), in increasing order.
  static func complement(of records: [UInt32], universe: Int) -> [UInt32] {
    // The records as bits, then the clear bits read out: setting a bit per record has no branch to
    // mispredict, where walking the gaps between sorted records mispredicted at every gap.
    let present = Bitset(universe: universe, records.lazy.filter { Int($0) < universe })
    let missing = universe - present.count
    return present.words.withUnsafeBufferPointer {
      Bitset.decode($0, count: missing, inverted: true, universe: universe)
    }
  }

  /// The values with the highest counts, ties by value (their keys' `rank`), best first, at most `limit`
  /// of them: only the values that can make the cut are sorted.
  ///
  /// Each pair is ranked by one number, its count (descending) above its key's rank (ascending), read once
  /// a pair: compared by a closure that read both ranks at each comparison, the sort was a quarter of a
  /// small query's facet counting. Ranks are distinct within a column, so no two numbers are equal. A
  /// count is at most the records of a segment (32-bit record numbers): one above would rank as 2³² − 1.
  static func topByCount(
    _ pairs: [(value: Int, count: Int)], rank: Column<UInt32>, limit: Int
  ) -> [(value: Int, count: Int)] {
    guard limit > 0, !pairs.isEmpty else { return [] }
    // Each pair that can make the cut: its number, and its place in `pairs`. Once `limit` counts are
    // seen, a pair below the `limit`-th highest of them cannot, and its key's rank is not read (at random,
    // in a column of every value: with the 13,000 prices of W1's 14,472 matches at 1M, those reads were a
    // fifth of the thread that counts the facets).
    var order: [(number: UInt64, index: Int)] = []
    order.reserveCapacity(min(pairs.count, 2 * limit))
    var highest = MaxHeap(capacity: limit)
    var seen = 0
    var floor = -1
    for (index, pair) in pairs.enumerated() {
      let count = UInt32(clamping: pair.count)
      guard Int(count) >= floor else { continue }
      if Int(count) > floor {
        highest.offer(UInt64(UInt32.max - count))
        seen &+= 1
        if seen >= limit, let top = highest.top { floor = Int(UInt64(UInt32.max) - top) }
      }
      order.append((UInt64(UInt32.max - count) << 32 | UInt64(rank[pair.value]), index))
    }
    // The `limit` smallest numbers, by a bounded heap, when there are more.
    var cut = UInt64.max
    if order.count > limit {
      var smallest = MaxHeap(capacity: limit)
      for entry in order { smallest.offer(entry.number) }
      cut = smallest.top ?? UInt64.max
    }
    var chosen: [(number: UInt64, index: Int)] = []
    chosen.reserveCapacity(min(limit, order.count))
    for entry in order where entry.number <= cut { chosen.append(entry) }
    chosen.sort { $0.number < $1.number }
    return chosen.prefix(limit).map { pairs[$0.index] }
  }

  /// The statistics of `column`'s numbers over `records` (`nil`: every record).
  func statistics(_ column: NumericColumn, _ records: [UInt32]?) -> NumberStatistics {
    var statistics = NumberStatistics()
    if let records {
      for doc in records { column.forEachValue(Int(doc)) { statistics.add($0) } }
    } else {
      for doc in 0..<snapshot.recordCount { column.forEachValue(doc) { statistics.add($0) } }
    }
    return statistics
  }
}
