/// Clauses left out of a query's bitset and checked on the records that remain instead.
///
/// When the matches of a query are found as bitsets ANDed together, a wide numeric range (`price:50 TO
/// 500` over a million records) costs hundreds of thousands of bit insertions to build, while the other
/// restrictions — a few brands, the query's words — may leave only a few thousand records. Testing those
/// records' numbers (a code comparison each, see ``CodedNumbers``) is then far cheaper than the range's
/// bitset, and the answer is the same.
extension FilterPlan {
  /// The clauses worth checking record by record after the others, when the other restrictions leave
  /// about `survivors` records: clauses of positive numeric literals only, matching at least four times
  /// as many records (so building their bitset costs more than testing the survivors). Never every
  /// clause: at least one stays a bitset.
  func deferrableClauses(survivors: Int) -> [Int] {
    var deferred: [Int] = []
    for (index, clause) in clauses.enumerated() {
      let numericOnly = clause.allSatisfy { literal in
        guard case .numeric = literal.atom else { return false }
        return !literal.isNegated
      }
      guard numericOnly, !clause.isEmpty else { continue }
      if survivors.multipliedReportingOverflow(by: 4).partialValue < estimate(clause: clause) {
        deferred.append(index)
      }
    }
    return deferred.count < clauses.count ? deferred : []
  }

  /// How many records the clauses other than `deferred` match at most (the smallest estimate).
  func smallestEstimate(skipping deferred: [Int]) -> Int {
    var smallest = universe
    for (index, clause) in clauses.enumerated() where !deferred.contains(index) {
      smallest = min(smallest, estimate(clause: clause))
    }
    return smallest
  }

  /// Clears from `words` the records failing one of the clauses at `deferred`.
  func keep(_ words: inout [UInt64], passing deferred: [Int]) {
    for index in deferred {
      let clause = clauses[index]
      if clause.count == 1, case .numeric(let numeric) = clause[0].atom, let coded = numeric.column.coded,
        let codes = numeric.codes
      {
        // One coded range: a code comparison a record, the width chosen once.
        switch coded.codes {
        case .bytes(let ids): Self.keep(&words, codes: ids, in: codes)
        case .shorts(let ids): Self.keep(&words, codes: ids, in: codes)
        case .words(let ids): Self.keep(&words, codes: ids, in: codes)
        }
      } else {
        Self.clear(&words) { doc in !clause.contains { Self.test($0, doc) } }
      }
    }
  }

  /// Clears from `words` the records whose code is not in `range` (or who have none: the type's maximum).
  private static func keep<T: FixedWidthInteger>(_ words: inout [UInt64], codes: Column<T>, in range: Range<Int>) {
    codes.withUnsafeBufferPointer { codes in
      let lower = T(truncatingIfNeeded: range.lowerBound)
      let count = T(truncatingIfNeeded: range.count)
      // `code - lower < count` in unsigned arithmetic tests both bounds; no code reaches the maximum
      // through a range, which `count` never covers.
      clear(&words) { doc in
        let code = codes[doc]
        return code == T.max || code &- lower >= count
      }
    }
  }

  /// Clears from `words` each record for which `fails` is true.
  @inline(__always)
  private static func clear(_ words: inout [UInt64], _ fails: (Int) -> Bool) {
    words.withUnsafeMutableBufferPointer { words in
      for index in words.indices where words[index] != 0 {
        var word = words[index]
        var remaining = word
        while remaining != 0 {
          let bit = remaining.trailingZeroBitCount
          // Without a branch: whether a record passes is as good as random.
          let failed = UInt64(fails(index &* 64 &+ bit) ? 1 : 0)
          word &= ~(failed << UInt64(bit))
          remaining &= remaining &- 1
        }
        words[index] = word
      }
    }
  }
}
