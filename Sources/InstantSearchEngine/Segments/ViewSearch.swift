import Foundation
import InstantSearchModel

/// Answers a query over every segment of a view: each segment finds and ranks its live matches as one
/// snapshot would (``SearchExecutor``), then the best of each are merged by score, custom ranking and
/// sequence number, and facet counts are summed by value. A view of one segment without deletions is
/// answered by its snapshot directly.
struct ViewSearch {
  let view: IndexView
  let query: Query
  /// How text matches are ranked; every strategy gives the same answer.
  var ranking: TextScorer.RankingStrategy = .automatic
  /// Records query rules hide: never matches.
  var hiddenObjectIDs: Set<String> = []
  /// Records query rules promote, with their positions.
  var promotions: [(objectID: String, position: Int)] = []
  /// Whether promoted records must pass the search's filters.
  var filterPromotes = false
  /// The query's geo search, if any.
  var geoSearch: GeoSearch?

  /// One segment's part of the answer.
  struct Part {
    let segment: Segment
    let executor: SearchExecutor
    let words: [QueryWord]
    /// The live matches in increasing order (`nil`: every live record).
    let matches: [UInt32]?
    /// The same matches as a bitset, when finding them built one.
    var matchBits: Bitset? = nil
    /// The query's optional filters, compiled for the segment, if it has any.
    var optionalFilters: OptionalFilterScorer? = nil
    var ranking = TextScorer.Ranking(nbHits: 0, ranked: [], counted: nil)
  }

  /// One ranked record of some part, with what orders it among the others.
  struct Candidate {
    let part: Int
    let doc: UInt32
    let score: TextScore?
    /// The values of the criteria before the text score (a sort-by replica's), then of those after it.
    let leadingValues: [Double?]
    let customValues: [Double?]
    let sequence: UInt64
  }

  /// Answers `query` in `view` after the index's query rules (at `time`, Unix seconds), timed
  /// (`processingTimeMS`) and, with `clickAnalytics`, with a new `queryID`.
  static func respond(
    to query: Query, in view: IndexView, time: Double = Date().timeIntervalSince1970
  ) throws(EngineError) -> SearchResponse {
    let clock = ContinuousClock()
    let start = clock.now
    try SearchLimits.checkLists(of: query)
    let outcome = try RuleOutcome.evaluate(view.settings.rules, query: query, time: time, settings: view.settings) {
      attribute in
      // The values of every segment (a value may live in one segment only).
      var seen = Set<String>()
      return view.segments.flatMap { $0.snapshot.facets[attribute]?.keys ?? [] }.filter { seen.insert($0).inserted }
    }
    var search = ViewSearch(view: view, query: outcome.query)
    search.hiddenObjectIDs = outcome.hidden
    search.promotions = outcome.promotions
    search.filterPromotes = outcome.filterPromotes
    search.geoSearch = try GeoSearch(query: outcome.query)
    var response = try search.run()
    if !outcome.applied.isEmpty {
      response.appliedRules = outcome.applied.map { .object(["objectID": .string($0.objectID)]) }
      response.userData = outcome.userData.isEmpty ? nil : outcome.userData
      if let content = outcome.renderingContent { response.renderingContent = content }
      response.query = query.query ?? ""
    }
    let elapsed = start.duration(to: clock.now).components
    response.processingTimeMS = Int(elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000)
    if query.clickAnalytics == true { response.queryID = QueryID.make() }
    return response
  }

  /// Runs the query.
  func run() throws(EngineError) -> SearchResponse {
    let ordering = view.segments[0].snapshot.ordering
    if let limit = distinctLimit, !ordering.isRelevantSort { return try runDistinct(limit: limit, ordering: ordering) }
    if ordering.sortsBeforeText { return try runSorted(ordering) }
    let variants = synonymVariants
    if let sole = view.soleSnapshot, !hasRuleEffects, !usesExtraCriteria, geoSearch == nil,
      query.getRankingInfo != true, variants.isEmpty
    {
      return try SearchExecutor(snapshot: sole, query: query, ranking: ranking).run()
    }
    var parts = try matchingParts()
    let first = parts[0].executor
    let resolved = try first.resolve()
    let (page, pagePositions) = first.positionsNeeded(resolved)
    let positions = rankedCount(pagePositions)
    if variants.isEmpty {
      rank(&parts, count: positions, typoTolerance: resolved.typoTolerance)
    } else {
      try rank(&parts, variants: variants, count: positions, typoTolerance: resolved.typoTolerance)
    }
    let nbHits = parts.reduce(0) { $0 + $1.ranking.nbHits }
    return try respond(parts, merged: merge(parts, count: positions), page: page, resolved: resolved, nbHits: nbHits)
  }

