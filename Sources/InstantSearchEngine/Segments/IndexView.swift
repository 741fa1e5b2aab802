import InstantSearchModel

/// What a search reads: an index's settings and its segments, immutable. A write makes the next view.
///
/// A record lives in exactly one segment where it is not deleted; its sequence number (see ``Segment``)
/// orders it among the records of every segment, so ranking ties and the records written at a commit
/// come out in the same order however the records are split into segments.
final class IndexView: Sendable {
  let name: String
  let settings: IndexSettings
  /// The segments, oldest first; never empty (an empty index has one empty segment).
  let segments: [Segment]
  /// The sequence number the next new record gets.
  let nextSequence: UInt64
  /// Facet counts and statistics over every live record, by request (see
  /// ``ViewSearch/facetCounts(_:resolved:)``): a function of the view alone, kept until the next write
  /// makes another view.
  /// This view reranked for a search's own `ranking`, by ranking (see `ViewSearch+Ranking` parameter):
  /// at most ``maximumRankedViews``, so that the searches of one ranking pay for its order once.
  let rankedViews = Locked<[[String]: IndexView]>([:])
  /// The most rankings kept in ``rankedViews``: 4.
  static let maximumRankedViews = 4
  let liveFacetTotals = Locked<[LiveFacetKey: (facets: [String: [String: Int]], stats: [String: FacetStats])]>([:])

  /// What a count of every live record's facets depends on besides the view.
  struct LiveFacetKey: Hashable {
    let paths: [String]
    let maxValues: Int
    let alphabetical: Bool
  }

  init(name: String, settings: IndexSettings, segments: [Segment], nextSequence: UInt64) {
    self.name = name
    self.settings = settings
    let kept = segments.filter { $0.liveCount > 0 }
    self.segments =
      kept.isEmpty
      ? [Segment(snapshot: .empty(name: name, settings: settings), sequences: SequenceNumbers(consecutiveFrom: 0))]
      : kept
    self.nextSequence = nextSequence
  }

  /// A view of one snapshot built from records in order.
  convenience init(snapshot: IndexSnapshot) {
    self.init(
      name: snapshot.name, settings: snapshot.settings,
      segments: [Segment(snapshot: snapshot, sequences: SequenceNumbers(consecutiveFrom: 0))],
      nextSequence: UInt64(snapshot.recordCount))
  }

  /// An empty index.
  static func empty(name: String, settings: IndexSettings) -> IndexView {
    IndexView(name: name, settings: settings, segments: [], nextSequence: 0)
  }

  /// The number of live records.
  var recordCount: Int { segments.reduce(0) { $0 + $1.liveCount } }

  /// The only snapshot, when the view is one segment without deletions (the common case after a load,
  /// an import or a merge), for the paths that need no merging.
  var soleSnapshot: IndexSnapshot? {
    segments.count == 1 && segments[0].deletedCount == 0 ? segments[0].snapshot : nil
  }

  /// Where the live record with `objectID` is.
  func locate(_ objectID: String) -> (segment: Int, doc: Int)? {
    for index in segments.indices.reversed() {
      if let doc = segments[index].doc(for: objectID) { return (index, doc) }
    }
    return nil
  }

  /// The live record with `objectID`; `nil` also when the records holding it or the objectID index
  /// failed their checksum (see ``recordsFailure(findingByObjectID:)``).
  func record(objectID: String) -> [String: JSON]? {
    guard recordsFailure(findingByObjectID: true) == nil, let place = locate(objectID) else { return nil }
    return segments[place.segment].snapshot.record(place.doc)
  }

  /// Why the view cannot be read whole — a segment's records (or those a segment's were copied from), text
  /// index or objectID index failed their checksums — waiting for the verifications of what was mapped
  /// from images if they are not done (see ``IndexSnapshot/storageFailure()``); `nil` when all can be read.
  func storageFailure() -> DurableError? {
    firstFailure { $0.storageFailure() }
  }

  /// Why the records cannot be read (see ``IndexSnapshot/recordsFailure(findingByObjectID:)``), waiting
  /// for their verification; `nil` when all can be.
  func recordsFailure(findingByObjectID: Bool = false) -> DurableError? {
    firstFailure { $0.recordsFailure(findingByObjectID: findingByObjectID) }
  }

  /// Why what a search has read cannot be trusted (see ``IndexSnapshot/readFailure()``): without waiting
  /// for the verification of every record where the images store their blocks' checksums, nor of parts
  /// the search did not read.
  func readFailure() -> DurableError? {
    firstFailure { $0.readFailure() }
  }

  private func firstFailure(_ failure: (IndexSnapshot) -> DurableError?) -> DurableError? {
    for segment in segments {
      if let found = failure(segment.snapshot) { return found }
    }
    return nil
  }

  /// Calls `body` with every live record (segment index and record number) in sequence order.
  func forEachLiveRecord(_ body: (_ segment: Int, _ doc: Int) throws -> Void) rethrows {
    try Self.forEachLiveRecord(of: segments, body)
  }

  /// Calls `body` with every live record of `segments` in sequence order: a merge of the segments'
  /// record orders (each increasing in sequence numbers).
  static func forEachLiveRecord(
    of segments: [Segment], _ body: (_ segment: Int, _ doc: Int) throws -> Void
  ) rethrows {
    var cursors = [Int](repeating: 0, count: segments.count)
    func advance(_ index: Int) {
      let segment = segments[index]
      while cursors[index] < segment.snapshot.recordCount, segment.isDeleted(cursors[index]) { cursors[index] += 1 }
    }
    for index in segments.indices { advance(index) }
    while true {
      var best: Int?
      for index in segments.indices where cursors[index] < segments[index].snapshot.recordCount {
        if let current = best {
          if segments[index].sequences[cursors[index]] < segments[current].sequences[cursors[current]] { best = index }
        } else {
          best = index
        }
      }
      guard let chosen = best else { return }
      try body(chosen, cursors[chosen])
      cursors[chosen] += 1
      advance(chosen)
    }
  }
}
