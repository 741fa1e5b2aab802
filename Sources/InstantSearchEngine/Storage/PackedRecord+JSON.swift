import InstantSearchCore

/// Converts between `JSON` objects and packed records.
struct PackedCodec {
  /// Object keys ↔ key ids.
  var keys = ByteInterner(capacity: 64)
  /// Tokens of text values.
  var dictionary = TokenDictionary()
  /// Top-level keys written first, in this order, when a record has them: its searchable attributes,
  /// so that a scorer reading its text (which stops once nothing unread can rank well enough) meets them
  /// before anything else. Not stored: it only orders what is written.
  var leadingKeys: [String] = []

  /// A codec whose records lead with the top-level searchable attributes of `settings`, by priority.
  init(leadingWith settings: IndexSettings) {
    var seen = Set<String>()
    leadingKeys = settings.searchableAttributes.sorted { $0.priority < $1.priority }.compactMap { attribute in
      let top = String(attribute.path.split(separator: ".").first ?? Substring(attribute.path))
      return seen.insert(top).inserted ? top : nil
    }
  }

  /// A codec with no key written first.
  init() {}

  /// A codec with these keys and tokens (an image's).
  init(keys: ByteInterner, dictionary: TokenDictionary) {
    self.keys = keys
    self.dictionary = dictionary
  }

  /// Packs a record object. Keys are written in byte order after the ``leadingKeys`` it has; `objectID`
  /// is written raw.
  mutating func pack(_ object: [String: JSON]) -> [UInt8] {
    var writer = PackedWriter()
    var scratch: [UInt32] = []
    writer.tag(.object)
    for key in leadingKeys {
      guard let value = object[key] else { continue }
      writer.key(keys.intern(key))
      write(value, to: &writer, isObjectID: key == "objectID", scratch: &scratch)
    }
    let leading = Set(leadingKeys)
    for (key, value) in object.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
    where !leading.contains(key) {
      writer.key(keys.intern(key))
      write(value, to: &writer, isObjectID: key == "objectID", scratch: &scratch)
    }
    writer.endObject()
    return writer.bytes
  }

  private mutating func write(_ value: JSON, to writer: inout PackedWriter, isObjectID: Bool, scratch: inout [UInt32]) {
    switch value {
    case .null: writer.tag(.null)
    case .bool(let bool): writer.tag(bool ? .trueValue : .falseValue)
    case .number(let number): writer.number(number)
    case .string(var string):
      string.withUTF8 { utf8 in
        if isObjectID {
          writer.raw(utf8)
        } else {
          scratch.removeAll(keepingCapacity: true)
          dictionary.tokenize(utf8, into: &scratch)
          writer.text(scratch)
        }
      }
    case .array(let elements):
      writer.tag(.array)
      for element in elements { write(element, to: &writer, isObjectID: false, scratch: &scratch) }
      writer.tag(.end)
    case .object(let members):
      writer.tag(.object)
      for (key, value) in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
        writer.key(keys.intern(key))
        write(value, to: &writer, isObjectID: key == "objectID", scratch: &scratch)
      }
      writer.endObject()
    }
  }

  /// Unpacks a record into a `JSON` object.
  ///
  /// `keyNames` (every key's string, by id) saves decoding each key again when many records are read.
  func unpack(_ bytes: UnsafeBufferPointer<UInt8>, keyNames: [String]? = nil) -> [String: JSON] {
    var reader = PackedReader(bytes)
    guard case .object(let object) = read(&reader, keyNames: keyNames) else { return [:] }
    return object
  }

  /// Every key's string, by key id.
  var keyNames: [String] { (0..<keys.count).map { keys.string(UInt32($0)) } }

  func read(_ reader: inout PackedReader, keyNames: [String]? = nil) -> JSON {
    guard let tag = PackedTag(rawValue: reader.byte()) else { return .null }
    switch tag {
    case .null: return .null
    case .falseValue: return .bool(false)
    case .trueValue: return .bool(true)
    case .integer: return .number(Double(reader.integer()))
    case .double: return .number(reader.double())
    case .text:
      let count = Int(reader.varint())
      return .string(dictionary.tokens.concatenation(count: count, of: &reader))
    case .raw:
      let count = Int(reader.varint())
      let start = reader.position
      reader.position += count
      return .string(
        String(decoding: UnsafeBufferPointer(rebasing: reader.bytes[start..<start + count]), as: UTF8.self))
    case .array:
      var elements: [JSON] = []
      while !reader.atEnd() { elements.append(read(&reader, keyNames: keyNames)) }
      return .array(elements)
    case .object:
      var members: [String: JSON] = [:]
      members.reserveCapacity(16)
      while let keyID = reader.nextKey() {
        let key = keyNames.flatMap { Int(keyID) < $0.count ? $0[Int(keyID)] : nil } ?? keys.string(keyID)
        members[key] = read(&reader, keyNames: keyNames)
      }
      return .object(members)
    case .end:
      return .null
    }
  }
}
