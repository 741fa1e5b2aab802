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

  /// The fewest candidates whose checks ``keep(_:passing:listing:side:sideThreshold:)`` splits between two
  /// threads when it lists them: W1's 27,593 candidates at 1M records took a fifth of this thread's time
  /// while the side thread waited; below, waking it costs about what it saves.
  static let sideKeepThreshold = 16_384

  /// Clears from `words` the records failing one of the clauses at `deferred`, and counts those left
  /// (`nil` without a clause); with `listing`, lists them too, read out in the same pass as the last
  /// clause's checks. From `sideThreshold` candidates on, with a `side` session that has or gets the
  /// thread, the second half of the words is checked there while this thread checks the first.
  @discardableResult
  func keep(
    _ words: inout [UInt64], passing deferred: [Int], listing: Bool = false, side: SideSession? = nil,
    sideThreshold: Int = sideKeepThreshold
  ) -> Kept? {
    guard !deferred.isEmpty else { return nil }
    return words.withUnsafeMutableBufferPointer { words in
      guard listing else { return Kept(docs: nil, count: keep(words, 0..<words.count, deferred, into: nil)) }
      let middle = words.count / 2
      let first = PopulationCount.of(UnsafeBufferPointer(rebasing: words[0..<middle]))
      let second = PopulationCount.of(UnsafeBufferPointer(rebasing: words[middle..<words.count]))
      // Each half's list has room for its candidates plus the two slots a word's checks may write past
      // the last record kept (see ``clear(_:_:into:_:)``).
      return Self.listed(capacity: first + second + 4) { base in
        let tail = HalfCheck(
          plan: self, deferred: deferred, words: words, range: middle..<words.count, target: base + first + 2)
        guard first + second >= sideThreshold, let beside = side?.submit({ tail.run() }) else {
          return keep(words, 0..<words.count, deferred, into: base)
        }
        let head = keep(words, 0..<middle, deferred, into: base)
        // The side thread writes the second half's list: it must be done before it is moved next to the
        // first and the array handed out.
        let kept = beside.value
        (base + head).update(from: base + first + 2, count: kept)
        return head + kept
      }
    }
  }

  /// The records `fill` lists into a new array of room for `capacity` (it gives how many it wrote), as
  /// ``Kept``.
  private static func listed(capacity: Int, _ fill: (UnsafeMutablePointer<UInt32>) -> Int) -> Kept {
    var count = 0
    let docs = [UInt32](unsafeUninitializedCapacity: capacity) { buffer, initialized in
      initialized = 0
      guard let base = buffer.baseAddress else { return }
      count = fill(base)
      initialized = count
    }
    return Kept(docs: docs, count: count)
  }

  /// Clears from `words[range]` the records failing one of the clauses at `deferred`, in turn, and gives
  /// how many are left; with a `listed` target (room for the range's candidates plus two), lists them
  /// there as the last clause is checked.
  fileprivate func keep(
    _ words: UnsafeMutableBufferPointer<UInt64>, _ range: Range<Int>, _ deferred: [Int],
    into listed: UnsafeMutablePointer<UInt32>?
  ) -> Int {
    var kept = 0
    for (position, index) in deferred.enumerated() {
      let target = position == deferred.count - 1 ? listed : nil
      let clause = clauses[index]
      if clause.count == 1, case .numeric(let numeric) = clause[0].atom, let coded = numeric.column.coded,
        let codes = numeric.codes
      {
        // One coded range: a code comparison a record, the width chosen once; a byte a record first when
        // the codes are wider (see ``RangeCodes``).
        let slices = codes.count > 0 ? numeric.column.rangeCodes : nil
        switch coded.codes {
        case .bytes(let ids): kept = Self.keep(words, range, codes: ids, in: codes, slices: nil, into: target)
        case .shorts(let ids): kept = Self.keep(words, range, codes: ids, in: codes, slices: slices, into: target)
        case .words(let ids): kept = Self.keep(words, range, codes: ids, in: codes, slices: slices, into: target)
        }
      } else {
        kept = Self.clear(words, range, into: target, ClauseCheck(clause: clause))
      }
    }
    return kept
  }

  /// Clears from `words` the records whose code is not in `range` (or who have none: the type's maximum),
  /// reading their slice first when `slices` are given; with `listing`, gives the records left. One coded
  /// range checked on one thread, as ``keep(_:passing:listing:side:sideThreshold:)`` checks one.
  static func keep<T: FixedWidthInteger>(
    _ words: inout [UInt64], codes: Column<T>, in range: Range<Int>, slices: RangeCodes?, listing: Bool
  ) -> Kept {
    words.withUnsafeMutableBufferPointer { words in
      guard listing else {
        return Kept(docs: nil, count: keep(words, 0..<words.count, codes: codes, in: range, slices: slices, into: nil))
      }
      let candidates = PopulationCount.of(UnsafeBufferPointer(words))
      return listed(capacity: candidates + 2) { base in
        keep(words, 0..<words.count, codes: codes, in: range, slices: slices, into: base)
      }
    }
  }

  /// Clears from `words[range]` the records whose code is not in `range` of codes (or who have none: the
  /// type's maximum), reading their slice first when `slices` are given; lists the records left at
  /// `listed` when given. Gives how many are left.
  fileprivate static func keep<T: FixedWidthInteger>(
    _ words: UnsafeMutableBufferPointer<UInt64>, _ range: Range<Int>, codes: Column<T>, in passing: Range<Int>,
    slices: RangeCodes?, into listed: UnsafeMutablePointer<UInt32>?
  ) -> Int {
    codes.withUnsafeBufferPointer { codes in
      let exact = CodeCheck(
        codes: codes, lower: T(truncatingIfNeeded: passing.lowerBound), count: T(truncatingIfNeeded: passing.count))
      guard let slices, !passing.isEmpty else { return clear(words, range, into: listed, exact) }
      let (first, last) = slices.ends(of: passing)
      return slices.slices.withUnsafeBufferPointer { slices in
        let check = SliceCheck(
          slices: slices, first: first, inner: UInt8(truncatingIfNeeded: max(Int(last) - Int(first) - 1, 0)),
          last: last, exact: exact)
        return clear(words, range, into: listed, check)
      }
    }
  }

  /// Clears from `words[range]` each record `check` fails, and counts those left; with a `listed` target,
  /// lists them there, written as they are checked. The target needs room for the candidates plus two.
  @inline(__always)
  private static func clear<Check: RecordCheck>(
    _ words: UnsafeMutableBufferPointer<UInt64>, _ range: Range<Int>, into listed: UnsafeMutablePointer<UInt32>?,
    _ check: Check
  ) -> Int {
    guard let listed else { return clear(words, range, check) }
    var written = 0
    for index in range where words[index] != 0 {
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
    return written
  }

  /// Clears from `words[range]` each record `check` fails, and gives how many are left (counted as they
  /// are checked, not by a population count of every word after).
  @inline(__always)
  private static func clear<Check: RecordCheck>(
    _ words: UnsafeMutableBufferPointer<UInt64>, _ range: Range<Int>, _ check: Check
  ) -> Int {
    var kept = 0
    for index in range where words[index] != 0 {
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
    return kept
  }
}

/// The second half of ``FilterPlan/keep(_:passing:listing:side:sideThreshold:)``'s words and where its
/// records go: handed to the side thread, which checks and writes them while the caller waits for it
/// inside the result's initializer and its words' buffer, so both pointers stay valid. The halves touch
/// disjoint words and disjoint parts of the list.
private struct HalfCheck: @unchecked Sendable {
  let plan: FilterPlan
  let deferred: [Int]
  let words: UnsafeMutableBufferPointer<UInt64>
  let range: Range<Int>
  let target: UnsafeMutablePointer<UInt32>

  func run() -> Int { plan.keep(words, range, deferred, into: target) }
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
