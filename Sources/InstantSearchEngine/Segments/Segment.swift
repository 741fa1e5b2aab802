import InstantSearchModel

/// One part of an index: an immutable snapshot of some records, the records of it deleted or replaced
/// since it was built, and each record's sequence number.
///
/// A write builds a small new segment and marks the records it replaces in the older ones, so its cost
/// follows what it changes rather than the size of the index. Segments are values: a write copies the
/// deletion bitset of a segment it touches and leaves the snapshot shared.
struct Segment: Sendable {
  let snapshot: IndexSnapshot
  /// The deleted records (`nil`: none).
  private(set) var deleted: Bitset?
  private(set) var deletedCount = 0
  /// The facet counts of every live record, by attribute, computed on first use: they change only with
  /// the deletions (a new memo then), and a query without text and filters would otherwise subtract the
  /// deleted records' values from the totals every time.
  private(set) var liveCounts = LiveFacetCounts()
  /// The sequence number of each record: the order in which records were first saved, which breaks ties
  /// in ranking across segments (a replaced record keeps the number of the record it replaces). Records
  /// of a segment are in increasing sequence order, so record order breaks ties inside it.
  let sequences: SequenceNumbers

  init(snapshot: IndexSnapshot, sequences: SequenceNumbers) {
    self.snapshot = snapshot
    self.sequences = sequences
  }

  /// A segment whose records `deleted` are deleted (as stored beside its image).
  init(snapshot: IndexSnapshot, sequences: SequenceNumbers, deleted: Bitset) {
    self.init(snapshot: snapshot, sequences: sequences)
    let count = deleted.count
    if count > 0 {
      self.deleted = deleted
      deletedCount = count
    }
  }

  /// This segment answering with `snapshot` (the same records reranked, see
  /// ``IndexSnapshot/reranked(name:settings:isVirtualReplica:)``): same deletions, sequence numbers and
  /// live facet counts.
  func replacingSnapshot(_ snapshot: IndexSnapshot) -> Segment {
    var copy = Segment(snapshot: snapshot, sequences: sequences)
    copy.deleted = deleted
    copy.deletedCount = deletedCount
    copy.liveCounts = liveCounts
    return copy
  }

  /// The records not deleted.
  var liveCount: Int { snapshot.recordCount - deletedCount }

  /// Whether record `doc` is deleted.
  @inline(__always)
  func isDeleted(_ doc: Int) -> Bool { deleted?.contains(UInt32(doc)) ?? false }

  /// Marks record `doc` deleted.
  ///
  /// The bitset is changed in place: the first deletion of a write copies the one the previous view
  /// shares, the next ones do not.
  mutating func delete(_ doc: Int) {
    if deleted == nil { deleted = Bitset(universe: snapshot.recordCount) }
    guard deleted?.contains(UInt32(doc)) == false else { return }
    deleted?.insert(UInt32(doc))
    deletedCount += 1
    liveCounts = LiveFacetCounts()
  }

  /// The records not deleted, in increasing order.
  var liveDocs: [UInt32] {
    guard let deleted else { return Array(0..<UInt32(snapshot.recordCount)) }
    var live = Bitset(universe: snapshot.recordCount)
    live.insert(0..<snapshot.recordCount)
    live.subtract(deleted)
    return live.members
  }

  /// The deleted records, in increasing order.
  var deletedDocs: [UInt32] { deleted?.members ?? [] }

  /// The first `count` live records in custom ranking order.
  func firstLive(inCustomOrder count: Int) -> [UInt32] {
    var result: [UInt32] = []
    result.reserveCapacity(min(count, liveCount))
    for doc in snapshot.customOrder {
      guard result.count < count else { break }
      if !isDeleted(Int(doc)) { result.append(doc) }
    }
    return result
  }

  /// The live record with `objectID`.
  func doc(for objectID: String) -> Int? {
    guard let doc = snapshot.doc(for: objectID), !isDeleted(doc) else { return nil }
    return doc
  }
}

/// What queries compute of a segment and can reuse while it stays as it is: its facet counts over its
/// live records, and how its facet values map to another segment's value ids.
final class LiveFacetCounts: Sendable {
  private let counts = Locked<[String: [(value: Int, count: Int)]]>([:])
  private let maps = Locked<[MapKey: [Int32]]>([:])

  /// The serials of the two columns (never an address, which a column allocated after the target was
  /// freed could take over, and be given the freed column's map).
  struct MapKey: Hashable {
    let source: UInt64
    let target: UInt64
  }

  /// The counts of `path`, computed by `compute` the first time.
  func counts(_ path: String, _ compute: () -> [(value: Int, count: Int)]) -> [(value: Int, count: Int)] {
    if let known = counts.withLock({ $0[path] }) { return known }
    let computed = compute()
    counts.withLock { $0[path] = computed }
    return computed
  }

  /// For each value of this segment's `column`, the id of the equal value in `target` (-1: none).
  func valueMap(from column: FacetColumn, to target: FacetColumn) -> [Int32] {
    let key = MapKey(source: column.serial, target: target.serial)
    if let known = maps.withLock({ $0[key] }) { return known }
    let map = column.keys.map { key in target.exactIDs[key].map { Int32($0) } ?? -1 }
    maps.withLock { maps in
      // Bounded: each merge gives the view a new base, and the maps to the old ones are never read again.
      if maps.count >= 64 { maps = [:] }
      maps[key] = map
    }
    return map
  }
}

/// The sequence numbers of a segment's records: consecutive from a base for a segment built from records
/// in order, or listed one by one.
struct SequenceNumbers: Sendable {
  private let base: UInt64
  private let listed: [UInt64]?

  /// Numbers `base`, `base + 1`, … for records 0, 1, ….
  init(consecutiveFrom base: UInt64) {
    self.base = base
    listed = nil
  }

  /// The numbers `listed`, increasing.
  init(_ listed: [UInt64]) {
    base = 0
    self.listed = listed
  }

  @inline(__always)
  subscript(doc: Int) -> UInt64 { listed?[doc] ?? base + UInt64(doc) }

  /// What is stored of them: the base, or the numbers listed.
  var stored: (base: UInt64, listed: [UInt64]?) { (base, listed) }
}
