import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// The two read-outs of match sets written into exact-size storage: a bitset's members, and the records a
/// sorted list misses (counted instead of the matches when most records match).
@Suite("Match set read-outs")
struct MatchSetReadOutTests {
  @Test("members and complements of random sets, any universe size and density, equal plain set algebra")
  func sameAsSetAlgebra() {
    var random = DifferentialTests.Generator(state: 21)
    for trial in 0..<200 {
      let universe = random.int(0..<700)
      let density = [0, 1, 10, 50, 90, 99, 100][trial % 7]
      let records = (0..<UInt32(universe)).filter { _ in random.int(0..<100) < density }
      let bits = Bitset(universe: universe, records)
      #expect(bits.members == records)
      let expected = (0..<UInt32(universe)).filter { !Set(records).contains($0) }
      #expect(SearchExecutor.complement(of: records, universe: universe) == expected, "universe \(universe)")
    }
  }

  @Test("the complement counted for facets is the same read from the matches' bitset as from their list")
  func complementFromBits() throws {
    let records: [[String: JSON]] = (0..<300).map { ["objectID": .string("r\($0)"), "brand": .string("b\($0 % 7)")] }
    let index = try Fixture.index(records, settings: ["attributesForFaceting": ["brand"]])
    let snapshot = try #require(index.view.soleSnapshot)
    let executor = SearchExecutor(snapshot: snapshot, query: Query())
    var random = DifferentialTests.Generator(state: 0xC0B1)
    for _ in 0..<50 {
      let density = random.int(60..<101)
      let matches = (0..<UInt32(300)).filter { _ in random.int(0..<100) < density }
      let bits = Bitset(universe: 300, matches)
      let fromList = executor.complementWhenSmaller(matches, paths: ["brand"])
      #expect(executor.complementWhenSmaller(matches, paths: ["brand"], bits: bits) == fromList, "\(density) %")
      // A bitset of another universe is not read.
      let other = Bitset(universe: 900, matches)
      #expect(executor.complementWhenSmaller(matches, paths: ["brand"], bits: other) == fromList)
    }
  }
}
