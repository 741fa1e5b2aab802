extension TextScorer {
  /// The custom ranks of the members of `part`, marked in a bitset of the index's size: read back in
  /// increasing order (``forEachBatch(ofRanks:size:snapshot:_:)``), they put a sparse part in custom ranking
  /// order with a pass over no more words than records, where a sort compares each rank some log₂(count)
  /// times.
  static func customRanks(of part: RankingParts.Part, snapshot: IndexSnapshot) -> Bitset {
    var ranks = Bitset(universe: snapshot.recordCount)
    snapshot.customRank.withUnsafeBufferPointer { rank in
      switch part.members {
      case .sorted(let docs):
        for doc in docs where Int(doc) < rank.count { ranks.insert(rank[Int(doc)]) }
      case .bits(let bits):
        bits.words.withUnsafeBufferPointer { words in
          for (index, word) in words.enumerated() {
            var remaining = word
            while remaining != 0 {
              let doc = index << 6 | remaining.trailingZeroBitCount
              if doc < rank.count { ranks.insert(rank[doc]) }
              remaining &= remaining &- 1
            }
          }
        }
      }
    }
    return ranks
  }

  /// Hands `body` the records of the custom ranks in `ranks`, in increasing rank, `size` at a time, until
  /// it answers `true`: a reading that stops early neither lists nor looks up the ranks after its last batch.
  ///
  /// `words`, when given, limits the reading to the ranks of those words of `ranks` (64 ranks a word).
  static func forEachBatch(
    ofRanks ranks: Bitset, words wordRange: Range<Int>? = nil, size: Int, snapshot: IndexSnapshot,
    _ body: (ArraySlice<UInt32>) -> Bool
  ) {
    var batch: [UInt32] = []
    batch.reserveCapacity(size)
    let stopped = snapshot.customOrder.withUnsafeBufferPointer { order in
      ranks.words.withUnsafeBufferPointer { words in
        let range = (wordRange ?? 0..<words.count).clamped(to: 0..<words.count)
        for index in range {
          var remaining = words[index]
          while remaining != 0 {
            let rank = index << 6 | remaining.trailingZeroBitCount
            remaining &= remaining &- 1
            guard rank < order.count else { continue }
            batch.append(order[rank])
            if batch.count == size {
              if body(batch[...]) { return true }
              batch.removeAll(keepingCapacity: true)
            }
          }
        }
        return false
      }
    }
    if !stopped, !batch.isEmpty { _ = body(batch[...]) }
  }
}
