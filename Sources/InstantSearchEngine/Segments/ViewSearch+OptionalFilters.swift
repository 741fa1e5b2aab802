import InstantSearchCore

/// Ranking with optional filters: every match is scored (text and filters), as the filters criterion sits
/// between words and proximity and cannot be decided from the text alone; without query words, the
/// filters' score then the custom ranking order the matches.
extension ViewSearch {
  /// Ranks each part's matches with the optional filters' scores, keeping its `count` best. With a typo
  /// tolerance that keeps the fewest typo levels, the levels are those of every part's hits together.
  func rankWithOptionalFilters(
    _ parts: inout [Part], count: Int, typoTolerance: IndexSettings.TypoToleranceSetting
  ) {
    guard !(parts.first?.words.isEmpty ?? true) else {
      for index in parts.indices {
        let part = parts[index]
        let nbHits = part.matches?.count ?? part.segment.liveCount
        guard let scorer = part.optionalFilters else {
          let ranked =
            part.matches == nil
            ? part.segment.firstLive(inCustomOrder: count) : part.executor.topByCustomRank(part.matches, count: count)
          parts[index].ranking = .init(
            nbHits: nbHits, ranked: ranked, scores: ranked.map { _ in Self.filterScore(0) }, counted: part.matches)
          continue
        }
        let top = scorer.best(part.matches, in: part.segment, count: count)
        parts[index].ranking = .init(
          nbHits: nbHits, ranked: top.map(\.doc), scores: top.map { Self.filterScore($0.score) },
          counted: part.matches)
      }
      return
    }
    var scored = parts.map { part in
      var all = TextScorer(snapshot: part.segment.snapshot, words: part.words).scoreAll(part.matches ?? [])
      if let scorer = part.optionalFilters {
        for position in all.indices { all[position].score.filters = scorer.score(Int(all[position].doc)) }
      }
      return all
    }
    if TextScorer.filtersTypoLevels(typoTolerance) {
      let levels = Set(scored.flatMap { $0.map(\.score.typos) })
      let kept = TextScorer.keptTypoLevels(levels, typoTolerance: typoTolerance)
      for index in scored.indices { scored[index].removeAll { !kept.contains($0.score.typos) } }
    }
    for index in parts.indices {
      let hits = scored[index]
      let top = TextScorer.best(hits, count: count, rank: parts[index].segment.snapshot.customRank)
      parts[index].ranking = .init(
        nbHits: hits.count, ranked: top.map(\.doc), scores: top.map(\.score), counted: hits.map(\.doc))
    }
  }

  /// The score of a record without query words: only its optional filters' score.
  static func filterScore(_ filters: Int) -> TextScore {
    TextScore(typos: 0, words: 0, proximity: 0, attribute: 0, exact: 0, filters: filters)
  }
}
