extension SearchExecutor {
  /// The counts of a numeric facet's values over `records` and its statistics, from one pass over the
  /// number codes (see ``NumericFacetLink``): `nil` when the attribute has no link.
  func linkedCounts(
    _ path: String, _ records: [UInt32]
  ) -> (pairs: [(value: Int, count: Int)], statistics: NumberStatistics)? {
    guard let coded = snapshot.numerics[path]?.coded, let link = snapshot.numericFacetLink(path) else { return nil }
    let valueCount = coded.values.count
    return snapshot.countScratch.withCounts(valueCount) { counts in
      var present: [Int] = []
      var pairs: [(value: Int, count: Int)] = []
      var statistics = NumberStatistics()
      counts.withUnsafeMutableBufferPointer { counts in
        coded.codes.count(
          records, into: UnsafeMutableBufferPointer(rebasing: counts[0..<valueCount]), firstSeen: &present)
        pairs.reserveCapacity(present.count)
        for code in present {
          let count = Int(counts[code])
          counts[code] = 0
          pairs.append((Int(link.facetIDs[code]), count))
          statistics.add(coded.values[code], count: count)
        }
      }
      return (pairs, statistics)
    }
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
