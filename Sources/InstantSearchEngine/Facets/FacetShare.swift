import InstantSearchModel

/// The facets of one query counted by two threads: the side thread takes attributes from the front of
/// the list while the caller ranks and builds hits, then the caller takes them from the back, so that
/// neither waits while attributes remain (at 1M records, W1's four facets took the side thread longer
/// than matching, ranking and hits took the caller). Each attribute is counted by exactly one of them.
///
/// The attributes are kept heaviest first: the side thread, which starts first, takes the longest
/// counts, and the caller, arriving later, the short ones — W1's price (77,665 values at 1M records,
/// two thirds of its facets' time) had been last, taken by the caller after its hits.
final class FacetShare: Sendable {
  /// One attribute's counts (values by name, the chosen ones only) and, for a numeric one, statistics.
  struct Counted: Sendable {
    var values: [String: Int]
    var stats: FacetStats?
  }

  /// The attributes to count, heaviest first (ties in the order the query asks for them).
  let paths: [String]
  /// The next attribute from the front, and one past the next from the back.
  private let taken: TwoEndedTake
  private let counted: Locked<[Counted?]>

  /// A share of `paths`, ordered by `weight` (the largest first), an estimate of each one's counting time.
  init(paths: [String], weight: (String) -> Int = { _ in 0 }) {
    let weights = paths.map(weight)
    self.paths = paths.indices.sorted { (weights[$0], $1) > (weights[$1], $0) }.map { paths[$0] }
    taken = TwoEndedTake(count: paths.count)
    counted = Locked([Counted?](repeating: nil, count: paths.count))
  }

  /// The position of an attribute nobody has taken yet, from the front or from the back; `nil` when
  /// every attribute is taken.
  func take(fromFront: Bool) -> Int? {
    taken.take(fromFront: fromFront)
  }

  /// Keeps the counts of the attribute at `position`.
  func store(_ counts: Counted, at position: Int) {
    counted.withLock { $0[position] = counts }
  }

  /// The counts of every attribute, by path (once both threads are done).
  func results() -> (facets: [String: [String: Int]], stats: [String: FacetStats]) {
    let all = counted.withLock { $0 }
    return Self.response(zip(paths, all).compactMap { path, counts in counts.map { (path, $0) } })
  }

  /// The facets and statistics a response shows of `counted` attributes: an attribute without a value
  /// counted is left out of the facets, one without numbers out of the statistics.
  static func response(
    _ counted: [(path: String, counts: Counted)]
  ) -> (facets: [String: [String: Int]], stats: [String: FacetStats]) {
    var facets: [String: [String: Int]] = [:]
    var stats: [String: FacetStats] = [:]
    for (path, counts) in counted {
      if !counts.values.isEmpty { facets[path] = counts.values }
      if let stat = counts.stats { stats[path] = stat }
    }
    return (facets, stats)
  }
}
