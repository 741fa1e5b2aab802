import InstantSearchCore

extension IndexView {
  /// The view after a batch of writes: the saved records become one new segment (packed with `codec`, a
  /// codec of their own), the records they replace and the deleted ones are marked in their segments,
  /// and small segments are merged (see ``mergingTail(_:)``). A replaced record keeps its sequence number.
  /// New settings rebuild every record into one segment.
  func applying(_ batch: LocalIndex.Replacements, codec: PackedCodec, settings newSettings: IndexSettings?)
    -> IndexView
  {
    var segments = batch.cleared ? [] : self.segments
    var next = nextSequence
    if !batch.cleared {
      for id in batch.deleted {
        if let place = locate(id) { segments[place.segment].delete(place.doc) }
      }
    }
    var entries: [(sequence: UInt64, id: String)] = []
    entries.reserveCapacity(batch.order.count)
    for id in batch.order {
      if !batch.cleared, let place = locate(id) {
        entries.append((segments[place.segment].sequences[place.doc], id))
        segments[place.segment].delete(place.doc)
      } else {
        entries.append((next, id))
        next += 1
      }
    }
    if !entries.isEmpty {
      entries.sort { $0.sequence < $1.sequence }
      var builder = SnapshotBuilder(name: name, settings: settings, codec: codec)
      for entry in entries {
        if let packed = batch.saved[entry.id] { builder.add(packed: packed) }
      }
      segments.append(Segment(snapshot: builder.build(), sequences: SequenceNumbers(entries.map(\.sequence))))
    }
    let written = IndexView(name: name, settings: settings, segments: segments, nextSequence: next)
    if let newSettings { return written.rebuilt(settings: newSettings) }
    return IndexView(name: name, settings: settings, segments: Self.mergingTail(written.segments), nextSequence: next)
  }

  /// Every live record in one segment built with `settings`, numbered from 0 in sequence order.
  func rebuilt(settings: IndexSettings) -> IndexView {
    let merged = Self.merged(segments, name: name, settings: settings, renumber: true)
    return IndexView(name: name, settings: settings, segments: [merged], nextSequence: UInt64(merged.liveCount))
  }

  /// How many segments of one size tier are merged into one: a record is merged about log₄ of the
  /// record count times over its life, and there are at most three segments per tier.
  static let mergeFactor = 4

  /// The size tier of a segment of `count` live records: ⌊log₄ count⌋.
  static func tier(_ count: Int) -> Int {
    var tier = 0
    var size = max(count, 1)
    while size >= mergeFactor {
      size /= mergeFactor
      tier += 1
    }
    return tier
  }

  /// `segments` after merging: a segment more than half deleted is rewritten without its deleted
  /// records, and while the newest segments of the newest one's tier or below number `mergeFactor` (or
  /// are smaller than it), they become one.
  static func mergingTail(_ segments: [Segment]) -> [Segment] {
    var segments = segments
    for index in segments.indices where segments[index].deletedCount > segments[index].liveCount {
      let snapshot = segments[index].snapshot
      segments[index] = merged([segments[index]], name: snapshot.name, settings: snapshot.settings, renumber: false)
    }
    while segments.count >= 2 {
      let newest = tier(segments[segments.count - 1].liveCount)
      var start = segments.count - 1
      while start > 0, tier(segments[start - 1].liveCount) <= newest { start -= 1 }
      let run = segments.count - start
      let smaller = segments[start..<(segments.count - 1)].contains { tier($0.liveCount) < newest }
      guard run >= mergeFactor || smaller else { break }
      let first = segments[start].snapshot
      let merged = merged(Array(segments[start...]), name: first.name, settings: first.settings, renumber: false)
      segments.replaceSubrange(start..., with: [merged])
    }
    return segments
  }

  /// One segment holding the live records of `segments` in sequence order. The records of the largest
  /// segment are copied as they are packed (its codec is the merged one's); the others are transcoded
  /// (their key and token ids mapped).
  static func merged(_ segments: [Segment], name: String, settings: IndexSettings, renumber: Bool) -> Segment {
    let largest = segments.indices.max { segments[$0].snapshot.recordCount < segments[$1].snapshot.recordCount }
    let base = largest.map { segments[$0].snapshot.codec } ?? PackedCodec()
    var builder = SnapshotBuilder(name: name, settings: settings, codec: base)
    var sequences: [UInt64] = []
    var transcoders = segments.indices.map {
      $0 == largest ? nil : PackedTranscoder(source: segments[$0].snapshot.codec)
    }
    forEachLiveRecord(of: segments) { index, doc in
      let snapshot = segments[index].snapshot
      if index == largest {
        snapshot.store.withRecord(doc) { builder.add(packed: $0) }
      } else {
        let packed = snapshot.store.withRecord(doc) { transcoders[index]?.transcode($0, into: &builder.codec) }
        builder.add(packed: packed ?? [])
      }
      if !renumber { sequences.append(segments[index].sequences[doc]) }
    }
    let numbers = renumber ? SequenceNumbers(consecutiveFrom: 0) : SequenceNumbers(sequences)
    return Segment(snapshot: builder.build(), sequences: numbers)
  }
}
