import Testing

@testable import InstantSearchEngine

/// ``SearchExecutor/topByCount(_:rank:limit:)``, which ranks each value by one number (its count above its
/// key's rank), against the plain definition: every value sorted by count (highest first), ties by the
/// rank of its key, the first `limit` kept.
@Suite("The values of the highest counts")
struct TopByCountTests {
  /// The plain definition.
  static func reference(
    _ pairs: [(value: Int, count: Int)], rank: [UInt32], limit: Int
  ) -> [(value: Int, count: Int)] {
    let sorted = pairs.sorted { lhs, rhs in
      lhs.count != rhs.count ? lhs.count > rhs.count : rank[lhs.value] < rank[rhs.value]
    }
    return Array(sorted.prefix(max(limit, 0)))
  }

  /// `items` in a random order (Fisher–Yates).
  static func shuffled<T>(_ items: [T], _ random: inout DifferentialTests.Generator) -> [T] {
    var items = items
    for index in items.indices.reversed() where index > 0 { items.swapAt(index, random.int(0..<index + 1)) }
    return items
  }

  @Test("the same values in the same order as a full sort, for any counts, ranks and limit")
  func matchesAFullSort() {
    var random = DifferentialTests.Generator(state: 17)
    for valueCount in [0, 1, 2, 7, 99, 100, 101, 1_000, 6_000] {
      for spread in [1, 2, 9, 1_000, 4_000_000_000] {
        // A random order of the keys, and a count for some of the values, in a random order of values.
        let ranks = Self.shuffled((0..<valueCount).map(UInt32.init), &random)
        let values = Self.shuffled(Array(0..<valueCount).filter { _ in random.int(0..<5) > 0 }, &random)
        let pairs = values.map { (value: $0, count: 1 + random.int(0..<spread)) }
        for limit in [-1, 0, 1, 3, 10, 100, 1_000, 10_000] {
          let got = SearchExecutor.topByCount(pairs, rank: Column(ranks), limit: limit)
          let expected = Self.reference(pairs, rank: ranks, limit: limit)
          #expect(got.map(\.value) == expected.map(\.value), "\(valueCount) values, spread \(spread), limit \(limit)")
          #expect(got.map(\.count) == expected.map(\.count))
        }
      }
    }
  }
}
