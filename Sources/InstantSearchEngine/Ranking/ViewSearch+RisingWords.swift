/// Algolia's rule for long queries whose words are all optional: a query of 4 or more words, every one
/// optional, keeps its hits in ranking order while they hold enough of its words — 1 for the first 1,000
/// hits, then `step` more for each further 1,000, where `step` is 1 for fewer than 10 optional words and
/// the number of optional words divided by 5 (rounded down) from 10 on. A match holding too few words for
/// its place is not a hit: it is left out of `nbHits`, the pages and the facet counts.
extension ViewSearch {
  /// How many hits each step of the threshold covers.
  static let risingWordSpan = 1_000

  /// The step of the rising threshold of a query of `wordCount` words with `constraints`, or `nil` when
  /// the rule does not apply (fewer than 4 words, or one of them required).
  static func risingWordStep(wordCount: Int, constraints: TextConstraints) -> Int? {
    guard wordCount >= 4, constraints.hasOptionalWords, (0..<wordCount).allSatisfy(constraints.isOptional)
    else { return nil }
    return wordCount < 10 ? 1 : wordCount / 5
  }

  /// Ranks `scored` (every match of each part, scored) in one order over all parts, keeps the matches
  /// that hold enough words for their place, and gives each part its `count` best kept records, its
  /// kept count as hits and its kept records to count facets over.
  func keepRisingWordThreshold(
    _ parts: inout [SegmentSearch], scored: [[(score: TextScore, doc: UInt32)]], step: Int, count: Int,
    ordering: RankingOrder
  ) {
    var total = 0
    for index in parts.indices {
      let hits = scored[index]
      let all = TextScorer.best(hits, count: hits.count, rank: parts[index].segment.snapshot.customRank)
      parts[index].ranking = .init(
        nbHits: hits.count, ranked: all.map(\.doc), scores: all.map(\.score), counted: nil)
      total += hits.count
    }
    var kept = parts.map { _ in [(doc: UInt32, score: TextScore)]() }
    var keptCount = 0
    for candidate in merge(parts, count: total, ordering: ordering) {
      let required = 1 + step * (keptCount / Self.risingWordSpan)
      guard let score = candidate.score, score.words >= required else { continue }
      kept[candidate.part].append((candidate.doc, score))
      keptCount += 1
    }
    for index in parts.indices {
      let top = kept[index].prefix(count)
      parts[index].ranking = .init(
        nbHits: kept[index].count, ranked: top.map(\.doc), scores: top.map(\.score),
        counted: kept[index].map(\.doc).sorted())
    }
  }
}
