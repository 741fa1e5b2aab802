import Dispatch
import Testing

@testable import InstantSearchEngine

/// A part read on two threads must give the same top as one read in turn, whether the side thread helps
/// from the start, starts late or never starts.
@Suite("Parts read on two threads")
struct SharedPartReadingTests {
  @Test("chunks are claimed once each, in increasing order, until the reading stops")
  func claiming() {
    let reading = SharedPartReading(ranks: 5 * SharedPartReading.chunkRanks + 1)
    #expect(reading.chunks == 6)
    #expect(reading.claim() == 0)
    #expect(reading.claim() == 1)
    reading.stop()
    #expect(reading.claim() == nil)
    let all = SharedPartReading(ranks: 2 * SharedPartReading.chunkRanks)
    #expect([all.claim(), all.claim(), all.claim()] == [0, 1, nil])
  }

  @Test("a sparse part's chunks hold some 64 of its records, never fewer than 1,024 ranks nor more than all")
  func chunkSizes() {
    // 1,544 records among a million: 41,451 ranks hold 64 of them on average, rounded up to 64.
    #expect(SharedPartReading.chunkRanks(records: 1_544, among: 1_000_000) == 41_472)
    #expect(SharedPartReading.chunkRanks(records: 500_000, among: 1_000_000) == SharedPartReading.chunkRanks)
    #expect(SharedPartReading.chunkRanks(records: 10, among: 100_000) == 100_032)
    #expect(SharedPartReading.chunkRanks(records: 0, among: 100_000) == SharedPartReading.chunkRanks)
    #expect(SharedPartReading.chunkRanks(records: 1, among: 10) == SharedPartReading.chunkRanks)
    let reading = SharedPartReading(ranks: 1_000_000, chunkRanks: 41_472)
    #expect(reading.chunks == 25)
  }

  @Test("a side reader abandoned before it starts never reads; one that started is waited for")
  func abandoning() {
    let early = SharedPartReading(ranks: 10)
    #expect(early.abandon())
    #expect(!early.startSide())
    let started = SharedPartReading(ranks: 10)
    #expect(started.startSide())
    #expect(!started.abandon())
    started.finishSide()
    #expect(!started.abandon())
  }

  @Test("each part's top read on two threads in small chunks is the part's exact top", arguments: [UInt64(3), 41])
  func partTops(seed: UInt64) throws {
    var compared = 0
    var chunked = 0
    for item in try RankingStrategyTests.cases(seed: seed, attributes: 1, count: 60) {
      let (scorer, matches, snapshot) = (item.scorer, item.matches, item.snapshot)
      guard !item.words.isEmpty, matches.count > 40 else { continue }
      let parts = RankingParts(words: item.words, matches: matches, snapshot: snapshot, bound: scorer.bound)
      for part in parts.parts where part.count > 0 {
        let exact = TextScorer.best(scorer.scoreAll(part.sortedMembers), count: 15, rank: snapshot.customRank)
        for chunkRanks in [64, 256] {
          let thread = SideThread(label: "test.partTops")
          let shared = thread.withSession {
            scorer.bestOnTwoThreads(in: part, count: 15, worst: nil, side: $0, chunkRanks: chunkRanks)
          }
          #expect(shared.map(\.doc) == exact.map(\.doc), "\(item.text): part of \(part.count), chunks of \(chunkRanks)")
          compared += 1
          if part.count > chunkRanks / 32 { chunked += 1 }
        }
      }
    }
    #expect(compared > 40)
    #expect(chunked > 20)
  }

  @Test("the top of multi-word queries read on two threads equals the top read in turn", arguments: [UInt64(5), 23])
  func sameTop(seed: UInt64) throws {
    var compared = 0
    for item in try RankingStrategyTests.cases(seed: seed, attributes: 0, count: 120) {
      let (text, scorer, matches) = (item.text, item.scorer, item.matches)
      guard item.words.count >= SharedPartReading.fewestWords, matches.count >= SharedPartReading.smallestPart
      else { continue }
      for count in [1, 20, 70] {
        let expected = scorer.best(of: matches, count: count)
        let thread = SideThread(label: "test.sharedReading")
        let shared = thread.withSession { scorer.best(of: matches, count: count, side: $0) }
        #expect(shared.map(\.doc) == expected.map(\.doc), "\(text), \(count)")
        #expect(shared.map(\.score) == expected.map(\.score), "\(text), \(count)")
        // The side thread busy with earlier work of the session: the caller reads alone, then abandons
        // the side reader, which does nothing once it runs.
        let release = DispatchSemaphore(value: 0)
        let alone = thread.withSession { session in
          _ = session.submit { release.wait() }
          return scorer.best(of: matches, count: count, side: session)
        }
        release.signal()
        thread.drain()
        #expect(alone.map(\.doc) == expected.map(\.doc), "\(text), \(count), side busy")
        compared += 1
      }
    }
    #expect(compared > 20)
  }
}
