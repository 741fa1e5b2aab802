import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// The stages of a search choose their fast strategies in one place each; every fast strategy answers as
/// the plain one does on the same parts.
@Suite("Search pipeline strategies")
struct PipelineStrategyTests {
  static let texts = ["", "l", "la", "lamp", "s", "desk s", "wood l", "chiar", "tabel"]
  static let filters: [String?] = [nil, "price < 170", "NOT size:S", "brand:'brand 3' OR color:'color 2'"]

  /// Each text with each filter, asking for every facet, with typo tolerance on or keeping the fewest.
  static func queries() -> [Query] {
    texts.flatMap { text in
      filters.flatMap { filters in
        [IndexSettings.TypoToleranceSetting.enabled, .min].map { typo in
          Fixture.query(text) {
            $0.facets = ["brand", "color", "size", "price"]
            $0.filters = filters
            $0.maxValuesPerFacet = 50
            $0.typoTolerance = typo == .min ? .min : .enabled(true)
          }
        }
      }
    }
  }

  @Test("one part's facets counted by its own values equal the counts summed by value over parts")
  func onePartFacets() throws {
    let view = IndexView(snapshot: try FacetShareTests.index().snapshot)
    var compared = 0
    for query in Self.queries() {
      let search = ViewSearch(view: view, query: query)
      let plan = try #require(try SearchPlan(search))
      var parts = try search.matchingParts(plan)
      _ = try search.rank(&parts, plan: plan, count: plan.positions, side: nil)
      #expect(ViewSearch.facetStrategy(parts) == (parts[0].matchesEvery ? .merged : .onePart))
      let fast = search.countFacets(parts, plan: plan, strategy: .onePart)
      let plain = search.countFacets(parts, plan: plan, strategy: .merged)
      #expect(fast.facets == plain.facets, "\(query.query ?? "") \(query.filters ?? "")")
      #expect(fast.stats == plain.stats, "\(query.query ?? "") \(query.filters ?? "")")
      compared += 1
    }
    #expect(compared == Self.queries().count)
  }

  @Test("ranking by text score read until each top is decided ranks as scoring every match")
  func textTopRanking() throws {
    let view = IndexView(snapshot: try FacetShareTests.index().snapshot)
    var ranked = 0
    for query in Self.queries() where !(query.query ?? "").isEmpty && query.typoTolerance == .enabled(true) {
      let search = ViewSearch(view: view, query: query)
      let plan = try #require(try SearchPlan(search))
      #expect(search.rankingStrategy(plan) == .textTop)
      var fast = try search.matchingParts(plan)
      _ = try search.rank(&fast, plan: plan, count: 40, side: nil)
      // The plain strategy: every match scored, then the best sorted out.
      let parts = try search.matchingParts(plan)
      let scored = search.scoreEveryMatch(parts, typoTolerance: plan.resolved.typoTolerance)[0]
      let best = TextScorer.best(scored, count: 40, rank: parts[0].segment.snapshot.customRank)
      #expect(fast[0].ranking.ranked == best.map(\.doc), "\(query.query ?? "") \(query.filters ?? "")")
      #expect(fast[0].ranking.nbHits == scored.count, "\(query.query ?? "")")
      ranked += 1
    }
    #expect(ranked >= 30)
  }

  @Test("one part's ranking is taken in its order: the same candidates as merging by every criterion")
  func onePartMerge() throws {
    let view = IndexView(snapshot: try FacetShareTests.index().snapshot)
    for query in Self.queries() {
      let search = ViewSearch(view: view, query: query)
      let plan = try #require(try SearchPlan(search))
      var parts = try search.matchingParts(plan)
      _ = try search.rank(&parts, plan: plan, count: 60, side: nil)
      let fast = search.merge(parts, count: 60, ordering: plan.ordering)
      let plain = search.mergeSorted(parts, count: 60, ordering: plan.ordering)
      #expect(fast.map(\.doc) == plain.map(\.doc), "\(query.query ?? "") \(query.filters ?? "")")
      #expect(fast.map(\.score) == plain.map(\.score), "\(query.query ?? "")")
    }
  }

  @Test("matches left as a bitset answer as the same matches listed, with or without a side thread")
  func unlistedMatches() throws {
    let snapshot = try FacetShareTests.index().snapshot
    let thread = SideThread(label: "test.pipeline.unlisted")
    var unlisted = 0
    for query in Self.queries() {
      var search = ViewSearch.oneSegment(snapshot, query)
      let plan = try #require(try SearchPlan(search))
      if plan.leavesMatchesUnlisted(in: search.view, ranking: search.ranking) { unlisted += 1 }
      let listed = try ViewSearch.oneSegment(snapshot, query, ranking: .customOrder).run()
      for parallelism in [SearchParallelism.callerOnly, SearchParallelism(sideThread: thread)] {
        search.parallelism = parallelism
        let response = try search.run()
        UnlistedAnswerTests.expectSame(response, listed, "\(query.query ?? "") \(query.filters ?? "")")
      }
    }
    #expect(unlisted >= 20)
  }

  @Test("an index never written to answers an empty page, with its facets asked for and not there")
  func emptyIndex() throws {
    let index = LocalIndex(name: "empty")
    let response = try index.search(Fixture.query("lamp") { $0.facets = ["brand"] })
    #expect(response.hits.isEmpty)
    #expect(response.nbHits == 0)
    #expect(response.nbPages == 0)
    #expect(response.index == "empty")
    // As on any index, a facet not declared searchable cannot be searched.
    #expect(throws: EngineError.facetNotSearchable("brand")) {
      try index.searchForFacetValues(attribute: "brand", facetQuery: "b")
    }
  }
}
