import InstantSearchModel

/// A JSON object of fixed keys, built once: a copy of it gets its values set through the template's
/// indices, so that no key is hashed again.
///
/// Building a dictionary of n string keys hashes each key (a SipHash of the string) and grows its storage;
/// a copy of a template is one allocation and a copy of its buckets, and `values[index] = value` finds the
/// bucket without hashing. The indices stay valid in copies as long as no key is added or removed before
/// the values are set.
struct DictionaryTemplate: Sendable {
  /// The keys, each with a `null` value.
  let object: [String: JSON]
  /// The index of each key of `names`, in order.
  let slots: [Dictionary<String, JSON>.Index]

  /// A template of `names` (distinct) with room for `spare` more members; `nil` when two names repeat.
  init?(names: [String], spare: Int = 0) {
    var object: [String: JSON] = [:]
    object.reserveCapacity(names.count + spare)
    for name in names { object[name] = .null }
    guard object.count == names.count else { return nil }
    var slots: [Dictionary<String, JSON>.Index] = []
    slots.reserveCapacity(names.count)
    for name in names {
      guard let slot = object.index(forKey: name) else { return nil }
      slots.append(slot)
    }
    self.object = object
    self.slots = slots
  }
}

extension DictionaryTemplate {
  /// A copy of the template with `values` set in the order of its names (the first `values.count` of
  /// them; the others stay `null`).
  @inline(__always)
  func filled(_ values: [JSON]) -> [String: JSON] {
    var filled = object
    for (slot, value) in zip(slots, values) { filled.values[slot] = value }
    return filled
  }
}
