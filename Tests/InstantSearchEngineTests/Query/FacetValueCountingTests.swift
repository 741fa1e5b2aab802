import Testing

@testable import InstantSearchEngine

/// Facet values counted over match sets with interleaved histograms: the counts and the values seen are
/// those of a plain count, for byte, short and word ids, with records that have no value.
@Suite("Facet value counting")
struct FacetValueCountingTests {
  @Test("random columns of 3 to 70,000 values over random record sets: the same as a plain count")
  func sameAsPlainCount() {
    var random = DifferentialTests.Generator(state: 23)
    for valueCount in [1, 3, 10, 254, 300, 4096, 5_000, 70_000] {
      let recordCount = random.int(1..<3_000)
      let ids: [UInt32] = (0..<recordCount).map { _ in
        random.int(0..<10) == 0 ? UInt32.max : UInt32(random.int(0..<valueCount))
      }
      let column = NarrowIDs(ids, valueCount: valueCount)
      let docs = (0..<UInt32(recordCount)).filter { _ in random.bool() }
      var counts = [Int32](repeating: 0, count: valueCount)
      var seen: [Int] = []
      counts.withUnsafeMutableBufferPointer { column.count(docs, into: $0, firstSeen: &seen) }
      var expected = [Int32](repeating: 0, count: valueCount)
      for doc in docs where ids[Int(doc)] != UInt32.max { expected[Int(ids[Int(doc)])] += 1 }
      #expect(counts == expected, "\(valueCount) values")
      #expect(seen.sorted() == expected.indices.filter { expected[$0] > 0 }, "\(valueCount) values")
      #expect(Set(seen).count == seen.count)
    }
  }
}
