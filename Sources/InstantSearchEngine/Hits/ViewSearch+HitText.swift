import InstantSearchModel

/// The hits stage when the hits are wanted as JSON text (``ViewSearch/writesHitText``): the same hits as
/// ``ViewSearch/hits(_:parts:side:)`` with their `_rankingInfo`, written straight from the packed records
/// where the query allows it (``SearchExecutor/hitTextPlan()``), else built as objects and written.
extension ViewSearch {
  /// The text of the hits of `page` (candidates of `parts`), in order; the second half on the side thread
  /// as ``hits(_:parts:side:)`` does. `nil` when `responseFields` leaves the hits out.
  func hitsText(_ page: ArraySlice<Candidate>, parts: [SegmentSearch], side: SideSession?) throws(EngineError)
    -> HitsText?
  {
    if let fields = query.responseFields, !fields.contains("*"), !fields.contains("hits") { return nil }
    let ranked = query.getRankingInfo == true
    let records = page.map { candidate -> HitTextBuilder.Record in
      (candidate.part, candidate.doc, ranked ? rankingInfo(candidate, parts: parts) : Optional<JSON>.none)
    }
    let builders = HitBuilder.builders(of: records.map(\.part), in: parts)
    let build = { @Sendable (half: ArraySlice<HitTextBuilder.Record>) throws(EngineError) in
      try HitTextBuilder.text(half, builders)
    }
    return try Self.halving(records, side: side, join: { $0.appending($1) }, build: build)
  }
}

/// Writes the hits of some records as JSON text, with a highlighter and a text plan for each part.
enum HitTextBuilder {
  /// A record to write: its part, its number there and its `_rankingInfo`, if asked for.
  typealias Record = (part: Int, doc: UInt32, rankingInfo: JSON?)

  /// The text of `records` (part, record, `_rankingInfo`) in order; `builders` holds one for every part
  /// `records` names.
  static func text(
    _ records: ArraySlice<Record>, _ builders: [HitBuilder?]
  ) throws(EngineError) -> HitsText {
    var highlighters = [Highlighter?](repeating: nil, count: builders.count)
    var plans = [SearchExecutor.HitTextPlan?](repeating: nil, count: builders.count)
    var planned = [Bool](repeating: false, count: builders.count)
    var text = HitsText()
    text.objects.reserveCapacity(records.count * 1024)
    text.objectIDs.reserveCapacity(records.count)
    for (part, doc, rankingInfo) in records {
      // The builders are read in place (a copy of one is a copy of its query).
      let highlighter: Highlighter
      if let made = highlighters[part] {
        highlighter = made
      } else if let made = builders[part]?.makeHighlighter() {
        highlighter = made
        highlighters[part] = made
      } else {
        continue
      }
      if !planned[part] {
        plans[part] = builders[part]?.executor.hitTextPlan()
        planned[part] = true
      }
      if !text.objectIDs.isEmpty { text.objects.append(UInt8(ascii: ",")) }
      if let plan = plans[part],
        let objectID = builders[part]?.executor.appendHitText(
          Int(doc), plan: plan, highlighter: highlighter, rankingInfo: rankingInfo, to: &text.objects)
      {
        text.objectIDs.append(objectID)
        continue
      }
      let built: SearchHit? = try builders[part]?.executor.hit(Int(doc), highlighter: highlighter)
      guard var hit = built else { continue }
      if let rankingInfo { hit.object["_rankingInfo"] = rankingInfo }
      JSON.object(hit.object).appendText(to: &text.objects)
      text.objectIDs.append(hit.objectID)
    }
    return text
  }
}
