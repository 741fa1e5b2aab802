/// The running top of one part of a query's matches (see ``RankingParts``), read in custom ranking order: a
/// record enters only with a strictly better score than the worst one kept (an equal one, read later, ranks
/// after it), and the reading is decided once that worst score equals the part's bound.
struct PartReader {
  /// How many records the top keeps.
  let count: Int
  /// The best score any record of the part can have.
  let bound: TextScore
  /// The worst of a full top already kept from earlier parts, if any: records no better are left out.
  let kept: TextScore?
  /// The best records read so far, best first.
  private(set) var top: [(score: TextScore, doc: UInt32)] = []
  /// The attribute cutoff in force (see ``WalkCutoff``).
  private var cutoff: WalkCutoff

  init(count: Int, bound: TextScore, kept: TextScore?, scorer: TextScorer) {
    self.count = count
    self.bound = bound
    self.kept = kept
    cutoff = kept.flatMap { scorer.cutoff(worst: $0, bound: bound) } ?? .none
    top.reserveCapacity(count + 1)
  }

  /// Whether no unread record of the part can enter the top.
  var isDecided: Bool { top.count == count && !(bound < top[count - 1].score) }

  /// Reads `docs` (in custom ranking order, after the records already read), a batch at a time, the
  /// batch's records fetched together first; returns whether the top is decided (the rest need not be read).
  mutating func read(_ docs: ArraySlice<UInt32>, scorer: TextScorer, scratch: inout TextScorer.Scratch) -> Bool {
    var start = docs.startIndex
    while start < docs.endIndex {
      let batch = docs[start..<min(docs.endIndex, start + TextScorer.batch)]
      start = batch.endIndex
      scratch.warmed ^= scorer.snapshot.store.warm(batch)
      for doc in batch {
        offer(doc, scorer: scorer, scratch: &scratch)
        if isDecided { return true }
      }
    }
    return false
  }

  /// Scores `doc` and keeps it if it enters the top.
  private mutating func offer(_ doc: UInt32, scorer: TextScorer, scratch: inout TextScorer.Scratch) {
    guard let score = scorer.score(Int(doc), scratch: &scratch, cutoff: &cutoff),
      top.count < count || score < top[top.count - 1].score
    else { return }
    var low = 0
    var high = top.count
    while low < high {
      let middle = (low + high) / 2
      if score < top[middle].score { high = middle } else { low = middle + 1 }
    }
    top.insert((score, doc), at: low)
    if top.count > count { top.removeLast() }
    guard top.count == count else { return }
    // Once the worst record that matters ties the part's bound up to the attribute, records are read only
    // as far as they can rank within its attribute.
    let worst = min(kept ?? top[count - 1].score, top[count - 1].score)
    if !cutoff.isActive || worst.attribute < cutoff.limit, let tighter = scorer.cutoff(worst: worst, bound: bound) {
      cutoff = tighter
    }
  }
}
