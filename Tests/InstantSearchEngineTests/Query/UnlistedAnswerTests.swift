import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// Many matches held by a bitset are ranked from it while the side thread reads them out for the facets:
/// the answers are those of the matches read out first and ranked in turn.
@Suite("Matches ranked from their bitset, read out beside")
struct UnlistedAnswerTests {
  @Test("hits, nbHits, pages, facets and statistics equal those of the matches read out first")
  func sameAnswers() throws {
    let snapshot = try FacetShareTests.index().snapshot
    let thread = SideThread(label: "test.unlisted")
    var answered = 0
    var unfaceted = 0
    for text in ["l", "la", "s", "st", "desk s", "wood l", "lamp", "chair t", "ta"] {
      for filters in [nil, "price < 170", "NOT size:S", "price >= 250"] {
        for (page, facets) in [(0, ["brand", "color", "size", "price"]), (2, ["size"]), (1, [])] {
          let query = Fixture.query(text) {
            $0.facets = facets
            $0.filters = filters
            $0.page = page
            $0.maxValuesPerFacet = 25
          }
          let label = "\(text) \(filters ?? "") page \(page) \(facets)"
          let executor = SearchExecutor(snapshot: snapshot, query: query, sideThread: thread)
          let resolved = try executor.resolve()
          let words = executor.queryWords(typo: resolved.typoTolerance)
          let plan = FilterPlan(clauses: try LegacyFilterParser.clauses(of: query), snapshot: snapshot)
          guard
            case .unlisted(let bits, let count) = executor.matchSet(
              words: words, filters: plan, side: nil, listing: false)
          else { continue }
          #expect(bits.count == count, "\(label)")
          let unlisted = try thread.withSession { side throws(EngineError) in
            try executor.answer(unlisted: bits, count: count, words: words, resolved: resolved, side: side)
          }
          // Read out first and ranked in turn, without a side thread.
          var inTurn = SearchExecutor(snapshot: snapshot, query: query)
          inTurn.sideThread = nil
          inTurn.ranking = .customOrder
          let expected = try inTurn.run()
          guard let response = unlisted else { continue }
          answered += 1
          if facets.isEmpty { unfaceted += 1 }
          #expect(response.hits == expected.hits, "\(label)")
          #expect(response.nbHits == expected.nbHits, "\(label)")
          #expect(response.nbPages == expected.nbPages, "\(label)")
          #expect(response.facets == expected.facets, "\(label)")
          #expect(response.facetsStats == expected.facetsStats, "\(label)")
        }
      }
    }
    // Enough queries take the bitset path, some without facets (nothing read out at all).
    #expect(answered >= 20)
    #expect(unfaceted >= 5)
  }

  @Test("without a side thread, or with most records matching, the matches are read out here")
  func declines() throws {
    let snapshot = try FacetShareTests.index().snapshot
    let query = Fixture.query("l") { $0.facets = ["brand"] }
    let executor = SearchExecutor(snapshot: snapshot, query: query, sideThread: nil)
    let resolved = try executor.resolve()
    let words = executor.queryWords(typo: resolved.typoTolerance)
    let plan = FilterPlan(clauses: [], snapshot: snapshot)
    guard
      case .unlisted(let bits, let count) = executor.matchSet(words: words, filters: plan, side: nil, listing: false)
    else {
      Issue.record("\"l\" matches many records: a bitset")
      return
    }
    #expect(try executor.answer(unlisted: bits, count: count, words: words, resolved: resolved, side: nil) == nil)
    // Every record matching: the facets are counted from the missing ones.
    var every = bits
    every.insert(0..<snapshot.recordCount)
    let thread = SideThread(label: "test.unlisted.every")
    let answer = try thread.withSession { side throws(EngineError) in
      try executor.answer(
        unlisted: every, count: snapshot.recordCount, words: words, resolved: resolved, side: side)
    }
    #expect(answer == nil)
  }
}
