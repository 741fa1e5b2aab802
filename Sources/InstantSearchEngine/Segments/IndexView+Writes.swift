import Dispatch
import InstantSearchModel

extension IndexView {
  /// The view after a batch of writes: the saved records become one new segment (packed with `codec`, a
  /// codec of their own), the records they replace and the deleted ones are marked in their segments,
  /// and small segments are merged (see ``mergingTail(_:)``). A replaced record keeps its sequence number.
  /// New settings that change the searchable or faceting attributes rebuild every record into one
  /// segment; other settings keep the segments (see ``reranked(settings:)``).
  func applying(_ batch: LocalIndex.Replacements, codec: PackedCodec, settings newSettings: IndexSettings?)
    -> IndexView
  {
    applying(batch, parts: [PackedPart(saved: batch.saved, codec: codec)], settings: newSettings)
  }

  /// Saved records packed with a codec of their own: one new segment.
  struct PackedPart: Sendable {
    var saved: [String: [UInt8]]
    var codec: PackedCodec
  }

  /// ``applying(_:codec:settings:)`` with the saved records packed in parts (a large batch is packed on
  /// several threads): each part becomes a segment, the parts built at the same time. `batch.order` and
  /// its deletions say what the batch does; each saved record is in one part.
  func applying(_ batch: LocalIndex.Replacements, parts: [PackedPart], settings newSettings: IndexSettings?)
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
    entries.sort { $0.sequence < $1.sequence }
    let sorted = entries
    let built = Locked<[Int: Segment]>([:])
    let name = self.name
    let settings = self.settings
    let work = { @Sendable (part: Int) in
      var builder = SnapshotBuilder(name: name, settings: settings, codec: parts[part].codec)
      var sequences: [UInt64] = []
      for entry in sorted {
        guard let packed = parts[part].saved[entry.id] else { continue }
        builder.add(packed: packed)
        sequences.append(entry.sequence)
      }
      guard !sequences.isEmpty else { return }
      let segment = Segment(snapshot: builder.build(), sequences: SequenceNumbers(sequences))
      built.withLock { $0[part] = segment }
    }
    if parts.count > 1 {
      DispatchQueue.concurrentPerform(iterations: parts.count, execute: work)
    } else if !parts.isEmpty {
      work(0)
    }
    segments += built.withLock { made in parts.indices.compactMap { made[$0] } }
    let written = IndexView(name: name, settings: settings, segments: segments, nextSequence: next)
    if let newSettings {
      guard newSettings.sharesIndexStructures(with: settings) else { return written.rebuilt(settings: newSettings) }
      return written.reranked(settings: newSettings)
    }
    return IndexView(name: name, settings: settings, segments: Self.mergingTail(written.segments), nextSequence: next)
  }

  /// The same segments answering with `settings`, which share their index structures (see
  /// ``IndexSettings/sharesIndexStructures(with:)``): nothing is rebuilt, each segment's rank permutation
  /// is computed again only when the ranking criteria changed.
  func reranked(settings: IndexSettings) -> IndexView {
    let segments = segments.map { segment in
      segment.replacingSnapshot(segment.snapshot.reranked(name: name, settings: settings, isVirtualReplica: false))
    }
    return IndexView(name: name, settings: settings, segments: segments, nextSequence: nextSequence)
  }

  /// Every live record in one segment built with `settings`, numbered from 0 in sequence order.
  func rebuilt(settings: IndexSettings) -> IndexView {
    let merged = Self.merged(segments, name: name, settings: settings, renumber: true).segment
    return IndexView(name: name, settings: settings, segments: [merged], nextSequence: UInt64(merged.liveCount))
  }

  /// `segments` after the merges the policy wants that are small enough to run in a write (see
  /// ``MergePolicy``); larger ones are left to the index's background merger, unless the segments have
  /// grown past ``MergePolicy/segmentLimit`` (merges fallen behind: the write then merges itself).
  static func mergingTail(_ segments: [Segment]) -> [Segment] {
    var segments = segments
    while let picked = MergePolicy.nextMerge(segments) {
      guard
        MergePolicy.records(segments, picked) <= MergePolicy.inlineLimit || segments.count > MergePolicy.segmentLimit
      else { break }
      let first = segments[picked[0]].snapshot
      let merged = merged(picked.map { segments[$0] }, name: first.name, settings: first.settings, renumber: false)
      segments = MergePolicy.replacing(picked, in: segments, with: merged.segment)
    }
    return segments
  }

  /// One segment holding the live records of `segments` in sequence order. The records of the largest
  /// segment are copied as they are packed (its codec is the merged one's); the others are transcoded
  /// (their key and token ids mapped). A segment whose texts were cut or folded otherwise than `settings`
  /// say (the tokenization settings changed, see ``TextAnalysis``) is packed again from its records.
  ///
  /// With `repacking`, every segment is packed again (one read from an image of an older format, whose
  /// texts this build cuts otherwise, see ``SnapshotImage``).
  ///
  /// Also returns, per source segment and record, the record's number in the merged segment (-1 for a
  /// deleted one), so that deletions made while a background merge ran can be carried over.
  static func merged(
    _ segments: [Segment], name: String, settings: IndexSettings, renumber: Bool, repacking: Bool = false
  ) -> (segment: Segment, positions: [[Int32]]) {
    var positions = segments.map { [Int32](repeating: -1, count: $0.snapshot.recordCount) }
    let analysis = settings.textAnalysis
    let agrees = segments.map { !repacking && $0.snapshot.codec.dictionary.analysis == analysis }
    let largest = segments.indices.filter { agrees[$0] }.max {
      segments[$0].snapshot.recordCount < segments[$1].snapshot.recordCount
    }
    let base = largest.map { segments[$0].snapshot.codec } ?? PackedCodec(leadingWith: settings)
    var builder = SnapshotBuilder(name: name, settings: settings, codec: base)
    for segment in segments { builder.inheritVerification(from: segment.snapshot.store) }
    var sequences: [UInt64] = []
    var transcoders = segments.indices.map {
      $0 == largest || !agrees[$0] ? nil : PackedTranscoder(source: segments[$0].snapshot.codec)
    }
    forEachLiveRecord(of: segments) { index, doc in
      let snapshot = segments[index].snapshot
      if index == largest {
        snapshot.withRecord(doc) { builder.add(packed: $0) }
      } else if !agrees[index] {
        builder.add(packed: builder.codec.pack(snapshot.record(doc)))
      } else {
        let packed = snapshot.withRecord(doc) { transcoders[index]?.transcode($0, into: &builder.codec) }
        builder.add(packed: packed ?? [])
      }
      if !renumber { sequences.append(segments[index].sequences[doc]) }
      positions[index][doc] = Int32(builder.recordCount - 1)
    }
    let numbers = renumber ? SequenceNumbers(consecutiveFrom: 0) : SequenceNumbers(sequences)
    return (Segment(snapshot: builder.build(), sequences: numbers), positions)
  }
}
