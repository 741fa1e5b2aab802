extension SearchExecutor {
  /// The counts of a numeric facet's values over `records` and its statistics, from one pass over the
  /// number codes (see ``NumericFacetLink``): `nil` when the attribute has no link.
  ///
  /// `extras` (facet value ids of this snapshot, possibly repeated: other segments' counts) are added to
  /// the counts, not to the statistics, which other segments give for their own records; an extra whose
  /// value no record of this snapshot holds gives `nil` (the caller counts by facet id).
  func linkedCounts(
    _ path: String, _ records: [UInt32], adding extras: [(value: Int, count: Int)] = []
  ) -> (pairs: [(value: Int, count: Int)], statistics: NumberStatistics)? {
    guard let coded = snapshot.numerics[path]?.coded, let link = snapshot.numericFacetLink(path) else { return nil }
    let valueCount = coded.values.count
    let extraCodes = extras.map { $0.value < link.codes.count ? Int(link.codes[$0.value]) : Int(UInt32.max) }
    guard extraCodes.allSatisfy({ $0 < valueCount }) else { return nil }
    return snapshot.countScratch.withCounts(valueCount) { counts in
      var present: [Int] = []
      var pairs: [(value: Int, count: Int)] = []
      var statistics = NumberStatistics()
      counts.withUnsafeMutableBufferPointer { counts in
        // The link pairs codes and facet values one to one: a code is held as often as its facet value.
        coded.codes.count(
          records, into: UnsafeMutableBufferPointer(rebasing: counts[0..<valueCount]), firstSeen: &present,
          largestCount: snapshot.facets[path]?.largestCount ?? .max)
        guard extras.isEmpty else {
          for code in present { statistics.add(coded.values[code], count: Int(counts[code])) }
          for (code, extra) in zip(extraCodes, extras) {
            if counts[code] == 0 { present.append(code) }
            counts[code] += Int32(clamping: extra.count)
          }
          pairs = Self.pairs(present, counts, link.facetIDs)
          return
        }
        // Without extras, the statistics in the same pass as the pairs: the smallest and largest codes
        // are the smallest and largest values (codes follow the values' order), the sum taken in the
        // same order as ever.
        var smallest = Int.max
        var largest = Int.min
        var sum = 0.0
        var total = 0
        coded.values.withUnsafeBufferPointer { values in
          for code in present where code < values.count {
            let count = Int(counts[code])
            smallest = min(smallest, code)
            largest = max(largest, code)
            sum += values[code] * Double(count)
            total &+= count
          }
        }
        if total > 0, smallest < valueCount, largest < valueCount {
          statistics = NumberStatistics(
            minimum: coded.values[smallest], maximum: coded.values[largest], sum: sum, count: total)
        }
        pairs = Self.pairs(present, counts, link.facetIDs)
      }
      return (pairs, statistics)
    }
  }
}

extension SearchExecutor {
  /// The facet value and count of each code of `present` counted above zero, the counts put back to
  /// zero for the next query.
  fileprivate static func pairs(
    _ present: [Int], _ counts: UnsafeMutableBufferPointer<Int32>, _ facetIDs: [UInt32]
  ) -> [(value: Int, count: Int)] {
    guard !present.isEmpty else { return [] }
    return [(value: Int, count: Int)](unsafeUninitializedCapacity: present.count) { buffer, initialized in
      var written = 0
      for code in present {
        let count = Int(counts[code])
        counts[code] = 0
        guard count > 0 else { continue }
        // A tuple of integers: a plain store initializes it.
        buffer[written] = (Int(facetIDs[code]), count)
        written &+= 1
      }
      initialized = written
    }
  }

  /// The statistics of the numbers at `path` from the counts of its facet values (`pairs`: facet value ids
  /// of this snapshot and how many of the counted records hold each), through the ``NumericFacetLink``:
  /// `nil` when the attribute has no link.
  func linkedStatistics(_ path: String, _ pairs: [(value: Int, count: Int)]) -> NumberStatistics? {
    guard snapshot.numerics[path]?.coded != nil, let link = snapshot.numericFacetLink(path) else { return nil }
    var statistics = NumberStatistics()
    let numbers = link.numbers
    for pair in pairs {
      guard pair.value < numbers.count, !numbers[pair.value].isNaN else { return nil }
      statistics.add(numbers[pair.value], count: pair.count)
    }
    return statistics
  }
}

extension NumberStatistics {
  /// Adds `value` held `count` times.
  mutating func add(_ value: Double, count: Int) {
    guard count > 0 else { return }
    minimum = min(minimum, value)
    maximum = max(maximum, value)
    sum += value * Double(count)
    self.count += count
  }
}
