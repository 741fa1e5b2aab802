import InstantSearchModel

/// Facet counts begun before ranking, on the side thread: the caller finishes them after the hits.
struct PendingFacets {
  /// Whether the side thread is done with its part (a page's hits are then worth building beside it).
  let isDone: () -> Bool
  /// The counts, once both threads are done with them.
  let finish: () -> (facets: [String: [String: Int]], stats: [String: FacetStats])
}

/// The facet stage: the requested facets counted over the records each part counts, by one of two
/// strategies chosen in ``facetStrategy(_:)``.
extension ViewSearch {
  /// How a search's facets are counted.
  enum FacetStrategy: Equatable {
    /// One part, counted by its own values (ids), beside ranking when the side thread is free: a view of
    /// one segment whose matches are spelled out (a bitset or a list).
    case onePart
    /// Every part's counts summed by value (``facetCounts(_:resolved:)``): the plain strategy, right for
    /// any parts. Counts over every live record are kept on the view, so that the next query without
    /// words or filters (a search page opening) reads them back.
    case merged
  }

  /// The strategy for `parts`.
  static func facetStrategy(_ parts: [SegmentSearch]) -> FacetStrategy {
    // Read in place: a copy of a part copies its query (dozens of references retained and released).
    parts.count == 1 && !parts[0].matchesEvery ? .onePart : .merged
  }

  /// Starts counting the facets before ranking when they count every match and there are enough of them
  /// to be worth a second thread; `nil` when they are counted after ranking (``countFacets(_:plan:)``).
  /// Matches left unread that this stage does not take are read out here, for the stages after it.
  func startFacets(_ parts: inout [SegmentSearch], plan: SearchPlan, side: SideSession?) -> PendingFacets? {
    guard !plan.facetPaths.isEmpty else { return nil }
    guard Self.facetStrategy(parts) == .onePart, plan.countsAllMatches else {
      for index in parts.indices { parts[index].list(side: side) }
      return nil
    }
    if case .unlisted(let bits, let count) = parts[0].found {
      if count >= TextScorer.customOrderThreshold(recordCount: parts[0].segment.snapshot.recordCount),
        let pending = parts[0].executor.startFacets(
          unlisted: bits, count: count, paths: plan.facetPaths, plan.resolved, side)
      {
        return pending
      }
      parts[0].list(side: side)
    }
    return parts[0].executor.startFacets(
      listed: parts[0].matches, bits: parts[0].matchBits, paths: plan.facetPaths, plan.resolved, side)
  }

  /// The facet counts over the records ranking left each part to count, by `strategy` (the one
  /// ``facetStrategy(_:)`` chooses unless given; ``FacetStrategy/onePart`` only for one part).
  func countFacets(
    _ parts: [SegmentSearch], plan: SearchPlan, strategy: FacetStrategy? = nil
  ) -> (facets: [String: [String: Int]], stats: [String: FacetStats]) {
    guard !plan.facetPaths.isEmpty else { return ([:], [:]) }
    switch parts.count == 1 ? strategy ?? Self.facetStrategy(parts) : .merged {
    case .onePart:
      let counted = parts[0].ranking.counted
      // The counted records are the matches (as their bitset holds them) unless ranking left some out.
      let bits = counted != nil && counted?.count == parts[0].matches?.count ? parts[0].matchBits : nil
      return parts[0].executor.facetCounts(counted, bits: bits, resolved: plan.resolved)
    case .merged:
      return facetCounts(parts, resolved: plan.resolved)
    }
  }
}

extension SearchExecutor {
  /// Starts counting the facets of the listed `matches` (`nil`: every record) on the side thread: from
  /// ``sideFacetsThreshold`` matches on, and from ``sharedFacetsThreshold`` on (unless most records
  /// match) in a ``FacetShare`` that this thread joins once its hits are built. `nil` below, or when the
  /// side thread is busy: the caller counts them after ranking.
  func startFacets(
    listed matches: [UInt32]?, bits: Bitset?, paths: [String], _ resolved: Resolved, _ side: SideSession?
  ) -> PendingFacets? {
    guard let matches, matches.count >= Self.sideFacetsThreshold, let side else { return nil }
    let share =
      matches.count >= Self.sharedFacetsThreshold && !countsComplement(matches, paths: paths)
      ? sharedFacets(paths) : nil
    let executor = self
    let beside = side.submit {
      guard let share else { return executor.facetCounts(matches, bits: bits, resolved: resolved) }
      executor.countFacets(share, fromFront: true, records: matches, bits: bits, complement: nil, resolved: resolved)
      return ([:], [:])
    }
    return PendingFacets(
      isDone: { beside.isDone },
      finish: {
        guard let share else { return beside.value }
        executor.countFacets(share, fromFront: false, records: matches, bits: bits, complement: nil, resolved: resolved)
        _ = beside.value
        return share.results()
      })
  }
}
