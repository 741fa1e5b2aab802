import InstantSearchModel

/// One segment's part of a search: its query words (the plan's, carried over to its dictionary), the
/// live records it matches, and — once ranked — its best records and the records its facets count.
///
/// Matches found as a bitset may stay unread (``MatchSet/unlisted(_:count:)``) for the stages that need
/// only the bitset; ``matches`` reads them out when a stage asks, so that no stage can take an unread set
/// for every record.
struct SegmentSearch {
  let segment: Segment
  let executor: SearchExecutor
  let words: [QueryWord]
  /// Where the words may be found and which form phrases (``TextConstraints``), which every scorer of
  /// the part applies.
  let constraints: TextConstraints
  /// The live matches, as matching found them.
  private(set) var found: MatchSet
  /// The query's optional filters, compiled for the segment, if it has any.
  var optionalFilters: OptionalFilterScorer? = nil
  /// What ranking kept: the part's best records, its hits and the records its facets count.
  var ranking = TextScorer.Ranking(nbHits: 0, ranked: [], counted: nil)
  /// The radius, in meters, of the automatic circle the search kept its matches in (the same in every
  /// part; see `ViewSearch.applyAutomaticRadius(to:side:)`), when it drew one.
  var automaticRadius: Double?

  init(
    segment: Segment, executor: SearchExecutor, words: [QueryWord], found: MatchSet,
    constraints: TextConstraints = TextConstraints()
  ) {
    self.segment = segment
    self.executor = executor
    self.words = words
    self.found = found
    self.constraints = constraints
  }

  /// A scorer of the part's records by its words and constraints.
  var scorer: TextScorer {
    TextScorer(snapshot: segment.snapshot, words: words, constraints: constraints)
  }

  /// The live matches in increasing order (`nil`: every live record); an unread bitset is read out.
  var matches: [UInt32]? { found.listed(side: nil).docs }

  /// The matches as a bitset, when finding them built one (holding exactly ``matches``).
  var matchBits: Bitset? {
    switch found {
    case .every: nil
    case .listed(_, let bits): bits
    case .unlisted(let bits, _): bits
    }
  }

  /// Whether every live record matches (no word and no filter restricts them).
  var matchesEvery: Bool {
    if case .every = found { return true }
    return false
  }

  /// How many live records match.
  var matchCount: Int {
    switch found {
    case .every: segment.liveCount
    case .listed(let docs, _): docs.count
    case .unlisted(_, let count): count
    }
  }

  /// Reads unread matches out (large ones on two threads with a `side` session).
  mutating func list(side: SideSession?) {
    guard case .unlisted = found else { return }
    let (docs, bits) = found.listed(side: side)
    found = .listed(docs ?? [], bits: bits)
  }

  /// Keeps only `docs` (increasing) as the matches.
  mutating func restrict(to docs: [UInt32]) {
    found = .listed(docs, bits: nil)
  }

  /// Leaves the records of `records` out of the matches (every live record is spelled out first).
  mutating func leaveOut(_ records: Bitset, side: SideSession?) {
    list(side: side)
    restrict(to: (matches ?? segment.liveDocs).filter { !records.contains($0) })
  }

  /// Keeps the matches whose words hold the ``constraints`` where they are found: postings say which
  /// records hold a word, not where, so each is read.
  mutating func keepConstrained(side: SideSession?) {
    guard constraints.needsReading, !words.isEmpty else { return }
    list(side: side)
    let scorer = scorer
    var scratch = TextScorer.Scratch()
    restrict(to: (matches ?? segment.liveDocs).filter { scorer.score(Int($0), scratch: &scratch) != nil })
  }
}

extension ViewSearch {
  /// The matching stage: each segment's query words and live matches — the plan's words carried over to
  /// its dictionary, its filters compiled for it, its deleted and hidden records left out and, with a geo
  /// search, only the records in the area kept. With `listing` off, matches found as a bitset stay unread.
  func matchingParts(
    _ plan: SearchPlan, side: SideSession? = nil, listing: Bool = true
  ) throws(EngineError) -> [SegmentSearch] {
    var parts: [SegmentSearch] = []
    for segment in view.segments {
      var executor = SearchExecutor(snapshot: segment.snapshot, query: query, ranking: ranking)
      executor.sideTakesSharedFacets = sideTakesSharedFacets
      executor.seesUnretrievableAttributes = seesUnretrievableAttributes
      executor.dictionaries = dictionaries
      executor.wordsAsRead = wordsAsRead
      let words = executor.queryWords(translating: plan.words, from: plan.base)
      // The text read once for the segment's constraints and exclusions.
      let text = executor.queryText
      let constraints = executor.textConstraints(text, words: words)
      let excluded = excluded(in: segment)
      let found = executor.matchSet(
        words: words, filters: FilterPlan(clauses: plan.clauses, snapshot: segment.snapshot), excluded: excluded,
        optional: constraints.optional, side: side, listing: listing)
      var part = SegmentSearch(
        segment: segment, executor: executor, words: words, found: found, constraints: constraints)
      // Every live record, spelled out when hidden records leave some out.
      if part.matchesEvery, !hiddenObjectIDs.isEmpty, let excluded {
        var live = Bitset(universe: segment.snapshot.recordCount)
        live.insert(0..<segment.snapshot.recordCount)
        live.subtract(excluded)
        part.restrict(to: live.members)
      }
      if let excludedWords = executor.excludedRecords(text) { part.leaveOut(excludedWords, side: side) }
      part.keepConstrained(side: side)
      if let geoSearch {
        part.list(side: side)
        part.restrict(to: geoSearch.filter(part.matches, excluded: excluded, in: segment.snapshot.geoIndex))
      }
      // Without the `filters` criterion in the ranking, optional filters rank nothing.
      if view.settings.ranksByOptionalFilters {
        part.optionalFilters = try OptionalFilterScorer(query: query, snapshot: segment.snapshot)
      }
      parts.append(part)
    }
    applyAutomaticRadius(to: &parts, side: side)
    return parts
  }
}
