import InstantSearchModel

/// The first stage of a search: the request resolved once for every segment of a view — its parameters
/// checked and defaulted, its filters parsed, its words searched in one dictionary, what the page needs
/// and which criteria order the hits. The stages after it (``SegmentSearch`` per segment, then ranking,
/// facets, the merge and the hits) read the plan; none parses the query again.
///
/// A new query parameter is declared in `Query`, decoded there, resolved here when every segment shares
/// it, and applied by the one stage it changes.
struct SearchPlan {
  /// The parameters after validation and defaults (the view's settings are every segment's).
  let resolved: SearchExecutor.Resolved
  /// The filters (`filters`, `facetFilters`, `numericFilters`, `tagFilters`): clauses that must all hold,
  /// each passed by any of its filters.
  let clauses: [[Filter]]
  /// The largest segment's snapshot: the query words are searched in its dictionary and carried over to
  /// the others (see ``SearchExecutor/queryWords(translating:from:)``).
  let base: IndexSnapshot
  /// The query words, with the terms of ``base`` each matches.
  let words: [QueryWord]
  /// The attributes whose facet counts are asked for (`*` spelled out), in the order asked.
  let facetPaths: [String]
  /// The page shown (clamped to the reachable positions).
  let page: Int
  /// The positions of the hits returned: the page's, or `length` from `offset` (clamped to the reachable
  /// positions).
  let shown: Range<Int>
  /// How many ranked records the hits returned need: every position up to the last shown, and as many
  /// more as query rules promote (which may be among them and leave their places).
  let positions: Int
  /// The criteria that order the hits, the view's.
  let ordering: RankingOrder
  /// How many records of a distinct group are kept (`nil`: distinct is off, or the index is a virtual
  /// replica, whose relevance selection leaves distinct out).
  let distinctLimit: Int?
  /// A virtual replica's relevancy strictness (`nil` on other indexes).
  let strictness: Int?
  /// The query's variants by multi-word synonyms and by its compounds' parts, searched with it.
  let variants: [SynonymTable.Variant]
  /// Whether some query word is optional (`optionalWords`, or words made optional when nothing matched).
  let hasOptionalWords: Bool
  /// For a query of 4 or more words all optional: how many more matched words each further 1,000 hits
  /// require (see `ViewSearch.keepRisingWordThreshold`); `nil` for any other query.
  let risingWordStep: Int?
  /// Whether the facets count every match as matching finds them (ranking keeps each match a hit), so
  /// that they may be counted while the matches are ranked.
  let countsAllMatches: Bool

  /// The plan of `search`, or `nil` when its view has no segment (an index never written to).
  ///
  /// - Throws: ``EngineError/invalidParameter(_:)`` for a parameter out of its range, and the filters'
  ///   errors (with their column).
  init?(_ search: ViewSearch) throws(EngineError) {
    let view = search.view
    guard let base = view.segments.max(by: { $0.snapshot.recordCount < $1.snapshot.recordCount })?.snapshot
    else { return nil }
    var executor = SearchExecutor(snapshot: base, query: search.query, ranking: search.ranking)
    executor.dictionaries = search.dictionaries
    executor.wordsAsRead = search.wordsAsRead
    resolved = try executor.resolve()
    clauses = try LegacyFilterParser.clauses(of: search.query)
    self.base = base
    var words = executor.queryWords(typo: resolved.typoTolerance)
    for position in search.inexactWords ?? 0..<0 where position < words.count { words[position].countsAsExact = false }
    self.words = words
    facetPaths = executor.requestedFacets()
    let needed = executor.positionsNeeded(resolved)
    page = needed.page
    shown = needed.shown
    positions = search.rankedCount(needed.shown.upperBound)
    ordering = base.ordering
    distinctLimit = ordering.isRelevantSort ? nil : search.distinctLimit
    strictness =
      ordering.isRelevantSort
      ? try RelevanceSelection.strictness(
        query: search.query.relevancyStrictness, settings: view.settings.relevancyStrictness) : nil
    let constraints = executor.textConstraints(executor.queryText)
    hasOptionalWords = constraints.hasOptionalWords
    risingWordStep = ViewSearch.risingWordStep(wordCount: words.count, constraints: constraints)
    // The words criterion counts the query's own words for every variant: not with optional words.
    variants = hasOptionalWords ? [] : search.queryVariants
    // Ranking keeps every match a hit unless it drops typo levels (or sorts first, or scores by the extra
    // criteria, which may); the variants' matches are more than the query's.
    let keepsEveryMatch =
      words.isEmpty
      || search.ranking == .automatic && !TextScorer.filtersTypoLevels(resolved.typoTolerance)
        && !search.usesExtraCriteria && !ordering.sortsBeforeText && risingWordStep == nil
    countsAllMatches = variants.isEmpty && keepsEveryMatch
  }

  /// Whether a segment's matches may be left as a bitset, unread, for the stages that can take them so
  /// (ranking in custom ranking order, facets counted beside): a view of one segment whose ranking keeps
  /// every match, by text. A stage that needs them listed reads them out (``SegmentSearch/list(side:)``);
  /// the answer never depends on this choice, only the work does.
  func leavesMatchesUnlisted(in view: IndexView, ranking: TextScorer.RankingStrategy) -> Bool {
    view.segments.count == 1 && !words.isEmpty && countsAllMatches && ranking == .automatic
      && distinctLimit == nil
  }
}