  /// The response showing page `page` of the `merged` candidates of `parts`, with their facet counts.
  func respond(_ parts: [Part], merged: [Candidate], page: Int, resolved: SearchExecutor.Resolved, nbHits: Int)
    throws(EngineError) -> SearchResponse
  {
    let (merged, added) = try promote(merged, parts: parts)
    let nbHits = nbHits + added
    let start = page * resolved.hitsPerPage
    let pageCandidates = start < merged.count ? merged[start..<min(merged.count, start + resolved.hitsPerPage)] : []
    // A highlighter only for the parts the page shows records of (most small segments show none).
    var highlighters = [Highlighter?](repeating: nil, count: parts.count)
    var hits: [Hit] = []
    for candidate in pageCandidates {
      let part = candidate.part
      let highlighter = highlighters[part] ?? parts[part].executor.highlighter(words: parts[part].words)
      highlighters[part] = highlighter
      var hit = try parts[part].executor.hit(Int(candidate.doc), highlighter: highlighter)
      if query.getRankingInfo == true { hit.object["_rankingInfo"] = rankingInfo(candidate, parts: parts) }
      hits.append(hit)
    }
    let (facets, stats) = facetCounts(parts, resolved: resolved)
    return parts[0].executor.response(hits: hits, nbHits: nbHits, resolved: resolved, facets: facets, stats: stats)
  }

  /// Each segment's query words and live matches.
  func matchingParts() throws(EngineError) -> [Part] {
    let clauses = try LegacyFilterParser.clauses(of: query)
    var parts: [Part] = []
    // The words are searched in the largest segment's dictionary (the query and settings, so its typo
    // tolerance, are every segment's), and carried over to the others.
    guard let largest = view.segments.max(by: { $0.snapshot.recordCount < $1.snapshot.recordCount })?.snapshot
    else { return [] }
    let first = SearchExecutor(snapshot: largest, query: query, ranking: ranking)
    let baseWords = first.queryWords(typo: try first.resolve().typoTolerance)
    for segment in view.segments {
      let executor = SearchExecutor(snapshot: segment.snapshot, query: query, ranking: ranking)
      let words = executor.queryWords(translating: baseWords, from: largest.text)
      let excluded = excluded(in: segment)
      var (matches, bits) = executor.matchingRecordsAndBits(
        words: words, filters: FilterPlan(clauses: clauses, snapshot: segment.snapshot), excluded: excluded)
      // `nil` stands for every live record; with hidden records the list is spelled out.
      if matches == nil, !hiddenObjectIDs.isEmpty, let excluded {
        var live = Bitset(universe: segment.snapshot.recordCount)
        live.insert(0..<segment.snapshot.recordCount)
        live.subtract(excluded)
        matches = live.members
        bits = nil
      }
      if let geoSearch {
        matches = geoSearch.filter(matches, excluded: excluded, in: segment.snapshot.geoIndex)
        bits = nil
      }
      var part = Part(segment: segment, executor: executor, words: words, matches: matches, matchBits: bits)
      part.optionalFilters = try OptionalFilterScorer(query: query, snapshot: segment.snapshot)
      parts.append(part)
    }
    return parts
  }

