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

  /// The records a pass of ``FilterPlan/keep(_:passing:listing:)`` left: how many, and, when asked for,
  /// which (in increasing order).
  struct Kept {
    var docs: [UInt32]?
    var count: Int
  }

  /// Clears from `words` the records failing one of the clauses at `deferred`, and counts those left
  /// (`nil` without a clause); with `listing`, lists them too, read out in the same pass as the last
  /// clause's checks.
  @discardableResult
  func keep(_ words: inout [UInt64], passing deferred: [Int], listing: Bool = false) -> Kept? {
    var listed: Kept?
    for (position, index) in deferred.enumerated() {
      let lists = listing && position == deferred.count - 1
      let clause = clauses[index]
      if clause.count == 1, case .numeric(let numeric) = clause[0].atom, let coded = numeric.column.coded,
        let codes = numeric.codes
      {
        // One coded range: a code comparison a record, the width chosen once; a byte a record first when
        // the codes are wider (see ``RangeCodes``).
        let slices = codes.count > 0 ? numeric.column.rangeCodes : nil
        switch coded.codes {
        case .bytes(let ids): listed = Self.keep(&words, codes: ids, in: codes, slices: nil, listing: lists)
        case .shorts(let ids): listed = Self.keep(&words, codes: ids, in: codes, slices: slices, listing: lists)
        case .words(let ids): listed = Self.keep(&words, codes: ids, in: codes, slices: slices, listing: lists)
        }
      } else {
        listed = Self.clear(&words, listing: lists, ClauseCheck(clause: clause))
      }
    }
    return listed
  }

  /// Clears from `words` the records whose code is not in `range` (or who have none: the type's maximum),
  /// reading their slice first when `slices` are given; with `listing`, gives the records left.
  static func keep<T: FixedWidthInteger>(
    _ words: inout [UInt64], codes: Column<T>, in range: Range<Int>, slices: RangeCodes?, listing: Bool
  ) -> Kept {
    codes.withUnsafeBufferPointer { codes in
      let exact = CodeCheck(
        codes: codes, lower: T(truncatingIfNeeded: range.lowerBound), count: T(truncatingIfNeeded: range.count))
      guard let slices, !range.isEmpty else { return clear(&words, listing: listing, exact) }
      let (first, last) = slices.ends(of: range)
      return slices.slices.withUnsafeBufferPointer { slices in
        let check = SliceCheck(
          slices: slices, first: first, inner: UInt8(truncatingIfNeeded: max(Int(last) - Int(first) - 1, 0)),
          last: last, exact: exact)
        return clear(&words, listing: listing, check)
      }
    }
  }

  /// Clears from `words` each record `check` fails, and counts those left; with `listing`, lists them,
  /// written as they are checked.
  @inline(__always)
  private static func clear<Check: RecordCheck>(_ words: inout [UInt64], listing: Bool, _ check: Check) -> Kept {
    guard listing else { return Kept(docs: nil, count: clear(&words, check)) }
    let candidates = words.reduce(0) { $0 &+ $1.nonzeroBitCount }
    var listed = [UInt32](repeating: 0, count: candidates + 2)
    var written = 0
    listed.withUnsafeMutableBufferPointer { listed in
      words.withUnsafeMutableBufferPointer { words in
        for index in words.indices where words[index] != 0 {
          var word = words[index]
          var remaining = word
          let base = index &* 64
          // A word's first two candidates without a branch on how many it has (W1's 27,593 candidates
          // over 15,625 words: two or fewer in most). The loop that exits after each word's last one ran
          // at 16% or 27% of W1's samples depending on where the code landed; this form at 16-17% in
          // both. A slot past the last candidate checks the word's first record, keeps nothing and
          // clears nothing; every slot writes at `written`, which stays below the candidates counted
          // above plus two.
          for _ in 0..<2 {
            let absent = remaining == 0
            let bit = remaining.trailingZeroBitCount & 63
            let failed = check.fails(base &+ bit)
            listed[written] = UInt32(truncatingIfNeeded: base &+ bit)
            written &+= (failed || absent) ? 0 : 1
            word &= ~(UInt64(failed && !absent ? 1 : 0) << UInt64(bit))
            remaining &= remaining &- 1
          }
          while remaining != 0 {
            let bit = remaining.trailingZeroBitCount
            let doc = base &+ bit
            let failed = check.fails(doc)
            // Written whether it passes or not, kept by counting it.
            listed[written] = UInt32(truncatingIfNeeded: doc)
            written &+= failed ? 0 : 1
            word &= ~(UInt64(failed ? 1 : 0) << UInt64(bit))
            remaining &= remaining &- 1
          }
          words[index] = word
        }
      }
    }
    listed.removeLast(listed.count - written)
    return Kept(docs: listed, count: written)
  }

  /// Clears from `words` each record `check` fails, and gives how many are left (counted as they are
  /// checked, not by a population count of every word after).
  @inline(__always)
  private static func clear<Check: RecordCheck>(_ words: inout [UInt64], _ check: Check) -> Int {
    var kept = 0
    words.withUnsafeMutableBufferPointer { words in
      for index in words.indices where words[index] != 0 {
        var word = words[index]
        var remaining = word
        while remaining != 0 {
          let bit = remaining.trailingZeroBitCount
          // Without a branch: whether a record passes is as good as random.
          let failed = UInt64(check.fails(index &* 64 &+ bit) ? 1 : 0)
          word &= ~(failed << UInt64(bit))
          kept &+= 1 &- Int(failed)
          remaining &= remaining &- 1
        }
        words[index] = word
      }
    }
    return kept
  }
}

/// A test of one record, passed by type so that the loops of ``FilterPlan/keep(_:passing:listing:)`` are
/// made for each test with the test inlined, rather than calling a closure a record.
private protocol RecordCheck {
  /// Whether record `doc` fails.
  func fails(_ doc: Int) -> Bool
}

/// A coded range: `code - lower < count` in unsigned arithmetic tests both bounds; no code reaches the
/// maximum (no value) through a range, which `count` never covers.
private struct CodeCheck<T: FixedWidthInteger>: RecordCheck {
  let codes: UnsafeBufferPointer<T>
  let lower: T
  let count: T

  @inline(__always)
  func fails(_ doc: Int) -> Bool {
    let code = codes[doc]
    return code == T.max || code &- lower >= count
  }
}

/// A coded range read through the records' slices (see ``RangeCodes``): slices strictly between the two
/// ends pass (`slice - (first + 1) < inner`, unsigned, where `inner` counts them), the ends read the code,
/// every other slice fails (``RangeCodes/none`` among them).
private struct SliceCheck<T: FixedWidthInteger>: RecordCheck {
  let slices: UnsafeBufferPointer<UInt8>
  let first: UInt8
  let inner: UInt8
  let last: UInt8
  let exact: CodeCheck<T>

  @inline(__always)
  func fails(_ doc: Int) -> Bool {
    let slice = slices[doc]
    // One branch, on an end (a few records in a hundred): whether a record is inside is as good as
    // random, and stays a value.
    let outside = slice &- (first &+ 1) >= inner
    if slice == first || slice == last { return exact.fails(doc) }
    return outside
  }
}

/// Any clause, tested literal by literal.
private struct ClauseCheck: RecordCheck {
  let clause: [FilterPlan.Literal]

  @inline(__always)
  func fails(_ doc: Int) -> Bool { !clause.contains { FilterPlan.test($0, doc) } }
}
