extension LocalIndex {
  /// Builds now, on the calling thread, what the first searches of a search-as-you-type screen would
  /// otherwise build on a user's keystroke, for every segment of the current view: the records of each
  /// first character of the terms (what a word's first letter asks for: merging the postings of the
  /// thousands of English terms starting with `c` took 1.3 ms of the showcase's first keystroke at a
  /// million records), each record's rank, each numeric facet's link to its facet values and their
  /// numbers, and each facet's largest count.
  ///
  /// Call it once after loading the records, before the first keystroke (the showcase does, before its
  /// first frame: about 40 ms at a million English records); off the main thread in an app. Searches
  /// give the same answers with or without it; the sets built take a bit per record each (`bench`'s
  /// storage table counts them with the text), at most 64 a segment. Writes
  /// afterwards make new segments, which build theirs as queries need them.
  public func warmUp() {
    for segment in view.segments { segment.snapshot.warmUp() }
  }
}

extension IndexSnapshot {
  /// ``LocalIndex/warmUp()`` for this snapshot.
  func warmUp() {
    text.prepareFirstCharacterSets(universe: recordCount)
    rankPermutation.prepare()
    for path in facets.keys.sorted() {
      _ = facets[path]?.largestCount
      if numerics[path]?.coded != nil { _ = numericFacetLink(path)?.numbers }
    }
  }
}
