import InstantSearchModel

/// The ranking stage: each part keeps its best records (as many as the page needs) with their scores,
/// how many of its matches are hits, and the records its facets count. One strategy ranks every part,
/// chosen in ``rankingStrategy(_:)`` from the plan alone.
extension ViewSearch {
  /// How a search's matches are ranked.
  enum RankingChoice: Equatable {
    /// No query words: by custom ranking (a sort-by index's criteria first), every match a hit.
    case customRanking
    /// No query words but optional filters or a distance: by those, then custom ranking.
    case extraCriteria
    /// A sort-by index's criteria, or a virtual replica's, before the text score: every match scored.
    case sorted
    /// The query and its multi-word synonym variants together: every match of each scored.
    case variants
    /// Every match scored: typo levels kept over all parts together, or the extra criteria scored.
    case everyMatch
    /// By text score then custom ranking, each part read only until its top is decided: the fast path.
    /// A part whose matches are an unread bitset is ranked from it.
    case textTop
  }

  /// The strategy for a search of `plan`.
  func rankingStrategy(_ plan: SearchPlan) -> RankingChoice {
    if plan.ordering.sortsBeforeText { return plan.words.isEmpty ? .customRanking : .sorted }
    if plan.words.isEmpty { return usesExtraCriteria ? .extraCriteria : .customRanking }
    if !plan.variants.isEmpty { return .variants }
    // With optional words, a record's typos and words depend on which words it holds: the bounds the
    // fast path reads parts by assume it holds them all.
    if usesExtraCriteria || TextScorer.filtersTypoLevels(plan.resolved.typoTolerance) || plan.hasOptionalWords {
      return .everyMatch
    }
    return .textTop
  }

  /// Ranks every part, keeping its `count` best. Returns how many hits are sorted (a virtual replica's
  /// relevant ones; every hit elsewhere).
  func rank(
    _ parts: inout [SegmentSearch], plan: SearchPlan, count: Int, side: SideSession?
  ) throws(EngineError) -> Int {
    let strategy = rankingStrategy(plan)
    if strategy != .textTop {
      for index in parts.indices { parts[index].list(side: side) }
    }
    switch strategy {
    case .customRanking: return rankWithoutWords(&parts, count: count).nbSorted
    case .extraCriteria: rankByExtraCriteria(&parts, count: count)
    case .sorted:
      return rankSorted(&parts, count: count, typoTolerance: plan.resolved.typoTolerance, strictness: plan.strictness)
        .nbSorted
    case .variants:
      try rank(&parts, variants: plan.variants, count: count, typoTolerance: plan.resolved.typoTolerance)
    case .everyMatch:
      let scored = scoreEveryMatch(parts, typoTolerance: plan.resolved.typoTolerance)
      if let step = plan.risingWordStep {
        keepRisingWordThreshold(&parts, scored: scored, step: step, count: count, ordering: plan.ordering)
        break
      }
      for index in parts.indices {
        let hits = scored[index]
        let top = TextScorer.best(hits, count: count, rank: parts[index].segment.snapshot.customRank)
        parts[index].ranking = .init(
          nbHits: hits.count, ranked: top.map(\.doc), scores: top.map(\.score), counted: hits.map(\.doc))
      }
    case .textTop:
      rankTextTop(&parts, count: count, typoTolerance: plan.resolved.typoTolerance, side: side)
    }
    return parts.reduce(0) { $0 + $1.ranking.nbHits }
  }

  /// ``RankingChoice/textTop``: the part with the most matches first, so that once some part's top is
  /// full, its worst score is a floor no record of another part needs to be ranked below (the others are
  /// mostly small write segments).
  private func rankTextTop(
    _ parts: inout [SegmentSearch], count: Int, typoTolerance: IndexSettings.TypoToleranceSetting,
    side: SideSession?
  ) {
    var floor: TextScore?
    for index in parts.indices.sorted(by: { parts[$0].matchCount > parts[$1].matchCount }) {
      var scorer = parts[index].scorer
      scorer.matchBits = parts[index].matchBits
      if case .unlisted(let bits, let matchCount) = parts[index].found,
        matchCount >= TextScorer.customOrderThreshold(recordCount: parts[index].segment.snapshot.recordCount)
      {
        // Every match is a hit, ranked from the bitset; the facets were counted from it (or its complement).
        let top = scorer.best(ofBits: bits, matchCount: matchCount, count: count, side: side)
        parts[index].ranking = .init(
          nbHits: matchCount, ranked: top.map(\.doc), scores: top.map(\.score), counted: nil)
      } else {
        parts[index].list(side: side)
        parts[index].ranking = scorer.rank(
          parts[index].matches ?? [], count: count, typoTolerance: typoTolerance, strategy: ranking, floor: floor,
          side: side)
      }
      if parts[index].ranking.scores.count == count, let worst = parts[index].ranking.scores.last {
        floor = floor.map { min($0, worst) } ?? worst
      }
    }
  }
}
