import InstantSearchModel

/// The hits stage: the page's records built as hits (highlighted, snippeted, attributes retrieved), half
/// of them on the side thread when it is free and the page is large enough to be worth it.
extension ViewSearch {
  /// The hits of `page` (candidates of `parts`), in order; from ``SearchExecutor/sideHitsThreshold``
  /// hits on with a `side` session that has or gets the thread, the second half is built there (with
  /// highlighters of its own) while this thread builds the first. The first hit that cannot be built is
  /// reported, as when they are built in turn.
  func hits(_ page: ArraySlice<Candidate>, parts: [SegmentSearch], side: SideSession?) throws(EngineError) -> [Hit] {
    let builders = parts.map { HitBuilder(executor: $0.executor, words: $0.words) }
    let records = page.map { (part: $0.part, doc: $0.doc) }
    let half = records.count / 2
    let tail = Array(records[half...])
    guard records.count >= SearchExecutor.sideHitsThreshold,
      let later = side?.submit({ Result { () throws(EngineError) in try HitBuilder.hits(tail[...], builders) } })
    else {
      return try HitBuilder.hits(records[...], builders)
    }
    let head = try HitBuilder.hits(records[..<half], builders)
    return try head + later.value.get()
  }
}

/// What builds the hits of one part's records: its executor and query words.
struct HitBuilder: Sendable {
  let executor: SearchExecutor
  let words: [QueryWord]

  /// The hits of `records` (part, record) in order, with a highlighter for each part that shows records
  /// (most small segments show none).
  static func hits(
    _ records: ArraySlice<(part: Int, doc: UInt32)>, _ builders: [HitBuilder]
  ) throws(EngineError) -> [Hit] {
    var highlighters = [Highlighter?](repeating: nil, count: builders.count)
    var hits: [Hit] = []
    hits.reserveCapacity(records.count)
    for (part, doc) in records {
      let builder = builders[part]
      let highlighter = highlighters[part] ?? builder.executor.highlighter(words: builder.words)
      highlighters[part] = highlighter
      hits.append(try builder.executor.hit(Int(doc), highlighter: highlighter))
    }
    return hits
  }
}
