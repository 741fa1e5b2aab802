import InstantSearchModel

extension SearchExecutor {
  /// Starts counting the facets of `count` matches that `bits` holds unread, so that ranking takes them
  /// from the bitset (``TextScorer/best(ofBits:matchCount:count:side:)``) while the side thread reads them
  /// out for the facets. Reading 50,000 matches out of their bitset took a tenth of a keystroke's time on
  /// this thread, which ranking and the hits do not need. When most records match, only the missing ones
  /// are read out (on the side thread; both threads then count the facets as the totals minus theirs,
  /// from the two ends of a ``FacetShare``): the matches never are.
  ///
  /// When most records match and the side thread is busy (a concurrent query, the same keystroke's
  /// suggestions say, holds it) or absent, this thread reads the missing records out itself: reading out
  /// all 800,000 matches of the showcase's first keystroke instead took 6 ms, most of it in fresh pages.
  ///
  /// `nil` when the matches are better read out first (the caller then lists them): fewer than
  /// ``sideFacetsThreshold``; fewer than most records matching and the side thread busy; or, most records
  /// not matching, so many matches that this thread would wait for the side thread's reading (from
  /// ``Bitset/sideDecodingThreshold`` on, both threads read them out).
  func startFacets(
    unlisted bits: Bitset, count: Int, paths: [String], _ resolved: Resolved, _ side: SideSession?
  ) -> PendingFacets? {
    guard count >= Self.sideFacetsThreshold else { return nil }
    let executor = self
    guard countsComplement(matchCount: count, paths: paths) else {
      guard count < Bitset.sideDecodingThreshold, let side,
        let members = side.submit({ bits.members(side: nil, count: count) })
      else { return nil }
      let share = count >= Self.sharedFacetsThreshold ? executor.sharedFacets(paths) : nil
      let beside = side.submit {
        let records = members.value
        guard let share else { return executor.facetCounts(records, bits: bits, resolved: resolved) }
        if executor.sideTakesSharedFacets {
          executor.countFacets(
            share, fromFront: true, records: records, bits: bits, complement: nil, resolved: resolved)
        }
        return ([:], [:])
      }
      return PendingFacets(
        isDone: { beside?.isDone ?? true },
        finish: {
          guard let share else {
            return beside?.value ?? executor.facetCounts(members.value, bits: bits, resolved: resolved)
          }
          executor.countFacets(
            share, fromFront: false, records: members.value, bits: bits, complement: nil, resolved: resolved)
          _ = beside?.value
          return share.results()
        })
    }
    // Most records match: their facets are the totals minus the missing records', the only ones read out.
    let share = executor.sharedFacets(paths)
    guard let side, let missing = side.submit({ executor.missing(from: bits, count: count) }) else {
      // This thread reads the missing records out, ranks, builds the hits, then counts the facets — on
      // both threads, if the side thread has become free.
      guard let missing = missing(from: bits, count: count) else { return nil }
      return PendingFacets(
        isDone: { true },
        finish: {
          let beside =
            executor.sideTakesSharedFacets
            ? side?.submit {
              executor.countFacets(
                share, fromFront: true, records: nil, bits: bits, complement: missing, resolved: resolved)
            } : nil
          executor.countFacets(
            share, fromFront: false, records: nil, bits: bits, complement: missing, resolved: resolved)
          _ = beside?.value
          return share.results()
        })
    }
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
      isDone: { beside?.isDone ?? true },
      finish: {
        guard let complement = missing.value else {
          return beside?.value ?? executor.facetCounts(bits.members, bits: bits, resolved: resolved)
        }
        executor.countFacets(
          share, fromFront: false, records: nil, bits: bits, complement: complement, resolved: resolved)
        _ = beside?.value
        return share.results()
      })
  }
}
