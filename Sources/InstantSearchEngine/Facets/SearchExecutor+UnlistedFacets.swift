import InstantSearchModel

extension SearchExecutor {
  /// Starts counting the facets of `count` matches that `bits` holds unread, so that ranking takes them
  /// from the bitset (``TextScorer/best(ofBits:matchCount:count:side:)``) and the facets are counted from
  /// it too, by the side thread and this one from the two ends of a ``MemberFacetShare``: each member's
  /// values read as its bit is found, or each dense value's bitset ANDed with the matches (see
  /// ``FacetColumn/valueCounts(members:count:in:)``). Reading 451,527 matches out of their bitset on both
  /// threads before counting them took as long as counting the brands. When most records match, only the
  /// missing ones are read out (on the side thread; both threads then count the facets as the totals
  /// minus theirs): the matches never are.
  ///
  /// When the side thread is busy (a concurrent query, the same keystroke's suggestions say, holds it),
  /// the side work waits behind that query's, and this thread runs what has not started when it needs it
  /// (see ``SideWork/value``): the missing records read out, every attribute counted once its hits are
  /// built. Without a side thread, this thread reads the missing records out itself: reading out all
  /// 800,000 matches of the showcase's first keystroke instead took 6 ms, most of it in fresh pages.
  ///
  /// `nil` when the matches are better read out first (the caller then lists them): fewer than
  /// ``sideFacetsThreshold``, or most records matching in a bitset that does not span the snapshot.
  func startFacets(
    unlisted bits: Bitset, count: Int, paths: [String], _ resolved: Resolved, _ side: SideSession?
  ) -> PendingFacets? {
    guard count >= Self.sideFacetsThreshold else { return nil }
    let executor = self
    guard countsComplement(matchCount: count, paths: paths) else {
      // Counted from the bitset, by both threads when the side thread is free: the matches never read out.
      let share = MemberFacetShare(paths: paths, snapshot: snapshot, bits: bits, count: count)
      let beside =
        executor.sideTakesSharedFacets
        ? side?.submit { executor.countParts(share, fromFront: true, members: bits, count: count, resolved: resolved) }
        : nil
      return PendingFacets(
        isDone: { beside?.isDone ?? true },
        finish: {
          executor.countParts(share, fromFront: false, members: bits, count: count, resolved: resolved)
          _ = beside?.value
          return executor.results(share, members: bits, count: count, resolved: resolved)
        })
    }
    // Most records match: their facets are the totals minus the missing records', the only ones read out.
    let share = executor.sharedFacets(paths)
    guard let side else {
      // Without a side thread, this thread reads the missing records out, ranks, builds the hits, then
      // counts the facets.
      guard let missing = missing(from: bits, count: count) else { return nil }
      return PendingFacets(
        isDone: { true },
        finish: {
          executor.countFacets(
            share, fromFront: false, records: nil, bits: bits, complement: missing, resolved: resolved)
          return share.results()
        })
    }
    // With the side thread busy (a concurrent query, the same request's suggestions query say), both
    // pieces wait for it behind that query's work; this thread runs whichever has not started when it
    // needs it (see `SideWork.value`).
    let missing = side.submit { executor.missing(from: bits, count: count) }
    let beside = side.submit {
      guard let records = missing.value else {
        // The bitset does not span the snapshot: its matches counted here, all of them.
        return executor.facetCounts(bits.members, bits: bits, resolved: resolved)
      }
      if executor.sideTakesSharedFacets {
        executor.countFacets(share, fromFront: true, records: nil, bits: bits, complement: records, resolved: resolved)
      }
      return ([:], [:])
    }
    return PendingFacets(
      isDone: { beside.isDone },
      finish: {
        guard let complement = missing.value else { return beside.value }
        executor.countFacets(
          share, fromFront: false, records: nil, bits: bits, complement: complement, resolved: resolved)
        _ = beside.value
        return share.results()
      })
  }
}

extension SearchExecutor {
  /// Counts the parts of `share` not taken yet over the `count` members of `bits`, taking them from its
  /// front or its back, without reading the members out (``FacetColumn/valueCounts(members:count:in:)``;
  /// an attribute of many values counted whole gives what a response shows of it at once, see
  /// ``countedFromMembers(_:path:members:count:resolved:)``).
  func countParts(_ share: MemberFacetShare, fromFront: Bool, members bits: Bitset, count: Int, resolved: Resolved) {
    while let position = share.take(fromFront: fromFront) {
      let part = share.parts[position]
      let path = share.paths[part.path]
      guard let column = snapshot.facets[path] else { continue }
      if part.words == nil,
        let counted = countedFromMembers(column, path: path, members: bits, count: count, resolved: resolved)
      {
        share.store(counted: counted, at: position)
        continue
      }
      share.store(column.valueCounts(members: bits, count: count, in: part.words), at: position)
    }
  }

  /// The counts of `share`'s attributes once every part is counted, as a response shows them; a numeric
  /// facet's statistics come from its values' counts through the link, or else from its numbers over the
  /// members read out.
  func results(
    _ share: MemberFacetShare, members bits: Bitset, count: Int, resolved: Resolved
  ) -> (facets: [String: [String: Int]], stats: [String: FacetStats]) {
    var all: [(path: String, counts: FacetShare.Counted)] = share.finished().map { (share.paths[$0.key], $0.value) }
    for (position, pairs) in share.merged() {
      let path = share.paths[position]
      guard let column = snapshot.facets[path] else { continue }
      let stat = snapshot.numerics[path].flatMap { numeric in
        (linkedStatistics(path, pairs) ?? statistics(numeric, bits.members(side: nil, count: count))).stats
      }
      all.append((path, counted(column, pairs, stats: stat, resolved: resolved)))
    }
    return FacetShare.response(all)
  }
}
