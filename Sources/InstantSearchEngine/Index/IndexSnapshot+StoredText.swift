/// The stored text of a top-level attribute, as the token ids it was indexed with.
enum StoredText {
  /// A text value.
  case text([UInt32])
  /// An array of text values.
  case texts([[UInt32]])
}

extension IndexSnapshot {
  /// The tokens of top-level attribute `name` of record `doc`, when its value is a text or an array of
  /// texts (`nil` otherwise, or when the record lacks it): what highlighting reads instead of tokenizing
  /// the value again.
  func storedText(_ doc: Int, attribute name: String) -> StoredText? {
    guard let key = codec.keys.lookup(name) else { return nil }
    let repeated = hasRepeatedRootKeys
    func find(_ bytes: UnsafeBufferPointer<UInt8>) -> StoredText? {
      var reader = PackedReader(bytes)
      guard reader.byte() == PackedTag.object.rawValue else { return nil }
      // The last occurrence of a repeated key is the value, as when the record is unpacked.
      var found: StoredText??
      while let current = reader.nextKey() {
        if current == key {
          let start = reader.position
          let value = Self.storedText(&reader)
          if value == nil {
            // Not text: the value is read again from its start, to step over it whole.
            reader.position = start
            reader.skipValue()
          }
          found = .some(value)
          // Without repeated keys in the index, the first occurrence is the only one.
          if !repeated { break }
        } else {
          reader.skipValue()
        }
      }
      return found ?? nil
    }
    // A left-out value is read from the restored record; any other from the stored one, in place.
    if elision?.leavesOut(rootKey: key) == true { return withRecord(doc, find) }
    return store.withRecord(doc, find)
  }

  private static func storedText(_ reader: inout PackedReader) -> StoredText? {
    switch PackedTag(rawValue: reader.byte()) {
    case .text?: return .text(tokens(&reader))
    case .array?:
      var elements: [[UInt32]] = []
      while !reader.atEnd() {
        guard reader.byte() == PackedTag.text.rawValue else { return nil }
        elements.append(tokens(&reader))
      }
      return .texts(elements)
    default: return nil
    }
  }

  private static func tokens(_ reader: inout PackedReader) -> [UInt32] {
    let count = Int(reader.varint())
    var ids: [UInt32] = []
    ids.reserveCapacity(count)
    for _ in 0..<count { ids.append(UInt32(reader.varint())) }
    return ids
  }
}
