import InstantSearchModel

extension LocalIndex {
  /// One page of a browse: every record matching `query`'s text and filters, in the order records were
  /// first saved — not ranked, and not limited by `paginationLimitedTo`, so that a whole index can be
  /// read page by page (Algolia's `browse`).
  ///
  /// Returns the hits from position `offset` (at most `count`, each as `SearchResponse` hits are, with
  /// highlighting) and how many records match in all.
  ///
  /// - Throws: ``EngineError`` for invalid filters or parameters, or records that failed their checksum.
  public func browse(_ query: Query, offset: Int, count: Int) throws(EngineError) -> (hits: [SearchHit], nbHits: Int) {
    let query = try view.settings.applyingDefaults(to: query)
    try SearchLimits.checkLists(of: query)
    let search = ViewSearch(view: view, query: query)
    guard let plan = try SearchPlan(search) else { return ([], 0) }
    let parts = try search.matchingParts(plan)
    // Each part's matching records, in record (so sequence) order; merged by sequence number.
    var matches: [(sequence: UInt64, part: Int, doc: UInt32)] = []
    for (index, part) in parts.enumerated() {
      let words = part.words
      let scorer = words.isEmpty ? nil : part.scorer
      let docs = part.matches ?? part.segment.liveDocs
      let kept = scorer.map { scorer in scorer.scoreAll(docs).map(\.doc) } ?? docs
      for doc in kept { matches.append((part.segment.sequences[Int(doc)], index, doc)) }
    }
    matches.sort { $0.sequence < $1.sequence }
    let start = min(max(offset, 0), matches.count)
    let page = matches[start..<min(matches.count, start + max(count, 0))]
    let highlighters = parts.map { $0.executor.highlighter(words: $0.words) }
    var hits: [SearchHit] = []
    // Records that failed their checksum read as empty objects, a text index as empty: the damage is the
    // error to report.
    if let failure = view.recordsFailure() ?? view.readFailure() { throw .storage(failure) }
    for match in page {
      hits.append(try parts[match.part].executor.hit(Int(match.doc), highlighter: highlighters[match.part]))
    }
    return (hits, matches.count)
  }
}
