import InstantSearchModel

/// Reusable zeroed count arrays for facet counting, so that a high-cardinality facet (a price with a
/// hundred thousand values) does not allocate and zero a large array for every query. Callers reset the
/// entries they touched before giving an array back.
final class CountScratch: Sendable {
  private let pool = Locked<[[Int32]]>([])

  /// Runs `body` with an all-zero array of at least `count` entries; `body` must leave it all zero.
  func withCounts<R>(_ count: Int, _ body: (inout [Int32]) -> R) -> R {
    var counts = pool.withLock { $0.popLast() } ?? []
    if counts.count < count { counts.append(contentsOf: repeatElement(0, count: count - counts.count)) }
    let result = body(&counts)
    pool.withLock { pool in
      if pool.count < 8 { pool.append(counts) }
    }
    return result
  }
}
