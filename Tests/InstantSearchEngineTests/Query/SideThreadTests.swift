import Dispatch
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

@Suite("Side thread")
struct SideThreadTests {
  @Test("work runs on the side thread, which takes no other work until it is done")
  func oneAtATime() {
    let thread = SideThread(label: "test.oneAtATime")
    let release = DispatchSemaphore(value: 0)
    let held = thread.start { () -> Int in
      release.wait()
      return 41
    }
    #expect(held != nil)
    // Busy: the caller is told to do the work itself.
    #expect(thread.start { 0 } == nil)
    release.signal()
    #expect(held?.value == 41)
    // A value read twice does not wait twice.
    #expect(held?.value == 41)
    // Idle again once the work is done.
    let next = thread.start { 7 }
    #expect(next?.value == 7)
  }

  @Test("facets counted on the side thread equal those counted after ranking")
  func sameFacets() throws {
    let index = try RankingStrategyTests.index(seed: 11, count: 6_000)
    let snapshot = index.snapshot
    var random = DifferentialTests.Generator(state: 12)
    let queries = ["", "a", "b"] + RankingStrategyTests.queries(&random, count: 60)
    var handedOver = 0
    for text in queries {
      for filters in [nil, "popularity > 2", "NOT brand:Wave"] {
        for typo in [Query.TypoTolerance.enabled(true), .min] {
          let query = Fixture.query(text) {
            $0.facets = ["brand", "popularity"]
            $0.filters = filters
            $0.typoTolerance = typo
          }
          var inTurn = SearchExecutor(snapshot: snapshot, query: query)
          inTurn.sideThread = nil
          var beside = SearchExecutor(snapshot: snapshot, query: query)
          beside.sideThread = SideThread(label: "test.sameFacets")
          let expected = try inTurn.run()
          let response = try beside.run()
          #expect(response.facets == expected.facets, "\(text) \(filters ?? "") \(typo)")
          #expect(response.facetsStats == expected.facetsStats, "\(text) \(filters ?? "") \(typo)")
          #expect(Fixture.ids(response) == Fixture.ids(expected), "\(text) \(filters ?? "") \(typo)")
          #expect(response.nbHits == expected.nbHits)
          if response.nbHits >= SearchExecutor.sideFacetsThreshold, typo == .enabled(true) { handedOver += 1 }
        }
      }
    }
    // Many of the queries do have their facets counted beside the ranking.
    #expect(handedOver >= 20)
  }
}
