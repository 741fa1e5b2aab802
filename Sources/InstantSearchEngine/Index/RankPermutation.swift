import InstantSearchModel

/// Each record's position in the custom ranking order (``IndexSnapshot/customRank``): given when built,
/// or, for a snapshot read from an image (which stores only the order), made from the order on first use
/// or ahead of it on a background thread (``IndexSnapshot/prepareAhead()``), whichever comes first.
/// Inverting a million-record order costs a few milliseconds (a fresh 4 MB array written at random):
/// opening an index no longer waits for it, and the queries that do not rank by it (filters ordered by
/// ``IndexSnapshot/customOrder``) never do.
final class RankPermutation: Sendable {
  private let made: MadeOnFirstUse<Column<UInt32>>
  private let order: Column<UInt32>?

  /// A permutation already made.
  init(_ rank: Column<UInt32>) {
    made = MadeOnFirstUse(rank)
    order = nil
  }

  /// The inverse of `order`, which must list each of its `order.count` records once (see
  /// ``isPermutation(_:)``), made when first asked for.
  init(inverting order: Column<UInt32>) {
    made = MadeOnFirstUse()
    self.order = order
  }

  /// The ranks (made now if no thread has made them yet; a caller that arrives while another makes them
  /// waits for those, which the background thread then finishes without pausing).
  var ranks: Column<UInt32> {
    BackgroundThread.urgently { make(pause: nil) }
  }

  /// Makes the ranks, unless a thread has: the background thread's way, pausing while queries run (see
  /// ``BackgroundThread/yieldToQueries()``).
  func prepare() {
    _ = make(pause: BackgroundThread.yieldToQueries)
  }

  private func make(pause: (() -> Void)?) -> Column<UInt32> {
    made.value { Self.inverse(of: order ?? Column(), pause: pause) }
  }

  /// Whether `order` lists each of the records `0..<order.count` exactly once: one pass with a bitset of
  /// the records seen (128 KB for a million), a fraction of the inverse's cost. The definition: a segment
  /// image's order is checked by ``ArrayStructure/permutation(count:)`` from the chunks its verification
  /// reads, which the tests hold to this.
  static func isPermutation(_ order: Column<UInt32>) -> Bool {
    var seen = [UInt64](repeating: 0, count: (order.count + 63) / 64)
    return seen.withUnsafeMutableBufferPointer { seen in
      order.withUnsafeBufferPointer { order in
        for doc in order {
          let index = Int(doc)
          guard index < order.count else { return false }
          let bit = UInt64(1) << UInt64(index & 63)
          guard seen[index >> 6] & bit == 0 else { return false }
          seen[index >> 6] |= bit
        }
        return true
      }
    }
  }

  /// The positions inverted between two pause points.
  static let pauseStride = 1 << 16

  /// Each record's position in `order` (a permutation: a record it does not list keeps rank `UInt32.max`);
  /// `pause` is called every ``pauseStride`` positions.
  private static func inverse(of order: Column<UInt32>, pause: (() -> Void)?) -> Column<UInt32> {
    var rank = [UInt32](repeating: UInt32.max, count: order.count)
    rank.withUnsafeMutableBufferPointer { rank in
      order.withUnsafeBufferPointer { order in
        var start = 0
        while start < order.count {
          pause?()
          let end = min(start + pauseStride, order.count)
          for position in start..<end where Int(order[position]) < rank.count {
            rank[Int(order[position])] = UInt32(position)
          }
          start = end
        }
      }
    }
    return Column(rank)
  }
}
