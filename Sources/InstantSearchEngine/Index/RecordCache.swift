import InstantSearchModel

/// Records a snapshot has recently unpacked into JSON objects, for the hits of the next searches: the
/// keystrokes of one query, a refinement toggled on and off, and pages gone back to mostly show the same
/// records, and unpacking one (its dictionary, its strings) is most of what a hit costs.
///
/// Belongs to one snapshot, whose records never change (a write builds a new snapshot, with an empty
/// cache). Direct-mapped: record `doc` can only be in slot `doc % capacity`, where a later record of the
/// same slot replaces it, so a lookup is one comparison and the cache never holds more than ``capacity``
/// records.
final class RecordCache: Sendable {
  /// How many records are kept at most: a few pages of hits for several queries.
  static let capacity = 256

  private struct Slot {
    var doc: Int
    var record: [String: JSON]
  }

  private let slots = Locked([Slot?](repeating: nil, count: RecordCache.capacity))

  /// Record `doc`, from the cache or made by `unpack` (outside the lock) and kept.
  func record(_ doc: Int, unpack: () -> [String: JSON]) -> [String: JSON] {
    let index = doc % Self.capacity
    if let cached = slots.withLock({ slots -> [String: JSON]? in
      guard let slot = slots[index], slot.doc == doc else { return nil }
      return slot.record
    }) {
      return cached
    }
    let record = unpack()
    slots.withLock { $0[index] = Slot(doc: doc, record: record) }
    return record
  }

  /// How many records the cache holds now.
  var count: Int { slots.withLock { $0.count { $0 != nil } } }
}
