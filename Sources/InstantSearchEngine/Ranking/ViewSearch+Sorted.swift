import InstantSearchModel

/// Ranking on an index whose hits are not ordered by text score first: a sort-by index (`asc`/`desc` at
/// the head of `ranking`) orders every match by those criteria and lets the text score break ties; a
/// virtual replica keeps the matches relevant enough (``RelevanceSelection``) and orders them by its
/// ranking, reporting `nbSortedHits` and `appliedRelevancyStrictness` and paging through those only.
///
/// Every match with query words is scored (the text score decides ties and relevance), not only those a
/// page needs: a sorted answer cannot stop early as a ranking by text score can.
extension ViewSearch {
  /// Without query words every match is as relevant as any other: each part's rank permutation (the
  /// leading criteria, then the trailing ones) orders them. Returns the hits, all of them sorted.
  func rankWithoutWords(_ parts: inout [SegmentSearch], count: Int) -> (nbHits: Int, nbSorted: Int) {
    var nbHits = 0
    for index in parts.indices {
      let matches = parts[index].matches
      let ranked =
        matches == nil
        ? parts[index].segment.firstLive(inCustomOrder: count)
        : parts[index].executor.topByCustomRank(matches, bits: parts[index].matchBits, count: count)
      let hits = matches?.count ?? parts[index].segment.liveCount
      parts[index].ranking = .init(nbHits: hits, ranked: ranked, counted: matches)
      nbHits += hits
    }
    return (nbHits, nbHits)
  }

  /// Scores every match of every part, keeps the typo levels the tolerance keeps (over all parts) and,
  /// with a strictness, the relevant hits; each part's `count` best by leading criteria, text score and
  /// rank. Facets count every hit, relevant or not.
  func rankSorted(
    _ parts: inout [SegmentSearch], count: Int, typoTolerance: IndexSettings.TypoToleranceSetting, strictness: Int?
  ) -> (nbHits: Int, nbSorted: Int) {
    let scored = scoreEveryMatch(parts, typoTolerance: typoTolerance)
    let best = scored.flatMap { $0.map(\.score) }.min()
    let selection = strictness.flatMap { strictness in best.map { RelevanceSelection(strictness: strictness, best: $0) }
    }
    var nbHits = 0
    var nbSorted = 0
    for index in parts.indices {
      let snapshot = parts[index].segment.snapshot
      let kept = selection.map { selection in scored[index].filter { selection.keeps($0.score) } } ?? scored[index]
      let groups = snapshot.leadingGroups
      let rank = snapshot.customRank
      let top = kept.sorted { lhs, rhs in
        let (left, right) = (groups[Int(lhs.doc)], groups[Int(rhs.doc)])
        if left != right { return left < right }
        if lhs.score != rhs.score { return lhs.score < rhs.score }
        return rank[Int(lhs.doc)] < rank[Int(rhs.doc)]
      }.prefix(count)
      parts[index].ranking = .init(
        nbHits: scored[index].count, ranked: top.map(\.doc), scores: top.map(\.score),
        counted: scored[index].map(\.doc))
      nbHits += scored[index].count
      nbSorted += kept.count
    }
    return (nbHits, nbSorted)
  }
}
