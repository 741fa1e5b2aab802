import InstantSearchModel

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

  /// A codec whose records lead with the top-level searchable attributes of `settings`, by priority, and
  /// whose texts are cut and folded as `settings` say (``IndexSettings/textAnalysis``).
  init(leadingWith settings: IndexSettings) {
    dictionary.analysis = settings.textAnalysis
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
    let root = dictionary.analysis.rootScope
    writer.tag(.object)
    for key in leadingKeys {
      guard let value = object[key] else { continue }
      writer.key(keys.intern(key))
      let scope = dictionary.analysis.scope(entering: key, from: root)
      write(value, to: &writer, isObjectID: key == "objectID", scope: scope, scratch: &scratch)
    }
    let leading = Set(leadingKeys)
    for (key, value) in object.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
    where !leading.contains(key) {
      writer.key(keys.intern(key))
      let scope = dictionary.analysis.scope(entering: key, from: root)
      write(value, to: &writer, isObjectID: key == "objectID", scope: scope, scratch: &scratch)
    }
    writer.endObject()
    return writer.bytes
  }

  /// Writes one value; its texts' camel-case words are split when `scope` is inside a camel-case attribute.
  private mutating func write(
    _ value: JSON, to writer: inout PackedWriter, isObjectID: Bool, scope: TextAnalysis.CamelCaseScope,
    scratch: inout [UInt32]
  ) {
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
          dictionary.tokenize(utf8, into: &scratch, splitsCamelCase: scope == .inside)
          writer.text(scratch)
        }
      }
    case .array(let elements):
      writer.tag(.array)
      for element in elements { write(element, to: &writer, isObjectID: false, scope: scope, scratch: &scratch) }
      writer.tag(.end)
    case .object(let members):
      writer.tag(.object)
      for (key, value) in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
        writer.key(keys.intern(key))
        let inner = dictionary.analysis.scope(entering: key, from: scope)
        write(value, to: &writer, isObjectID: key == "objectID", scope: inner, scratch: &scratch)
      }
      writer.endObject()
    }
  }

  /// Unpacks a record into a `JSON` object.
  ///
  /// `keyNames` (every key's string, by id) saves decoding each key again when many records are read.
  /// `shapes`, when given, lets objects of known key sequences be filled in rather than built key by key
  /// (see ``ObjectShapes``).
  func unpack(_ bytes: UnsafeBufferPointer<UInt8>, keyNames: [String]? = nil, shapes: ShapeContext? = nil)
    -> [String: JSON]
  {
    var reader = PackedReader(bytes)
    guard case .object(let object) = read(&reader, keyNames: keyNames, shapes: shapes) else { return [:] }
    return object
  }

  /// Every key's string, by key id.
  var keyNames: [String] { (0..<keys.count).map { keys.string(UInt32($0)) } }

  func read(_ reader: inout PackedReader, keyNames: [String]? = nil, shapes: ShapeContext? = nil) -> JSON {
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
      while !reader.atEnd() { elements.append(read(&reader, keyNames: keyNames, shapes: shapes)) }
      return .array(elements)
    case .object:
      return .object(readObject(&reader, keyNames: keyNames, shapes: shapes))
    case .end:
      return .null
    }
  }
}

extension PackedCodec {
  /// The members of an object whose tag was just read. With `shapes`, an object of a known shape is a copy
  /// of its template with the values set in place; the reading moves to another shape when the keys part
  /// from the first one's, and inserts the members one by one (learning the shape) when no shape fits.
  fileprivate func readObject(_ reader: inout PackedReader, keyNames: [String]?, shapes: ShapeContext?)
    -> [String: JSON]
  {
    func name(_ key: UInt32) -> String {
      keyNames.flatMap { Int(key) < $0.count ? $0[Int(key)] : nil } ?? keys.string(key)
    }
    var next = reader.nextKey()
    var members: [String: JSON] = [:]
    var seen: [UInt32]?
    if let shapes, let first = next, var shape = shapes.shapes.first(where: { $0.keys.first == first }) {
      var object = shape.template.object
      var filled = 0
      while true {
        if let key = next, filled < shape.keys.count, shape.keys[filled] == key {
          object.values[shape.template.slots[filled]] = read(&reader, keyNames: keyNames, shapes: shapes)
          filled += 1
          next = reader.nextKey()
          continue
        }
        if next == nil, filled == shape.keys.count { return object }
        // Another shape with the same keys so far that goes on with this one.
        guard let other = shapes.shapes.first(where: { $0.continues(shape, prefix: filled, with: next) }) else { break }
        var moved = other.template.object
        for index in 0..<filled {
          moved.values[other.template.slots[index]] = object.values[shape.template.slots[index]]
        }
        object = moved
        shape = other
      }
      // No shape fits: the members read so far, then the others one by one.
      members.reserveCapacity(16)
      for index in 0..<filled { members[name(shape.keys[index])] = object.values[shape.template.slots[index]] }
      if shapes.learning { seen = Array(shape.keys[0..<filled]) }
    } else {
      members.reserveCapacity(16)
      if shapes?.learning == true { seen = [] }
    }
    while let key = next {
      seen?.append(key)
      members[name(key)] = read(&reader, keyNames: keyNames, shapes: shapes)
      next = reader.nextKey()
    }
    if let seen, let shapes { shapes.learner.learn(seen, name: name) }
    return members
  }
}
