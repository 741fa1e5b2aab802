import CInstantSearchBits
import Testing

@testable import InstantSearchEngine

/// The population counts of `CInstantSearchBits`, at every level of instructions this processor has,
/// equal Swift's `nonzeroBitCount` summed: any number of words (the eight-word loop's tail under a mask),
/// any density, alone and ANDed with a second bitset.
@Suite("Population counts with the processor's instructions")
struct PopulationCountTests {
  @Test("every level this processor has, every tail length, sparse to full words")
  func everyLevelSameAsSwift() {
    var random = DifferentialTests.Generator(state: 31)
    for count in Array(0...40) + [1_000, 15_625] {
      for density in [0, 3, 50, 97, 100] {
        let first = (0..<count).map { _ in Self.word(&random, density) }
        let second = (0..<count).map { _ in Self.word(&random, density) }
        let alone = first.reduce(0) { $0 + $1.nonzeroBitCount }
        let both = zip(first, second).reduce(0) { $0 + ($1.0 & $1.1).nonzeroBitCount }
        first.withUnsafeBufferPointer { a in
          second.withUnsafeBufferPointer { b in
            for level in 0...max(PopulationCount.level, 0) {
              #expect(instantsearch_popcount_at_level(Int32(level), a.baseAddress, nil, count) == alone)
              #expect(instantsearch_popcount_at_level(Int32(level), a.baseAddress, b.baseAddress, count) == both)
            }
            #expect(PopulationCount.of(a) == alone, "\(count) words at \(density) %")
            #expect(PopulationCount.of(a, and: b) == both, "\(count) words at \(density) %")
          }
        }
      }
    }
  }

  @Test("bitsets of different lengths count over the words they share")
  func differentLengths() {
    let long = [UInt64](repeating: .max, count: 20)
    let short = [UInt64](repeating: 0b1011, count: 9)
    long.withUnsafeBufferPointer { a in
      short.withUnsafeBufferPointer { b in
        #expect(PopulationCount.of(a, and: b) == 27)
        #expect(PopulationCount.of(b, and: a) == 27)
      }
    }
    #expect(PopulationCount.of([UInt64]()) == 0)
  }

  /// A word whose bits are set with probability `density` percent.
  static func word(_ random: inout DifferentialTests.Generator, _ density: Int) -> UInt64 {
    var word: UInt64 = 0
    for bit in 0..<64 where random.int(0..<100) < density { word |= 1 << UInt64(bit) }
    return word
  }
}
