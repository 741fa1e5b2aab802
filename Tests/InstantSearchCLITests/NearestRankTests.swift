import Testing

@testable import InstantSearchCLI

/// Percentiles of timings by nearest rank: a p99 of fewer than 100 samples is the slowest one.
@Suite("Nearest-rank percentiles")
struct NearestRankTests {
  @Test("p50, p90 and p99 of 1, 2, 15, 18, 100 and 1,000 samples")
  func ranks() {
    let eighteen = Array(1...18)
    #expect(NearestRank.percentile(0.99, of: eighteen) == 18)
    #expect(NearestRank.percentile(0.5, of: eighteen) == 9)
    #expect(NearestRank.percentile(0.9, of: Array(1...15)) == 14)
    #expect(NearestRank.percentile(0.99, of: [7]) == 7)
    #expect(NearestRank.percentile(0.5, of: [7]) == 7)
    #expect(NearestRank.percentile(0.99, of: [3, 9]) == 9)
    #expect(NearestRank.percentile(0.99, of: Array(1...100)) == 99)
    #expect(NearestRank.percentile(0.99, of: Array(1...1_000)) == 990)
    #expect(NearestRank.percentile(0.99, of: [Int]()) == nil)
  }
}
