import InstantSearchModel

extension SearchExecutor {
  /// Whether a query of `words` ranks its matches in a way that needs only their bitset (custom ranking
  /// order, every match a hit), so that ``answer(unlisted:count:words:resolved:side:)`` may take them
  /// unread.
  func ranksFromBits(words: [QueryWord], resolved: Resolved) -> Bool {
    !words.isEmpty && ranking == .automatic && !TextScorer.filtersTypoLevels(resolved.typoTolerance)
  }

  /// The answer to a query of `words` whose `count` matches `bits` holds, ranked from the bitset while
  /// the side thread reads the matches out for the facets and counts them (from the front of a
  /// ``FacetShare``; this thread takes attributes from the back once its hits are built). Reading
  /// 50,000 matches out of their bitset took a tenth of a keystroke's time on this thread, which ranking
  /// and the hits do not need. When most records match, only the missing ones are read out (on the side
  /// thread; both threads then count the facets as the totals minus theirs): the matches never are.
  ///
  /// When most records match and the side thread is busy (a concurrent query, the same keystroke's
  /// suggestions say, holds it) or absent, this thread reads the missing records out itself (see
  /// ``answer(unlisted:count:words:resolved:missing:side:)``): reading out all 800,000 matches of the
  /// showcase's first keystroke instead took 6 ms, most of it in fresh pages.
  ///
  /// `nil` when the matches are better read out here first: too few to rank in custom ranking order;
  /// fewer than most records matching, facets asked for and the side thread busy; or, most records not
  /// matching, so many matches that this thread would wait for the side thread's reading (from
  /// ``Bitset/sideDecodingThreshold`` on, both threads read them out).
  func answer(
    unlisted bits: Bitset, count: Int, words: [QueryWord], resolved: Resolved, side: SideSession?
  ) throws(EngineError) -> SearchResponse? {
    guard count >= TextScorer.customOrderThreshold(recordCount: snapshot.recordCount) else { return nil }
    let paths = requestedFacets()
    var readOut: SideWork<[UInt32]>?
    var missing: SideWork<[UInt32]?>?
    var share: FacetShare?
    var sideFacets: SideWork<(facets: [String: [String: Int]], stats: [String: FacetStats])>?
    let executor = self
    if !paths.isEmpty, countsComplement(matchCount: count, paths: paths) {
      // Most records match: their facets are the totals minus the missing records', the only ones read
      // out (by the side thread, which then counts attributes from the front; this thread from the back).
      guard count >= Self.sideFacetsThreshold else { return nil }
      guard let side, let complement = side.submit({ executor.missing(from: bits, count: count) }) else {
        guard let records = executor.missing(from: bits, count: count) else { return nil }
        return try answer(unlisted: bits, count: count, words: words, resolved: resolved, missing: records, side: side)
      }
      missing = complement
      let shared = FacetShare(paths: paths)
      share = shared
      sideFacets = side.submit {
        guard let records = complement.value else {
          // The bitset does not span the snapshot: its matches counted here, all of them.
          return executor.facetCounts(bits.members, bits: bits, resolved: resolved)
        }
        if executor.sideTakesSharedFacets {
          executor.countFacets(
            shared, fromFront: true, records: nil, bits: bits, complement: records, resolved: resolved)
        }
        return ([:], [:])
      }
    } else if !paths.isEmpty {
      guard count >= Self.sideFacetsThreshold, count < Bitset.sideDecodingThreshold, let side,
        let members = side.submit({ bits.members(side: nil, count: count) })
      else { return nil }
      readOut = members
      let shared = count >= Self.sharedFacetsThreshold ? FacetShare(paths: paths) : nil
      share = shared
      sideFacets = side.submit {
        let records = members.value
        guard let shared else { return executor.facetCounts(records, bits: bits, resolved: resolved) }
        if executor.sideTakesSharedFacets {
          executor.countFacets(
            shared, fromFront: true, records: records, bits: bits, complement: nil, resolved: resolved)
        }
        return ([:], [:])
      }
    }
    // As in ``run()``: half of the hits beside only once the facets are done there.
    let hits = try rankedHits(bits, count: count, words: words, resolved: resolved, side: side) {
      sideFacets?.isDone ?? true
    }
    var counts: (facets: [String: [String: Int]], stats: [String: FacetStats]) = ([:], [:])
    if let missing, let share {
      if let complement = missing.value {
        countFacets(share, fromFront: false, records: nil, bits: bits, complement: complement, resolved: resolved)
        _ = sideFacets?.value
        counts = share.results()
      } else {
        counts = sideFacets?.value ?? facetCounts(bits.members, bits: bits, resolved: resolved)
      }
    } else if let readOut {
      if let share {
        countFacets(share, fromFront: false, records: readOut.value, bits: bits, complement: nil, resolved: resolved)
        _ = sideFacets?.value
        counts = share.results()
      } else {
        counts = sideFacets?.value ?? facetCounts(readOut.value, bits: bits, resolved: resolved)
      }
    }
    return response(hits: hits, nbHits: count, resolved: resolved, facets: counts.facets, stats: counts.stats)
  }

  /// The hits of the requested page among the `count` matches of `bits`, ranked from the bitset; half of
  /// them built beside when `hitsBeside` says so once the ranking is done.
  func rankedHits(
    _ bits: Bitset, count: Int, words: [QueryWord], resolved: Resolved, side: SideSession?,
    hitsBeside: () -> Bool
  ) throws(EngineError) -> [Hit] {
    var scorer = TextScorer(snapshot: snapshot, words: words)
    scorer.matchBits = bits
    let (page, positionsNeeded) = positionsNeeded(resolved)
    let ranked = scorer.best(ofBits: bits, matchCount: count, count: positionsNeeded, side: side).map(\.doc)
    return try pageHits(ranked, page: page, words: words, resolved: resolved, side: hitsBeside() ? side : nil)
  }

  /// The answer to a query of `words` whose `count` matches `bits` holds, most of the records, read out
  /// by this thread as the records `missing` from them: ranked from the bitset, then the facets counted
  /// as the totals minus the missing records' — on both threads, if the side thread has become free.
  private func answer(
    unlisted bits: Bitset, count: Int, words: [QueryWord], resolved: Resolved, missing: [UInt32],
    side: SideSession?
  ) throws(EngineError) -> SearchResponse {
    let hits = try rankedHits(bits, count: count, words: words, resolved: resolved, side: side) { true }
    let share = FacetShare(paths: requestedFacets())
    let executor = self
    let beside =
      sideTakesSharedFacets
      ? side?.submit {
        executor.countFacets(share, fromFront: true, records: nil, bits: bits, complement: missing, resolved: resolved)
      } : nil
    countFacets(share, fromFront: false, records: nil, bits: bits, complement: missing, resolved: resolved)
    _ = beside?.value
    let counts = share.results()
    return response(hits: hits, nbHits: count, resolved: resolved, facets: counts.facets, stats: counts.stats)
  }
}
