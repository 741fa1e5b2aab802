extension TextScorer {
  /// How ``SearchExecutor`` orders the records that match a query's words.
  enum RankingStrategy: Sendable {
    /// ``customOrder`` when many records match, ``scoreAll`` otherwise.
    case automatic
    /// Score every match, then sort.
    case scoreAll
    /// Read matches in custom ranking order and stop once no unread record can enter the top.
    case customOrder
  }

  /// The fewest matches for which ``RankingStrategy/automatic`` reads in custom ranking order: below it,
  /// scoring every match costs less than walking the whole order.
  static func customOrderThreshold(recordCount: Int) -> Int { max(1024, recordCount / 32) }

  /// What ranking the matches of a query gives: how many hits, the best ones in order, and the hits in
  /// increasing record order for facet counts (`nil`: every record).
  struct Ranking {
    var nbHits: Int
    var ranked: [UInt32]
    var counted: [UInt32]?
  }

  /// Ranks `matches` (increasing record numbers holding every query word) and keeps the `count` best.
  func rank(
    _ matches: [UInt32], count: Int, typoTolerance: IndexSettings.TypoToleranceSetting, strategy: RankingStrategy
  ) -> Ranking {
    let typoLevelsFiltered = typoTolerance == .min || typoTolerance == .strict
    let useCustomOrder: Bool
    switch strategy {
    case .automatic: useCustomOrder = matches.count >= Self.customOrderThreshold(recordCount: snapshot.recordCount)
    case .scoreAll: useCustomOrder = false
    case .customOrder: useCustomOrder = true
    }
    if !typoLevelsFiltered, useCustomOrder {
      // Every match holds every word in a searchable attribute, so every match is a hit.
      return Ranking(nbHits: matches.count, ranked: best(of: matches, count: count), counted: matches)
    }
    var scored: [(score: TextScore, doc: UInt32)] = []
    var scratch = Scratch()
    for doc in matches {
      if let score = score(Int(doc), scratch: &scratch) { scored.append((score, doc)) }
    }
    if typoLevelsFiltered {
      let levels = Set(scored.map(\.score.typos)).sorted()
      let kept = Set(levels.prefix(typoTolerance == .min ? 1 : 2))
      scored.removeAll { !kept.contains($0.score.typos) }
    }
    let rank = snapshot.customRank
    scored.sort { lhs, rhs in
      lhs.score != rhs.score ? lhs.score < rhs.score : rank[Int(lhs.doc)] < rank[Int(rhs.doc)]
    }
    return Ranking(
      nbHits: scored.count, ranked: scored.prefix(count).map(\.doc), counted: scored.map(\.doc).sorted())
  }

  /// The `count` best of `matches` (every one of which holds every query word), best first: by text
  /// score, then by custom rank.
  ///
  /// Records are read in custom ranking order, so a record can only enter the top with a strictly
  /// better score than the worst one kept; once the worst kept score equals ``bound``, no unread
  /// record can enter and the reading stops.
  func best(of matches: [UInt32], count: Int) -> [UInt32] {
    guard count > 0, !matches.isEmpty else { return [] }
    var member = [UInt64](repeating: 0, count: (snapshot.recordCount + 63) / 64)
    for doc in matches { member[Int(doc >> 6)] |= 1 << UInt64(doc & 63) }
    var top: [(score: TextScore, doc: UInt32)] = []
    top.reserveCapacity(count + 1)
    let bound = self.bound
    var scratch = Scratch()
    for doc in snapshot.customOrder where member[Int(doc >> 6)] & (1 << UInt64(doc & 63)) != 0 {
      guard let score = score(Int(doc), scratch: &scratch) else { continue }
      if top.count == count, let worst = top.last, !(score < worst.score) { continue }
      var low = 0
      var high = top.count
      while low < high {
        let middle = (low + high) / 2
        if score < top[middle].score { high = middle } else { low = middle + 1 }
      }
      top.insert((score, doc), at: low)
      if top.count > count { top.removeLast() }
      if top.count == count, let worst = top.last, !(bound < worst.score) { break }
    }
    return top.map(\.doc)
  }
}
