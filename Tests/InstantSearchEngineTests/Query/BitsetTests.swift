import Testing

@testable import InstantSearchEngine

@Suite("Bitset")
struct BitsetTests {
  @Test("ranges set exactly their members, across word boundaries")
  func ranges() {
    var random = DifferentialTests.Generator(state: 0xB175)
    for _ in 0..<500 {
      let universe = random.int(1..<400)
      var bits = Bitset(universe: universe)
      var expected = Set<UInt32>()
      for _ in 0..<random.int(0..<4) {
        let lower = random.int(0..<universe)
        let upper = random.int(lower..<universe + 1)
        bits.insert(lower..<upper)
        expected.formUnion((lower..<upper).map { UInt32($0) })
      }
      #expect(bits.members == expected.sorted())
      #expect(bits.count == expected.count)
    }
  }
}
