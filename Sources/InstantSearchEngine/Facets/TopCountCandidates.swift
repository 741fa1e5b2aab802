/// The values of a facet of many values (a price's tens of thousands) that can be among those a response
/// shows, chosen from their counts as they are computed, without listing every value's count first.
///
/// Listing the 60,000 prices held by the 723,313 matches of the showcase's keystroke `c` (1M English
/// records) wrote a list of a megabyte that choosing the 100 most frequent and the price statistics then
/// read twice: half the time of the price's counting, on the thread that finished last. Here a few passes
/// over the counts (a histogram that stays in the core's cache: the statistics, the cut, the values at or
/// above it) keep only the values that can make the cut; ``SearchExecutor/counted(_:_:stats:resolved:)``
/// chooses among them as it would among all.
enum TopCountCandidates {
  /// The values whose `counts` (a count a value id) are above zero and can be among the `limit` highest
  /// (``SearchExecutor/topByCount(_:rank:limit:)``'s choice: every value above the `limit`-th highest
  /// count and every value tied with it), with their counts, in increasing value order.
  ///
  /// With `numbers` (each value's number, `NaN` for none: a ``NumericFacetLink``'s), also the statistics
  /// of the numbers weighted by every value's count, summed in increasing value order as
  /// ``SearchExecutor/linkedStatistics(_:_:)`` sums a list of counts; `nil` when a value counted has no
  /// number (the caller then takes them from the records).
  static func candidates(
    _ counts: UnsafeBufferPointer<UInt16>, limit: Int, numbers: [Double]?
  ) -> (pairs: [(value: Int, count: Int)], statistics: NumberStatistics?) {
    let statistics = numbers.flatMap { weighted(counts, numbers: $0) }
    guard limit > 0 else { return ([], statistics) }
    let threshold = threshold(counts, limit: limit)
    // The values at or above it, written into a list of exactly that many.
    var kept = 0
    for count in counts where Int(count) >= threshold { kept &+= 1 }
    let pairs = [(value: Int, count: Int)](unsafeUninitializedCapacity: kept) { buffer, initialized in
      var written = 0
      for (value, count) in counts.enumerated() where Int(count) >= threshold && written < kept {
        buffer[written] = (value, Int(count))
        written &+= 1
      }
      initialized = written
    }
    return (pairs, statistics)
  }

  /// The `limit`-th highest count above zero, or 1 when fewer values than `limit` have one: a bounded heap
  /// of the highest counts seen, offered only a count above the lowest it keeps once it is full.
  private static func threshold(_ counts: UnsafeBufferPointer<UInt16>, limit: Int) -> Int {
    var largest = MaxHeap(capacity: limit)
    var kept = 0
    // Once `limit` counts are kept, the lowest of them: a count at or below it changes nothing.
    var floor = 0
    for count in counts where Int(count) > floor {
      largest.offer(UInt64(Int(UInt16.max) - Int(count)))
      kept &+= 1
      if kept >= limit { floor = Int(UInt16.max) - Int(largest.top ?? 0) }
    }
    return kept < limit ? 1 : max(floor, 1)
  }

  /// The statistics of `numbers` weighted by `counts`, in increasing value order; `nil` when a value
  /// counted has no number.
  private static func weighted(_ counts: UnsafeBufferPointer<UInt16>, numbers: [Double]) -> NumberStatistics? {
    var statistics = NumberStatistics()
    for (value, count) in counts.enumerated() where count > 0 {
      guard value < numbers.count, !numbers[value].isNaN else { return nil }
      statistics.add(numbers[value], count: Int(count))
    }
    return statistics
  }
}
