import InstantSearchModel

/// The hits stage: the page's records built as hits (highlighted, snippeted, attributes retrieved), half
/// of them on the side thread when it is free and the page is large enough to be worth it.
extension ViewSearch {
  /// The hits of `page` (candidates of `parts`), in order; from ``SearchExecutor/sideHitsThreshold``
  /// hits on with a `side` session that has or gets the thread, the second half is built there (with
  /// highlighters of its own) while this thread builds the first. The first hit that cannot be built is
  /// reported, as when they are built in turn.
  /// None when `responseFields` leaves the hits out.
  func hits(_ page: ArraySlice<Candidate>, parts: [SegmentSearch], side: SideSession?) throws(EngineError)
    -> [SearchHit]
  {
    if let fields = query.responseFields, !fields.contains("*"), !fields.contains("hits") { return [] }
    let records = page.map { (part: $0.part, doc: $0.doc) }
    guard records.count >= SearchExecutor.sideHitsThreshold, side != nil else {
      return try HitBuilder.hits(records[...], parts)
    }
    let builders = HitBuilder.builders(of: records.map(\.part), in: parts)
    return try Self.halving(records, side: side, join: +) { (half) throws(EngineError) in
      try HitBuilder.hits(half, builders)
    }
  }

  /// `build` of `records`, in order: from ``SearchExecutor/sideHitsThreshold`` records on with a `side`
  /// session that has or gets the thread, the second half there while this thread builds the first, the
  /// two put together by `join`; else all of them here. The first error of the first half is reported
  /// before the second's, as when they are built in turn.
  static func halving<Record: Sendable, Output: Sendable>(
    _ records: [Record], side: SideSession?, join: (Output, Output) -> Output,
    build: @escaping @Sendable (ArraySlice<Record>) throws(EngineError) -> Output
  ) throws(EngineError) -> Output {
    guard records.count >= SearchExecutor.sideHitsThreshold, let side else { return try build(records[...]) }
    let half = records.count / 2
    let tail = records[half...]
    let later = side.submit { Result { () throws(EngineError) in try build(tail) } }
    let head = try build(records[..<half])
    return join(head, try later.value.get())
  }
}

/// What builds the hits of one part's records: its executor and query words.
struct HitBuilder: Sendable {
  let executor: SearchExecutor
  let words: [QueryWord]

  /// A builder for each of `parts` that `shown` (part numbers) names; `nil` for the others (most small
  /// segments show no record), so that only those are handed to the side thread.
  static func builders(of shown: [Int], in parts: [SegmentSearch]) -> [HitBuilder?] {
    var builders = [HitBuilder?](repeating: nil, count: parts.count)
    for part in shown where builders[part] == nil {
      builders[part] = HitBuilder(executor: parts[part].executor, words: parts[part].words)
    }
    return builders
  }

  /// The highlighter of this part's hits.
  func makeHighlighter() -> Highlighter {
    executor.highlighter(words: words)
  }

  /// The hits of `records` (part, record) in order, with a highlighter for each part that shows records
  /// (most small segments show none); `builders` holds one for every part `records` names.
  static func hits(
    _ records: ArraySlice<(part: Int, doc: UInt32)>, _ builders: [HitBuilder?]
  ) throws(EngineError) -> [SearchHit] {
    var highlighters = [Highlighter?](repeating: nil, count: builders.count)
    var hits: [SearchHit] = []
    hits.reserveCapacity(records.count)
    // The builder of the part read last, copied once a part: read from the array for every hit, it was
    // copied each time, its executor's many references retained and released (a twentieth of a small
    // query's time).
    var part = -1
    var builder: HitBuilder?
    for (recordPart, doc) in records {
      if recordPart != part {
        part = recordPart
        builder = builders[part]
      }
      guard let highlighter = highlighters[part] ?? builder?.makeHighlighter() else { continue }
      highlighters[part] = highlighter
      guard let hit = try builder?.executor.hit(Int(doc), highlighter: highlighter) else { continue }
      hits.append(hit)
    }
    return hits
  }

  /// ``hits(_:_:)`` built in place from the parts' executors, on the caller's thread.
  static func hits(
    _ records: ArraySlice<(part: Int, doc: UInt32)>, _ parts: [SegmentSearch]
  ) throws(EngineError) -> [SearchHit] {
    var highlighters = [Highlighter?](repeating: nil, count: parts.count)
    var hits: [SearchHit] = []
    hits.reserveCapacity(records.count)
    guard let first = records.first else { return hits }
    // The executor of the part read last, copied once a part rather than once a hit (see above).
    var part = first.part
    var executor = parts[part].executor
    for (recordPart, doc) in records {
      if recordPart != part {
        part = recordPart
        executor = parts[part].executor
      }
      let highlighter = highlighters[part] ?? executor.highlighter(words: parts[part].words)
      highlighters[part] = highlighter
      hits.append(try executor.hit(Int(doc), highlighter: highlighter))
    }
    return hits
  }
}
