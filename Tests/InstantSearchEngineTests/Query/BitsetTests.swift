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

  @Test("a split gives the members inside and outside another set, counted, whatever its size")
  func split() {
    var random = DifferentialTests.Generator(state: 0x5B17)
    for _ in 0..<300 {
      let universe = random.int(1..<400)
      let members = (0..<UInt32(universe)).filter { _ in random.bool() }
      // The other set may be smaller than this one (a set built for fewer records).
      let otherUniverse = random.int(0..<universe + 1)
      let other = (0..<UInt32(otherUniverse)).filter { _ in random.int(0..<3) == 0 }
      let (inside, insideCount, outside, outsideCount) =
        Bitset(universe: universe, members).split(by: Bitset(universe: otherUniverse, other), count: members.count)
      let otherSet = Set(other)
      #expect(inside.members == members.filter { otherSet.contains($0) })
      #expect(outside.members == members.filter { !otherSet.contains($0) })
      #expect(insideCount == inside.count && outsideCount == outside.count)
    }
  }

  @Test("decoding reads every set bit, or every clear bit below the universe, at any density")
  func decoding() {
    var random = DifferentialTests.Generator(state: 0xDEC0)
    for _ in 0..<300 {
      let universe = random.int(1..<700)
      // From nearly empty to nearly full words: the unconditional writes of 8 and 16 positions, and the
      // loop past 16 bits.
      let density = random.int(1..<65)
      let members = (0..<UInt32(universe)).filter { _ in random.int(0..<64) < density }
      let bits = Bitset(universe: universe, members)
      let clear = (0..<UInt32(universe)).filter { !bits.contains($0) }
      bits.words.withUnsafeBufferPointer { words in
        #expect(Bitset.decode(words, count: members.count) == members)
        #expect(Bitset.decode(words, count: clear.count, inverted: true, universe: universe) == clear)
        // A count too small stops early with a prefix; one too large gives what there is.
        let short = random.int(0..<members.count + 1)
        let prefix = Bitset.decode(words, count: short)
        #expect(prefix.count <= short && members.starts(with: prefix))
        #expect(Bitset.decode(words, count: members.count + 40) == members)
      }
    }
  }
}
