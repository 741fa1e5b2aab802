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
    if !criteria.isEmpty {
      order.sort { lhs, rhs in
        for criterion in criteria {
          let left = criterion.column.firstValue(Int(lhs))
          let right = criterion.column.firstValue(Int(rhs))
          switch (left, right) {
          case (nil, nil): continue
          case (nil, _): return false
          case (_, nil): return true
          case (let left?, let right?):
            if left != right { return criterion.ascending ? left < right : left > right }
          }
        }
        return lhs < rhs
      }
    }
    var rank = [UInt32](repeating: 0, count: count)
    for (position, doc) in order.enumerated() { rank[Int(doc)] = UInt32(position) }
    return (rank, order)
  }
}
