import InstantSearchModel

/// Scores records by a query's `optionalFilters` (Algolia's filter scoring): each filter scores 1, or the
/// `N` of its `<score=N>`; a clause (an OR group) scores its best matching filter, or the sum of them with
/// `sumOrFiltersScores`; a record's score is the sum over the clauses. A negated filter (`brand:-Sony`)
/// scores for the records it matches, those without the value. Records are never filtered out: the score
/// orders them after the typo and words criteria (``TextScore/filters``).
struct OptionalFilterScorer {
  /// Each clause's filters, compiled for one snapshot, with their scores.
  private let clauses: [[(plan: FilterPlan, score: Int)]]
  private let sums: Bool
  /// The highest score a record can have.
  let maximum: Int

  /// The scorer of `query`'s optional filters in `snapshot`, or `nil` when it has none.
  ///
  /// - Throws: ``EngineError/invalidParameter(_:)`` for an element that is not `attribute:value`.
  init?(query: Query, snapshot: IndexSnapshot) throws(EngineError) {
    guard let groups = query.optionalFilters, !groups.isEmpty else { return nil }
    var clauses: [[(plan: FilterPlan, score: Int)]] = []
    let sums = query.sumOrFiltersScores == true
    var maximum = 0
    for group in groups {
      var clause: [(plan: FilterPlan, score: Int)] = []
      for element in group {
        let filter = try LegacyFilterParser.engineFacet(element)
        let score: Int
        // Bounded so that a record's total fits the 32 bits ranking packs it in (1,000 filters at most).
        if case .facet(let facet) = filter { score = min(max(facet.score ?? 1, 0), 1_000_000) } else { score = 1 }
        clause.append((FilterPlan(clauses: [[filter]], snapshot: snapshot), score))
      }
      guard !clause.isEmpty else { continue }
      maximum += sums ? clause.reduce(0) { $0 + $1.score } : clause.map(\.score).max() ?? 0
      clauses.append(clause)
    }
    guard !clauses.isEmpty else { return nil }
    self.clauses = clauses
    self.sums = sums
    self.maximum = maximum
  }

  /// The score of record `doc`.
  func score(_ doc: Int) -> Int {
    var total = 0
    for clause in clauses {
      var best = 0
      for (plan, score) in clause where plan.matches(doc) {
        if sums { best += score } else { best = max(best, score) }
      }
      total += best
    }
    return total
  }
}
