import Foundation
import InstantSearchModel

/// A search over every segment of a view, in stages: the request resolved once (``SearchPlan``); each
/// segment's matches found (``SegmentSearch``); the facets counted (begun beside ranking when they need
/// only the matches); each part ranked, keeping its best records; the parts' best merged by score,
/// custom ranking and sequence number, promoted records placed; the page's hits built. A view of one
/// segment is the same search with one part.
///
/// Where the work runs is the caller's choice (``SearchParallelism``): the stages take a side session,
/// or none, and give the same answer either way.
struct ViewSearch {
  let view: IndexView
  let query: Query
  /// How text matches are ranked; every strategy gives the same answer.
  var ranking: TextScorer.RankingStrategy = .automatic
  /// Where parts of the work may run beside the caller's thread.
  var parallelism: SearchParallelism = .callerOnly
  /// Whether the side thread counts attributes of a ``FacetShare`` it splits with the caller (tests turn
  /// it off to have the caller count them all, which it otherwise does only when the side thread is slow).
  var sideTakesSharedFacets = true
  /// Records query rules hide: never matches.
  var hiddenObjectIDs: Set<String> = []
  /// Records query rules promote, with their positions.
  var promotions: [(objectID: String, position: Int)] = []
  /// Whether promoted records must pass the search's filters.
  var filterPromotes = false
  /// The query's geo search, if any.
  var geoSearch: GeoSearch?
  /// The positions of the query words that never count as exact matches: in a variant of the query, the
  /// words a multi-word synonym put in (see ``Query/alternativesCountingAsExact``).
  var inexactWords: Range<Int>?
  /// Whether the hits keep the index's `unretrievableAttributes` (see
  /// ``SearchExecutor/seesUnretrievableAttributes``).
  var seesUnretrievableAttributes = false
  /// Whether the response's hits are written as JSON text (``SearchResponse/hitsText``) rather than built as
  /// objects: what a server that only writes them out asks for.
  var writesHitText = false
  /// The application's dictionaries (custom stop words, plurals and compounds); `nil`: the standard tables only.
  var dictionaries: LanguageDictionaries?
  /// The query's words when they are given already read (folded), not to be read again from its text:
  /// a variant's (see ``SynonymTable/Variant/keepsWords``); `nil`: read from the text.
  var wordsAsRead: [String]?

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
    to query: Query, in view: IndexView, time: Double = Date().timeIntervalSince1970,
    parallelism: SearchParallelism = .callerOnly, seesUnretrievableAttributes: Bool = false,
    dictionaries: LanguageDictionaries? = nil, writesHitText: Bool = false
  ) throws(EngineError) -> SearchResponse {
    // Work left from opening an index waits while this runs.
    try BackgroundThread.querying { () throws(EngineError) in
      try respondNow(
        to: query, in: view, time: time, parallelism: parallelism,
        seesUnretrievableAttributes: seesUnretrievableAttributes, dictionaries: dictionaries,
        writesHitText: writesHitText)
    }
  }

  private static func respondNow(
    to query: Query, in view: IndexView, time: Double, parallelism: SearchParallelism,
    seesUnretrievableAttributes: Bool, dictionaries: LanguageDictionaries?, writesHitText: Bool
  ) throws(EngineError) -> SearchResponse {
    let clock = ContinuousClock()
    let start = clock.now
    if let refusal = view.settings.rankingRefusal { throw .invalidSettings(refusal) }
    if let refusal = view.settings.languageTablesRefusal() { throw .invalidSettings(refusal) }
    let asked = try view.settings.applyingDefaults(to: query)
    if let refusal = Declensions.refusal(of: asked, indexLanguages: view.settings.indexLanguages) {
      throw .invalidParameter(refusal)
    }
    try SearchLimits.checkLists(of: asked)
    let query = Self.readingSimilarQuery(asked)
    let view = try Self.applyingRanking(of: asked, to: view)
    let pluralForms = { (word: String, languages: [String]) -> [String] in
      dictionaries?.pluralForms(of: word, languages: languages) ?? PluralForms.forms(of: word, languages: languages)
    }
    let facetValues = { (attribute: String) -> [String] in
      // The values of every segment (a value may live in one segment only).
      var seen = Set<String>()
      return view.segments.flatMap { $0.snapshot.facets[attribute]?.keys ?? [] }.filter { seen.insert($0).inserted }
    }
    let outcome = try RuleOutcome.evaluate(
      view.settings.rules, query: query, time: time, settings: view.settings, pluralForms: pluralForms,
      facetValues: facetValues)
    var search = ViewSearch(view: view, query: outcome.query)
    search.parallelism = parallelism
    search.seesUnretrievableAttributes = seesUnretrievableAttributes
    search.writesHitText = writesHitText
    search.dictionaries = dictionaries
    search.hiddenObjectIDs = outcome.hidden
    search.promotions = outcome.promotions
    search.filterPromotes = outcome.filterPromotes
    search.geoSearch = try GeoSearch(query: outcome.query, ranks: view.settings.ranksByDistance)
    var response: SearchResponse
    do {
      response = try search.run()
    } catch {
      // Records that failed their checksum read as empty objects, which a hit cannot be: the damage is
      // the error to report.
      if let failure = view.storageFailure() { throw .storage(failure) }
      throw error
    }
    if response.nbHits == 0 {
      for (relaxed, positions) in relaxations(of: query, analysis: view.settings.textAnalysis) {
        let retried = try respond(
          to: relaxed, in: view, time: time, parallelism: parallelism,
          seesUnretrievableAttributes: seesUnretrievableAttributes, dictionaries: dictionaries,
          writesHitText: writesHitText)
        guard retried.nbHits > 0 else { continue }
        response = retried
        response.query = query.query ?? ""
        response.queryAfterRemoval = markingRemoved(
          positions, in: query, analysis: view.settings.textAnalysis,
          preTag: query.highlightPreTag ?? view.settings.highlightPreTag,
          postTag: query.highlightPostTag ?? view.settings.highlightPostTag)
        break
      }
    }
    if let content = query.renderingContent { response.renderingContent = content }
    if case .object(let asked)? = query.additionalParameters["extensions"] {
      response.extensions = asked.mapValues { _ in .object([:]) }
    }
    if !outcome.applied.isEmpty {
      response.appliedRules = outcome.applied.map { .object(["objectID": .string($0.objectID)]) }
      response.userData = outcome.userData.isEmpty ? nil : outcome.userData
      if let content = outcome.renderingContent { response.renderingContent = content }
      response.query = query.query ?? ""
    }
    // A similar query answers with the query as asked (its own words are the search's, not the echo's).
    if asked.similarQuery?.isEmpty == false { response.query = asked.query ?? "" }
    let elapsed = start.duration(to: clock.now).components
    response.processingTimeMS = Int(elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000)
    if query.clickAnalytics == true { response.queryID = QueryID.make() }
    // Answered only from verified records: those it read were, block by block where the image stores its
    // blocks' checksums; else a first query after opening has done its other work meanwhile.
    if let failure = view.readFailure() { throw .storage(failure) }
    return response
  }

  /// Runs the query, in a session on the side thread of ``parallelism`` when it has one.
  func run() throws(EngineError) -> SearchResponse {
    try parallelism.withSession { (side: SideSession?) throws(EngineError) in try run(side: side) }
  }

  /// Runs the query's stages; `side`, when given, takes parts of the work.
  func run(side: SideSession?) throws(EngineError) -> SearchResponse {
    guard let plan = try SearchPlan(self) else {
      // An index never written to: the answer of an empty snapshot with the view's settings.
      let empty = IndexView(snapshot: .empty(name: view.name, settings: view.settings))
      var search = ViewSearch(view: empty, query: query)
      search.dictionaries = dictionaries
      return try search.run(side: nil)
    }
    if let limit = plan.distinctLimit { return try runDistinct(limit: limit, plan: plan) }
    // A page of several hits is built half on the side thread, and many matches' facets are counted
    // there: woken now, it is awake when matching hands it that work.
    if plan.positions >= SearchExecutor.sideHitsThreshold || !plan.facetPaths.isEmpty { side?.warm() }
    var parts = try matchingParts(plan, side: side, listing: !plan.leavesMatchesUnlisted(in: view, ranking: ranking))
    let facets = startFacets(&parts, plan: plan, side: side)
    let nbSorted = try rank(&parts, plan: plan, count: plan.positions, side: side)
    let nbHits = parts.reduce(0) { $0 + $1.ranking.nbHits }
    let merged = merge(parts, count: plan.positions, ordering: plan.ordering)
    var response = try respond(parts, merged: merged, plan: plan, nbHits: nbHits, facets: facets, side: side)
    if let strictness = plan.strictness {
      let hitsPerPage = plan.resolved.hitsPerPage
      response.nbSortedHits = nbSorted
      response.appliedRelevancyStrictness = strictness
      let reachable = min(nbSorted, view.settings.reachablePositions)
      response.nbPages = hitsPerPage == 0 ? 0 : (reachable + hitsPerPage - 1) / hitsPerPage
    }
    return response
  }

  /// The response showing the plan's page of the `merged` candidates of `parts`, with the facet counts
  /// (those `facets` began, else counted now).
  func respond(
    _ parts: [SegmentSearch], merged: [Candidate], plan: SearchPlan, nbHits: Int, facets: PendingFacets? = nil,
    side: SideSession? = nil
  ) throws(EngineError) -> SearchResponse {
    let (merged, added) = promote(merged, parts: parts, clauses: plan.clauses)
    let nbHits = nbHits + added
    let resolved = plan.resolved
    let page = merged[plan.shown.clamped(to: merged.startIndex..<merged.endIndex)]
    // Half of the hits beside, unless the facets still run there: queued behind them, the half would be
    // finished last (W1's price facet, or the facets of most records, outlast the ranking).
    let hitsSide = facets?.isDone() ?? true ? side : nil
    var hits: [SearchHit] = []
    var text: HitsText?
    if writesHitText {
      text = try hitsText(page, parts: parts, side: hitsSide)
    } else {
      hits = try self.hits(page, parts: parts, side: hitsSide)
      if query.getRankingInfo == true {
        // No hit is built when responseFields leaves them out.
        for (index, candidate) in page.enumerated() where index < hits.count {
          hits[index].object["_rankingInfo"] = rankingInfo(candidate, parts: parts)
        }
      }
    }
    let (counts, stats) = facets?.finish() ?? countFacets(parts, plan: plan)
    var response = parts[0].executor.response(
      hits: hits, nbHits: nbHits, resolved: resolved, facets: counts, stats: stats)
    response.hitsText = text
    // Algolia writes the radius in whole meters.
    response.automaticRadius = parts[0].automaticRadius.map { String(Int(min($0.rounded(.up), 1e9))) }
    return response
  }

  /// The merge stage: the `count` best of every part's ranked records (see ``mergeSorted(_:count:ordering:)``).
  /// A single part's ranking is already in that order — its custom rank is the trailing criteria's order
  /// with ties by record, so by sequence number — and is taken as it stands.
  func merge(_ parts: [SegmentSearch], count: Int, ordering: RankingOrder) -> [Candidate] {
    guard parts.count > 1 else {
      guard !parts.isEmpty else { return [] }
      let ranking = parts[0].ranking
      let sequences = parts[0].segment.sequences
      return ranking.ranked.prefix(count).enumerated().map { position, doc in
        Candidate(
          part: 0, doc: doc, score: position < ranking.scores.count ? ranking.scores[position] : nil,
          leadingValues: [], customValues: [], sequence: sequences[Int(doc)])
      }
    }
    return mergeSorted(parts, count: count, ordering: ordering)
  }

  /// The `count` best of every part's ranked records: by the leading criteria of `ordering` (a sort-by
  /// index's), text score, then its trailing criteria (the custom ranking; a record without a value last),
  /// then sequence number — the order one snapshot of all the records gives. The plain strategy of the
  /// merge stage, right for any parts.
  func mergeSorted(_ parts: [SegmentSearch], count: Int, ordering: RankingOrder) -> [Candidate] {
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
