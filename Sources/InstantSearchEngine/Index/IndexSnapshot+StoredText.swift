import InstantSearchModel

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
    return storedText(doc, key: key)
  }

  /// ``storedText(_:attribute:)`` of the attribute whose key id is `key`.
  func storedText(_ doc: Int, key: UInt32) -> StoredText? {
    member(doc, key: key) { reader in
      let start = reader.position
      let value = Self.storedText(&reader)
      if value == nil {
        // Not text: the value is read again from its start, to step over it whole.
        reader.position = start
        reader.skipValue()
      }
      return value
    }
  }

  /// The value of the top-level member with key id `key` of record `doc`, `nil` when the record lacks it.
  func memberValue(_ doc: Int, key: UInt32) -> JSON? {
    member(doc, key: key) { reader in codec.read(&reader, keyNames: keyNames) }
  }

  /// What `read` makes of the value of the top-level member with key id `key` of record `doc` (`read` is
  /// given the reader at its tag and leaves it past the value); `nil` when the record lacks the member.
  /// A repeated key's last value is read, as when the record is unpacked.
  private func member<Value>(_ doc: Int, key: UInt32, read: (inout PackedReader) -> Value?) -> Value? {
    let repeated = hasRepeatedRootKeys
    func find(_ bytes: UnsafeBufferPointer<UInt8>) -> Value? {
      var reader = PackedReader(bytes)
      guard reader.byte() == PackedTag.object.rawValue else { return nil }
      var found: Value??
      while let current = reader.nextKey() {
        if current == key {
          found = .some(read(&reader))
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

  /// Record `doc` written whole as JSON text, without its closing brace, with its objectID (see
  /// ``RecordTextCache``).
  func recordText(_ doc: Int) -> RecordText {
    var text: [UInt8] = []
    text.reserveCapacity(512)
    withRecord(doc) { codec.appendJSONText($0, to: &text) }
    guard text.last == UInt8(ascii: "}") else { return RecordText(open: text, objectID: nil) }
    text.removeLast()
    return RecordText(open: text, objectID: objectID(doc))
  }

  /// The stored text of the value at `reader` (its tag next), `nil` when it is not a text or an array of
  /// texts; the reader is then somewhere inside the value.
  static func storedText(_ reader: inout PackedReader) -> StoredText? {
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
