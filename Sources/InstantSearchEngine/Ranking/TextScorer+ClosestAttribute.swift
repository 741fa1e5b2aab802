/// `attributeCriteriaComputedByMinProximity`: the attribute criterion of a record is the attribute in
/// which its query words are closest together, rather than the best attribute any of them is found in.
///
/// The chosen attribute ranks no better than the best one any word is in, so every bound the ranking
/// stages take from the best attribute (``TextScorer/bound``, ``WalkCutoff``, ``RankingParts``) still
/// holds.
extension TextScorer {
  /// The attribute criterion (rank, plus the position in an ordered attribute) of the attribute of
  /// `tokens` in which the `held` words are closest together — the sum of the distances between
  /// consecutive held words, each at most 8 as the proximity criterion counts them — ties going to the
  /// better attribute. `nil` for fewer than two held words, where proximity says nothing.
  func closestAttribute(held: [Int], in tokens: [WalkedToken]) -> Int? {
    guard held.count > 1 else { return nil }
    var best: (proximity: Int, rank: Int)?
    var seen: Set<Int32> = []
    for token in tokens where held.contains(where: { matches(token, $0) }) {
      let node = Int(token.node)
      guard node < nodeRanks.count, nodeRanks[node] >= 0, seen.insert(token.node).inserted else { continue }
      var proximity = 0
      for (first, second) in zip(held, held.dropFirst()) {
        proximity += closestDistance(from: first, to: second, in: tokens, node: token.node)
      }
      var rank = nodeRanks[node]
      if nodeOrdered[node] {
        // In an ordered attribute, the position of its first matched word counts too.
        var first = Int32.max
        for other in tokens where other.node == token.node && held.contains(where: { matches(other, $0) }) {
          first = min(first, other.position)
        }
        rank += min(Int(first), 99_999)
      }
      if best.map({ (proximity, rank) < ($0.proximity, $0.rank) }) ?? true { best = (proximity, rank) }
    }
    return best?.rank
  }
}
