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
  static func customOrderThreshold(recordCount: Int) -> Int { RankingParts.smallPart }

  /// What ranking the matches of a query gives: how many hits, the best ones in order with their scores
  /// (none without query words), and the hits in increasing record order for facet counts (`nil`: every
  /// record).
  struct Ranking {
    var nbHits: Int
    var ranked: [UInt32]
    var scores: [TextScore] = []
    var counted: [UInt32]?
  }

  /// Ranks `matches` (increasing record numbers holding every query word) and keeps the `count` best.
  ///
  /// `floor`, when given, is a score that `count` records elsewhere (another segment's) already reach:
  /// a record scoring worse cannot be among the `count` best of all, so it may be left out of the top
  /// (records that tie it are kept: custom ranking may still put them first).
  ///
  /// With a `side` session, a large part of a query of several words is read on two threads (see
  /// ``SharedPartReading``).
  func rank(
    _ matches: [UInt32], count: Int, typoTolerance: IndexSettings.TypoToleranceSetting, strategy: RankingStrategy,
    floor: TextScore? = nil, side: SideSession? = nil
  ) -> Ranking {
    let useCustomOrder: Bool
    switch strategy {
    case .automatic: useCustomOrder = matches.count >= Self.customOrderThreshold(recordCount: snapshot.recordCount)
    case .scoreAll: useCustomOrder = false
    case .customOrder: useCustomOrder = true
    }
    if !Self.filtersTypoLevels(typoTolerance), useCustomOrder || strategy == .automatic {
      // Every match holds every word in a searchable attribute, so every match is a hit.
      let top =
        useCustomOrder
        ? best(of: matches, count: count, floor: floor, side: side)
        : bestByScoring(matches, count: count, floor: floor)
      return Ranking(nbHits: matches.count, ranked: top.map(\.doc), scores: top.map(\.score), counted: matches)
    }
    var scored = scoreAll(matches)
    if Self.filtersTypoLevels(typoTolerance) {
      let kept = Self.keptTypoLevels(Set(scored.map(\.score.typos)), typoTolerance: typoTolerance)
      scored.removeAll { !kept.contains($0.score.typos) }
    }
    let top = Self.best(scored, count: count, rank: snapshot.customRank)
    // `matches` increase, so the scored records do too: they are the counted ones as they stand.
    return Ranking(nbHits: scored.count, ranked: top.map(\.doc), scores: top.map(\.score), counted: scored.map(\.doc))
  }

  /// The scores of the records of `matches` that hold every query word, in the order of `matches`.
  func scoreAll(_ matches: [UInt32]) -> [(score: TextScore, doc: UInt32)] {
    var scored: [(score: TextScore, doc: UInt32)] = []
    var scratch = Scratch()
    for doc in matches {
      if let score = score(Int(doc), scratch: &scratch) { scored.append((score, doc)) }
    }
    return scored
  }

  /// The `count` best of `matches` (every one of which holds every query word), best first, reading each
  /// in turn: once the top is full and its worst record ties the best possible score up to the attribute,
  /// the others are read only as far as they can rank within that record's attribute.
  func bestByScoring(_ matches: [UInt32], count: Int, floor: TextScore? = nil) -> [(score: TextScore, doc: UInt32)] {
    guard count > 0 else { return [] }
    if let floor, floor < bound { return [] }
    let rank = snapshot.customRank
    var top: [(score: TextScore, doc: UInt32)] = []
    top.reserveCapacity(count + 1)
    var cutoff = floor.flatMap { self.cutoff(worst: $0, bound: bound) } ?? .none
    var scratch = Scratch()
    for (index, doc) in matches.enumerated() {
      if index % Self.batch == 0 {
        scratch.warmed ^= snapshot.store.warm(matches[index..<min(matches.count, index + Self.batch)])
      }
      guard let score = score(Int(doc), scratch: &scratch, cutoff: &cutoff) else { continue }
      if let floor, floor < score { continue }
      let precedes = { (other: (score: TextScore, doc: UInt32)) -> Bool in
        score != other.score ? score < other.score : rank[Int(doc)] < rank[Int(other.doc)]
      }
      if top.count == count, let worst = top.last, !precedes(worst) { continue }
      var low = 0
      var high = top.count
      while low < high {
        let middle = (low + high) / 2
        if precedes(top[middle]) { high = middle } else { low = middle + 1 }
      }
      top.insert((score, doc), at: low)
      if top.count > count { top.removeLast() }
      if top.count == count, let worst = top.last.map({ min($0.score, floor ?? $0.score) }),
        !cutoff.isActive || worst.attribute < cutoff.limit, let tighter = self.cutoff(worst: worst, bound: bound)
      {
        cutoff = tighter
      }
    }
    return top
  }

  /// Whether the typo tolerance keeps only the hits of the fewest typos (`min`: one level, `strict`: two).
  static func filtersTypoLevels(_ typoTolerance: IndexSettings.TypoToleranceSetting) -> Bool {
    typoTolerance == .min || typoTolerance == .strict
  }

  /// The typo counts kept among the `levels` the hits have.
  static func keptTypoLevels(_ levels: Set<Int>, typoTolerance: IndexSettings.TypoToleranceSetting) -> Set<Int> {
    Set(levels.sorted().prefix(typoTolerance == .min ? 1 : 2))
  }

  /// The `count` best of `scored`, best first (by score, then custom rank), without sorting them all: each
  /// record enters a top of `count` by binary insertion only when it beats the worst kept.
  static func best(
    _ scored: [(score: TextScore, doc: UInt32)], count: Int, rank: Column<UInt32>
  ) -> [(score: TextScore, doc: UInt32)] {
    guard count > 0 else { return [] }
    let precedes = { (lhs: (score: TextScore, doc: UInt32), rhs: (score: TextScore, doc: UInt32)) -> Bool in
      lhs.score != rhs.score ? lhs.score < rhs.score : rank[Int(lhs.doc)] < rank[Int(rhs.doc)]
    }
    var top: [(score: TextScore, doc: UInt32)] = []
    top.reserveCapacity(min(count, scored.count) + 1)
    for entry in scored {
      if top.count == count, let worst = top.last, !precedes(entry, worst) { continue }
      var low = 0
      var high = top.count
      while low < high {
        let middle = (low + high) / 2
        if precedes(entry, top[middle]) { high = middle } else { low = middle + 1 }
      }
      top.insert(entry, at: low)
      if top.count > count { top.removeLast() }
    }
    return top
  }

  /// The `count` best of `matches` (every one of which holds every query word), best first: by text
  /// score, then by custom rank.
  ///
  /// The matches are split into parts by what set algebra tells of them without reading a record (see
  /// ``RankingParts``), each with a bound no record of it can beat. Parts are taken in the order of their
  /// bounds: a part no larger than the top is scored whole; a larger one is read in custom ranking order,
  /// where a record can only enter its top with a strictly better score than the worst one kept, so the
  /// reading stops once that worst score equals the part's bound. The best of all parts' tops are the best matches, and a
  /// part whose bound is worse than the worst of a full top is not read at all.
  func best(
    of matches: [UInt32], count: Int, floor: TextScore? = nil, side: SideSession? = nil
  ) -> [(score: TextScore, doc: UInt32)] {
    guard count > 0, !matches.isEmpty else { return [] }
    if let floor, floor < bound { return [] }
    let bits = matchBits.flatMap { $0.count == matches.count ? $0 : nil }
    let parts = RankingParts(words: words, matches: matches, bits: bits, snapshot: snapshot, bound: bound)
    return best(of: parts, count: count, floor: floor, side: side)
  }

  /// ``best(of:count:floor:side:)`` of the `matchCount` matches held by `bits`, which are not read out
  /// unless a part is scored whole or they are split as a list: ``RankingParts`` split the bitset itself,
  /// and a large part is read in custom ranking order through its bitset.
  func best(
    ofBits bits: Bitset, matchCount: Int, count: Int, side: SideSession? = nil
  ) -> [(score: TextScore, doc: UInt32)] {
    guard count > 0, matchCount > 0 else { return [] }
    let parts = RankingParts(words: words, bits: bits, count: matchCount, snapshot: snapshot, bound: bound)
    return best(of: parts, count: count, floor: nil, side: side)
  }

  /// The `count` best records of `parts` (see ``best(of:count:floor:side:)``).
  private func best(
    of parts: RankingParts, count: Int, floor: TextScore?, side: SideSession?
  ) -> [(score: TextScore, doc: UInt32)] {
    let rank = snapshot.customRank
    var kept: [(score: TextScore, doc: UInt32)] = []
    var scratch = Scratch()
    for part in parts.parts {
      if kept.count == count, let worst = kept.last, worst.score < part.bound { break }
      // Parts come best bound first: once one cannot reach the floor, none after it can.
      if let floor, floor < part.bound { break }
      // Once the top is full, a record of this part matters only if it beats the worst one kept (or
      // reaches the floor, whichever is better).
      let own = kept.count == count ? kept.last?.score : nil
      let worst = [own, floor].compactMap { $0 }.min()
      let top: [(score: TextScore, doc: UInt32)]
      // A part no larger than the top is scored whole; a larger one is read in custom ranking order, which
      // stops as soon as its best records are known (often after `count` records when they reach its bound).
      if part.count <= count {
        var cutoff = worst.flatMap { self.cutoff(worst: $0, bound: part.bound) } ?? .none
        var scored: [(score: TextScore, doc: UInt32)] = []
        let members = part.sortedMembers
        for (index, doc) in members.enumerated() {
          if index % Self.batch == 0 {
            scratch.warmed ^= snapshot.store.warm(members[index..<min(members.count, index + Self.batch)])
          }
          if let score = score(Int(doc), scratch: &scratch, cutoff: &cutoff) { scored.append((score, doc)) }
        }
        top = Self.best(scored, count: count, rank: rank)
      } else {
        top = best(in: part, count: count, worst: worst, scratch: &scratch, side: side)
      }
      kept += top
      kept.sort { $0.score != $1.score ? $0.score < $1.score : rank[Int($0.doc)] < rank[Int($1.doc)] }
      if kept.count > count { kept.removeLast(kept.count - count) }
    }
    return kept
  }

  /// How many records are fetched from memory together before being scored.
  static let batch = 16

  /// The `count` best records of a part, read in custom ranking order until no unread one can enter;
  /// records no better than `worst` (the worst of a full top already kept, if any) may be left out.
  private func best(
    in part: RankingParts.Part, count: Int, worst kept: TextScore?, scratch: inout Scratch, side: SideSession?
  ) -> [(score: TextScore, doc: UInt32)] {
    if let side, words.count >= SharedPartReading.fewestWords, part.count >= SharedPartReading.smallestPart {
      return bestOnTwoThreads(in: part, count: count, worst: kept, side: side)
    }
    var reader = PartReader(count: count, bound: part.bound, kept: kept, scorer: self)
    // A sparse part is put in custom ranking order by sorting it; a dense one by reading that order.
    guard part.count > snapshot.recordCount / 64 else {
      // Sorting the ranks themselves (plain integers) and mapping them back is several times faster than
      // sorting records by a rank looked up in a closure.
      // Listed lazily, a batch at a time: the reading usually stops after a few batches.
      Self.forEachBatch(ofRanks: Self.customRanks(of: part, snapshot: snapshot), size: Self.batch, snapshot: snapshot) {
        reader.read($0, scorer: self, scratch: &scratch)
      }
      return reader.top
    }
    let members = part.bitset(universe: snapshot.recordCount)
    let order = snapshot.customOrder
    var remaining = part.count
    var batch: [UInt32] = []
    batch.reserveCapacity(Self.batch)
    var cursor = 0
    while cursor < order.count, remaining > 0 {
      batch.removeAll(keepingCapacity: true)
      while batch.count < Self.batch, cursor < order.count {
        let doc = order[cursor]
        cursor += 1
        if members.contains(doc) { batch.append(doc) }
      }
      remaining -= batch.count
      if reader.read(batch[...], scorer: self, scratch: &scratch) { break }
    }
    return reader.top
  }
}