  /// Ranks each part's matches, keeping its `count` best. With a typo tolerance that keeps the fewest
  /// typo levels, the levels are those of every segment's hits together.
  func rank(_ parts: inout [Part], count: Int, typoTolerance: IndexSettings.TypoToleranceSetting) {
    guard !(parts.first?.words.isEmpty ?? true) else {
      if usesExtraCriteria {
        rankByExtraCriteria(&parts, count: count)
        return
      }
      for index in parts.indices {
        let part = parts[index]
        let ranked =
          part.matches == nil
          ? part.segment.firstLive(inCustomOrder: count) : part.executor.topByCustomRank(part.matches, count: count)
        parts[index].ranking = .init(
          nbHits: part.matches?.count ?? part.segment.liveCount, ranked: ranked, counted: part.matches)
      }
      return
    }
    // The extra criteria (optional filters, distance) and a typo tolerance that keeps the fewest levels need
    // every match scored.
    guard usesExtraCriteria || TextScorer.filtersTypoLevels(typoTolerance) else {
      // The part with the most matches first: once some part's top is full, its worst score is a floor no
      // record of another part needs to be ranked below (the others are mostly small write segments).
      var floor: TextScore?
      for index in parts.indices.sorted(by: { (parts[$0].matches?.count ?? 0) > (parts[$1].matches?.count ?? 0) }) {
        var scorer = TextScorer(snapshot: parts[index].segment.snapshot, words: parts[index].words)
        scorer.matchBits = parts[index].matchBits
        let ranked = scorer.rank(
          parts[index].matches ?? [], count: count, typoTolerance: typoTolerance, strategy: ranking, floor: floor)
        if ranked.scores.count == count, let worst = ranked.scores.last {
          floor = floor.map { min($0, worst) } ?? worst
        }
        parts[index].ranking = ranked
      }
      return
    }
    let scored = scoreEveryMatch(parts, typoTolerance: typoTolerance)
    for index in parts.indices {
      let hits = scored[index]
      let top = TextScorer.best(hits, count: count, rank: parts[index].segment.snapshot.customRank)
      parts[index].ranking = .init(
        nbHits: hits.count, ranked: top.map(\.doc), scores: top.map(\.score), counted: hits.map(\.doc))
    }
  }

  /// The `count` best of every part's ranked records: by the leading criteria of `ordering` (a sort-by
  /// index's), text score, then its trailing criteria (the custom ranking; a record without a value last),
  /// then sequence number — the order one snapshot of all the records gives.
  func merge(_ parts: [Part], count: Int, ordering: RankingOrder? = nil) -> [Candidate] {
    // The snapshots hold the ordering of the view's settings, worked out once when they were built.
    let ordering = ordering ?? view.segments[0].snapshot.ordering
    var candidates: [Candidate] = []
    for (index, part) in parts.enumerated() {
      let snapshot = part.segment.snapshot
      let leading = ordering.leading.map { snapshot.numerics[$0.path] }
      let trailing = ordering.trailing.map { snapshot.numerics[$0.path] }
      for (position, doc) in part.ranking.ranked.enumerated() {
        candidates.append(
          Candidate(
            part: index, doc: doc,
            score: position < part.ranking.scores.count ? part.ranking.scores[position] : nil,
            leadingValues: leading.map { $0?.firstValue(Int(doc)) },
            customValues: trailing.map { $0?.firstValue(Int(doc)) }, sequence: part.segment.sequences[Int(doc)]))
      }
    }
    let leadingAscending = ordering.leading.map(\.isAscending)
    let trailingAscending = ordering.trailing.map(\.isAscending)
    candidates.sort { lhs, rhs in
      if let order = Self.compare(lhs.leadingValues, rhs.leadingValues, ascending: leadingAscending) { return order }
      if let left = lhs.score, let right = rhs.score, left != right { return left < right }
      if let order = Self.compare(lhs.customValues, rhs.customValues, ascending: trailingAscending) { return order }
      return lhs.sequence < rhs.sequence
    }
    return Array(candidates.prefix(count))
  }

  /// Whether `lhs` comes first by ranking values (a missing value last), or `nil` when they tie.
  static func compare(_ lhs: [Double?], _ rhs: [Double?], ascending: [Bool]) -> Bool? {
    for (index, isAscending) in ascending.enumerated() {
      switch (lhs[index], rhs[index]) {
      case (nil, nil): continue
      case (nil, _): return false
      case (_, nil): return true
      case (let left?, let right?):
        if left != right { return isAscending ? left < right : left > right }
      }
    }
    return nil
  }
}
