/// Percentiles of timing samples by nearest rank: the smallest sample that at least a fraction `p` of
/// all samples are at or below. Of fewer than 100 samples, the p99 is the slowest: an index interpolated
/// into `count - 1` (what the commands used before) made the p99 of 18 keystrokes the second slowest,
/// leaving the slowest keystroke out of the figure that is meant to bound it.
enum NearestRank {
  /// The `p` percentile (0 < `p` ≤ 1) of `sorted` (increasing), or `nil` when there is no sample.
  static func percentile<Sample>(_ p: Double, of sorted: [Sample]) -> Sample? {
    guard !sorted.isEmpty else { return nil }
    let rank = Int((Double(sorted.count) * p).rounded(.up))
    return sorted[min(sorted.count, max(rank, 1)) - 1]
  }
}
