import Testing

@testable import InstantSearchEngine

@Suite("Bounded max-heap")
struct MaxHeapTests {
  @Test("keeps the smallest values offered, whatever their order, repeats included")
  func keepsSmallest() {
    var random = DifferentialTests.Generator(state: 0x4EA9)
    for _ in 0..<400 {
      let capacity = random.int(0..<40)
      // Narrow ranges repeat values; wide ones hardly do.
      let range = UInt64(random.int(1..<1_000))
      let values = (0..<random.int(0..<200)).map { _ in random.next() % range }
      var heap = MaxHeap(capacity: capacity)
      for value in values { heap.offer(value) }
      #expect(heap.sortedAscending() == Array(values.sorted().prefix(capacity)), "capacity \(capacity)")
    }
  }
}
