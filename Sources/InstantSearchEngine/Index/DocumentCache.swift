import InstantSearchModel

/// What a snapshot has recently made of some of its records for the hits of the next searches — their
/// JSON objects (``RecordCache``), their JSON text (``RecordTextCache``): the keystrokes of one query, a
/// refinement toggled on and off, and pages gone back to mostly show the same records, and unpacking one
/// (its dictionary, its strings) is most of what a hit costs.
///
/// Belongs to one snapshot, whose records never change (a write builds a new snapshot, with an empty
/// cache). Direct-mapped: record `doc` can only be in slot `doc % capacity`, where a later record of the
/// same slot replaces it, so a lookup is one comparison and the cache never holds more than ``capacity``
/// values.
final class DocumentCache<Value: Sendable>: Sendable {
  /// How many records are kept at most: a few pages of hits for several queries.
  static var capacity: Int { 256 }

  private struct Slot {
    var doc: Int
    var value: Value
  }

  private let slots = Locked([Slot?](repeating: nil, count: DocumentCache.capacity))

  /// The value of record `doc`, from the cache or made by `make` (outside the lock) and kept.
  func value(_ doc: Int, make: () -> Value) -> Value {
    let index = doc % Self.capacity
    if let cached = slots.withLock({ slots -> Value? in
      guard let slot = slots[index], slot.doc == doc else { return nil }
      return slot.value
    }) {
      return cached
    }
    let value = make()
    slots.withLock { $0[index] = Slot(doc: doc, value: value) }
    return value
  }

  /// How many records the cache holds now.
  var count: Int { slots.withLock { $0.count { $0 != nil } } }
}

/// Records unpacked into JSON objects (see ``DocumentCache``).
typealias RecordCache = DocumentCache<[String: JSON]>

extension DocumentCache where Value == [String: JSON] {
  /// Record `doc`, from the cache or made by `unpack` (outside the lock) and kept.
  func record(_ doc: Int, unpack: () -> [String: JSON]) -> [String: JSON] {
    value(doc, make: unpack)
  }
}

/// Records written whole as JSON text, with their objectIDs (see ``DocumentCache``).
typealias RecordTextCache = DocumentCache<RecordText>

/// A record's JSON text and its objectID, as a hit written as text shows the record whole.
struct RecordText: Sendable {
  /// The record's members as compact JSON text, without the closing brace: a hit's own members follow.
  let open: [UInt8]
  /// Its objectID; `nil` when it has none as text (the object path then reports the record).
  let objectID: String?
}
