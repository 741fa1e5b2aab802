import InstantSearchModel

/// The facets of matches left in their bitset, counted by two threads in parts: an attribute of few
/// values counted member by member over many matches is cut in two ranges of words, one part each, so
/// that the longest count is not one thread's alone (the 451,527 matches of the English catalog's
/// keystroke `g` at 1M: their 500 brands took the side thread twice what the colors and categories took
/// this one); other attributes are one part. As in ``FacetShare``, the side thread takes parts from the
/// front (the heaviest first) and the caller from the back, and the caller merges them once both are done.
final class MemberFacetShare: Sendable {
  /// A range of words of one attribute's counting.
  struct Part: Sendable {
    /// The attribute's position in ``paths``.
    let path: Int
    /// The words counted (`nil`: every word, the column choosing how to count them).
    let words: Range<Int>?
  }

  /// Value ids and how many members hold each, in increasing value order.
  typealias ValueCounts = [(value: Int, count: Int)]

  /// The attributes, in the order the query asks for them.
  let paths: [String]
  /// The parts, heaviest first.
  let parts: [Part]
  private let taken: TwoEndedTake
  private let counted: Locked<[Stored?]>

  /// What a part's counting left: its values' counts, or, for an attribute of many values counted whole,
  /// what a response shows of it (see ``SearchExecutor/countedFromMembers(_:path:members:count:resolved:)``).
  enum Stored: Sendable {
    case pairs(ValueCounts)
    case counted(FacetShare.Counted)
  }

  /// The fewest matches from which an attribute counted member by member is cut in two parts.
  static let splitThreshold = 65_536

  /// A share of the `paths` of `snapshot` over the `count` members of `bits`, attributes counted member by
  /// member cut in two from `splitThreshold` members on.
  init(paths: [String], snapshot: IndexSnapshot, bits: Bitset, count: Int, splitThreshold: Int = splitThreshold) {
    self.paths = paths
    let middle = bits.words.count / 2
    var weighed: [(part: Part, weight: Int)] = []
    for (position, path) in paths.enumerated() {
      let column = snapshot.facets[path]
      // A column of many values (a price's tens of thousands) stays whole: each part lists every value it
      // counts, and adding two lists of 60,000 values took a third of what the cut saved.
      guard let column, count >= splitThreshold, column.valueCount * 8 <= count,
        column.countsByMembers(bits, count: count)
      else {
        weighed.append((Part(path: position, words: nil), column?.valueCount ?? 0))
        continue
      }
      // Each half weighs what a column of half the records would.
      let weight = column.recordCountingCost(count) / 2
      weighed.append((Part(path: position, words: 0..<middle), weight))
      weighed.append((Part(path: position, words: middle..<bits.words.count), weight))
    }
    parts = weighed.enumerated().sorted { ($0.element.weight, $1.offset) > ($1.element.weight, $0.offset) }
      .map(\.element.part)
    taken = TwoEndedTake(count: parts.count)
    counted = Locked([Stored?](repeating: nil, count: parts.count))
  }

  /// The position of a part nobody has taken yet, from the front or from the back; `nil` when every part
  /// is taken.
  func take(fromFront: Bool) -> Int? {
    taken.take(fromFront: fromFront)
  }

  /// Keeps the value counts of the part at `position`, in increasing value order.
  func store(_ pairs: ValueCounts, at position: Int) {
    counted.withLock { $0[position] = .pairs(pairs) }
  }

  /// Keeps what a response shows of the attribute of the part at `position`, counted whole.
  func store(counted: FacetShare.Counted, at position: Int) {
    self.counted.withLock { $0[position] = .counted(counted) }
  }

  /// What a response shows of each attribute counted whole into it (by position in ``paths``).
  func finished() -> [Int: FacetShare.Counted] {
    let all = counted.withLock { $0 }
    var finished: [Int: FacetShare.Counted] = [:]
    for (part, stored) in zip(parts, all) {
      if case .counted(let counts)? = stored { finished[part.path] = counts }
    }
    return finished
  }

  /// The value counts of each attribute counted into lists (by position in ``paths``), its parts added
  /// together, in increasing value order (once both threads are done).
  func merged() -> [Int: ValueCounts] {
    let all = counted.withLock { $0 }
    var merged: [Int: ValueCounts] = [:]
    for (part, stored) in zip(parts, all) {
      guard case .pairs(let pairs)? = stored else { continue }
      merged[part.path] = merged[part.path].map { Self.sum($0, pairs) } ?? pairs
    }
    return merged
  }

  /// Two lists of value counts in increasing value order, added value by value.
  static func sum(_ first: ValueCounts, _ second: ValueCounts) -> ValueCounts {
    var sum: ValueCounts = []
    sum.reserveCapacity(first.count + second.count)
    var (left, right) = (0, 0)
    while left < first.count || right < second.count {
      if right == second.count || (left < first.count && first[left].value < second[right].value) {
        sum.append(first[left])
        left += 1
      } else if left == first.count || second[right].value < first[left].value {
        sum.append(second[right])
        right += 1
      } else {
        sum.append((first[left].value, first[left].count + second[right].count))
        left += 1
        right += 1
      }
    }
    return sum
  }
}
