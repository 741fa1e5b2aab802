import Dispatch
import Testing

@testable import InstantSearchEngine

/// Members read out of a bitset on two threads must be those read on one, whatever the density and
/// wherever the halves split.
@Suite("Bitsets decoded on two threads")
struct BitsetSideDecodingTests {
  @Test("members decoded beside equal members decoded in turn, at every density", arguments: [1, 2, 3, 5, 64])
  func sameMembers(oneIn: Int) {
    var random = DifferentialTests.Generator(state: UInt64(oneIn) * 7_919)
    let thread = SideThread(label: "test.sideDecoding")
    for universe in [Bitset.sideDecodingThreshold * 3 + 17, Bitset.sideDecodingThreshold * 64 + 64] {
      // Dense runs, empty stretches (a half may hold nothing) and scattered records.
      var docs: [UInt32] = []
      for doc in 0..<universe where random.int(0..<oneIn) == 0 && !(doc > universe / 3 && doc < universe / 2) {
        docs.append(UInt32(doc))
      }
      let bits = Bitset(universe: universe, docs)
      let expected = bits.members
      #expect(Self.firstDifference(expected, docs) == nil && expected.count == docs.count)
      let beside = thread.withSession { bits.members(side: $0) }
      // Compared by count and first difference: a failing comparison of whole arrays would print millions.
      #expect(beside.count == expected.count, "one in \(oneIn), \(universe) records")
      #expect(Self.firstDifference(beside, expected) == nil, "one in \(oneIn), \(universe) records")
      // With the side thread held by other work, the caller decodes both halves.
      let release = DispatchSemaphore(value: 0)
      let busy = thread.start { release.wait() }
      let alone = thread.withSession { bits.members(side: $0) }
      #expect(alone.count == expected.count)
      #expect(Self.firstDifference(alone, expected) == nil)
      release.signal()
      _ = busy?.value
    }
  }

  /// The first position where `left` and `right` differ, with both values, or `nil`.
  static func firstDifference(_ left: [UInt32], _ right: [UInt32]) -> String? {
    for index in 0..<min(left.count, right.count) where left[index] != right[index] {
      return "at \(index): \(left[index]) vs \(right[index])"
    }
    return nil
  }
}
