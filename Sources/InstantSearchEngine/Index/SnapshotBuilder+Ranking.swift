extension SnapshotBuilder {
  /// The records sorted by the settings' ranking criteria (`order`: the sort criteria at the head of
  /// `ranking`, then `customRanking`) and each record's position in that order (`rank`).
  static func customRanking(
    count: Int, settings: IndexSettings, numerics: [String: NumericColumn]
  ) -> (rank: [UInt32], order: [UInt32]) {
    customRanking(count: count, criteria: RankingOrder(settings: settings).criteria, numerics: numerics)
  }

  /// The records sorted by `criteria` (`order`) and each record's position in that order (`rank`);
  /// records without a value come last for a criterion, and ties keep record order.
  static func customRanking(
    count: Int, criteria: [IndexSettings.CustomRankingCriterion], numerics: [String: NumericColumn]
  ) -> (rank: [UInt32], order: [UInt32]) {
    let criteria = criteria.compactMap { criterion in
      numerics[criterion.path].map { (column: $0, ascending: criterion.isAscending) }
    }
    var order = Array(0..<UInt32(count))
    // Stable sorts from the last criterion to the first: ties on one fall back to the next, then to record
    // order. A record without a value gets the largest key (no finite number's key, ascending or flipped).
    for criterion in criteria.reversed() {
      RadixSort.sort(&order) { doc in
        guard let value = criterion.column.firstValue(Int(doc)) else { return UInt64.max }
        let key = RadixSort.key(value)
        return criterion.ascending ? key : ~key
      }
    }
    var rank = [UInt32](repeating: 0, count: count)
    for (position, doc) in order.enumerated() { rank[Int(doc)] = UInt32(position) }
    return (rank, order)
  }
}
