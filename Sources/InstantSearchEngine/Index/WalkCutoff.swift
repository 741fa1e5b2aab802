/// A bound on the attribute criterion that lets ``TextWalker`` stop reading a record early.
///
/// Ranking reads candidates until its top is decided. Once the worst record it keeps ties the best score
/// the remaining candidates could have on every criterion before the attribute (typos, words, proximity),
/// a candidate can only enter with an attribute rank at most that worst one's: a record none of whose query
/// words has a rank within ``limit`` is worse, whatever else it holds. The walker gives such a record up as
/// soon as no unread word of it can have a rank within the limit — typically after the first attribute and
/// the first words of the second — instead of reading all its text.
struct WalkCutoff {
  /// Whether the walk may give a record up (`false`: every record is read whole).
  let isActive: Bool
  /// The worst attribute rank that keeps a record in the running.
  let limit: Int
  /// Attribute rank base by node (-1: not searchable), and whether positions add to it.
  let nodeRanks: [Int]
  let nodeOrdered: [Bool]
  /// Per node: whether it is a top-level attribute whose subtree holds searchable text that can rank
  /// within the limit.
  let isLowTopLevel: [Bool]
  /// How many top-level attributes are low.
  let lowCount: Int
  /// How many low top-level attributes the record has not reached yet.
  var remainingLow = 0
  /// Whether a query word was read at a rank within the limit: the record stays in the running.
  var satisfied = false
  /// Whether the walk gave the record up.
  var gaveUp = false

  /// No cutoff: every record is read whole.
  static let none = WalkCutoff()

  private init() {
    isActive = false
    limit = .max
    nodeRanks = []
    nodeOrdered = []
    isLowTopLevel = []
    lowCount = 0
  }

  /// A cutoff at `limit` for records walked by `walker`, with the attribute ranks of a ``TextScorer``.
  init(limit: Int, walker: TextWalker, nodeRanks: [Int], nodeOrdered: [Bool]) {
    // A record may repeat a top-level key: reaching a top-level attribute then does not mean it is done.
    isActive = walker.leavesRecordsEarly
    self.limit = limit
    self.nodeRanks = nodeRanks
    self.nodeOrdered = nodeOrdered
    var lowTopLevel = [Bool](repeating: false, count: walker.topLevel.count)
    for node in walker.searchableNodes where node < nodeRanks.count && nodeRanks[node] >= 0 {
      let top = Int(walker.topLevel[node])
      if nodeRanks[node] <= limit, top >= 0 { lowTopLevel[top] = true }
    }
    isLowTopLevel = lowTopLevel
    lowCount = lowTopLevel.lazy.filter { $0 }.count
  }

  /// Resets the per-record state before a walk.
  mutating func start() {
    remainingLow = lowCount
    satisfied = false
    gaveUp = false
  }

  /// The last position of `node` whose words rank within the limit (the attribute rank of a word being
  /// its node's base, plus its position capped at 99,999 when the node is ordered, as ``TextScorer``
  /// computes it): -1 for none, `Int32.max` for all.
  func lastPositionWithin(node: Int) -> Int32 {
    let base = nodeRanks[node]
    guard base <= limit else { return -1 }
    guard nodeOrdered[node], limit - base < 99_999 else { return .max }
    return Int32(limit - base)
  }
}
