/// Parses JSON text straight into packed records, interning keys and tokens on the way: no intermediate
/// tree, no `String` per value.
struct JSONPacker {
  var codec: PackedCodec
  private var writer = PackedWriter()
  /// The unescaped bytes of the last string read that had escapes (see ``string(_:_:)``).
  var text: [UInt8] = []
  /// The tokens of the texts packed since it was last emptied (see ``tokensKept``).
  private var tokens: [UInt32] = []
  /// The tokens kept before the next text empties ``tokens``: 64 KB of them.
  static let tokensKept = 16_384
  /// The key id of `objectID` (compared by id, not by bytes, for every top-level key).
  private let objectIDKey: UInt32

  /// A syntax error at a byte offset of the parsed text.
  struct SyntaxError: Error {
    let message: String
    let offset: Int
  }

  init(codec: PackedCodec) {
    var codec = codec
    // Every record has one, so the key is the codec's from the first record on anyway.
    objectIDKey = codec.keys.intern("objectID")
    self.codec = codec
  }

  /// Packs the record object that starts at `position` (whitespace allowed), and moves `position` past it.
  mutating func packRecord(_ bytes: UnsafeBufferPointer<UInt8>, position: inout Int) throws(SyntaxError) -> [UInt8] {
    writer.bytes.removeAll(keepingCapacity: true)
    try packObject(bytes, &position)
    return writer.bytes
  }

  /// Packs the record object that starts at `position` as ``packRecord(_:position:)`` does, straight onto
  /// the end of `output` (no copy of the packed bytes); on an error `output` is left as it was.
  mutating func packRecord(
    _ bytes: UnsafeBufferPointer<UInt8>, position: inout Int, appendingTo output: inout [UInt8]
  ) throws(SyntaxError) {
    swap(&writer.bytes, &output)
    defer { swap(&writer.bytes, &output) }
    let start = writer.bytes.count
    do {
      try packObject(bytes, &position)
    } catch {
      writer.bytes.removeSubrange(start...)
      throw error
    }
  }

  private mutating func packObject(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) throws(SyntaxError) {
    skipSpace(bytes, &position)
    guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else {
      throw SyntaxError(message: "expected a record object", offset: position)
    }
    let hasObjectID = try value(bytes, &position, depth: 0, scope: codec.dictionary.analysis.rootScope)
    guard hasObjectID else { throw SyntaxError(message: "the record has no string objectID", offset: position) }
  }

  @inline(__always)
  private func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) {
    while position < bytes.count {
      let byte = bytes[position]
      guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
      position += 1
    }
  }

  /// Writes one value; for the top-level object, returns whether it had a string `objectID`. Its texts'
  /// camel-case words are split when `scope` is inside one of the `camelCaseAttributes`.
  private mutating func value(
    _ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, depth: Int, isObjectID: Bool = false,
    scope: TextAnalysis.CamelCaseScope
  ) throws(SyntaxError) -> Bool {
    skipSpace(bytes, &position)
    guard position < bytes.count else { throw SyntaxError(message: "unexpected end of input", offset: position) }
    guard depth < 128 else { throw SyntaxError(message: "nesting too deep", offset: position) }
    switch bytes[position] {
    case UInt8(ascii: "{"):
      position += 1
      writer.tag(.object)
      var sawObjectID = false
      skipSpace(bytes, &position)
      if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
        position += 1
        writer.endObject()
        return false
      }
      while true {
        skipSpace(bytes, &position)
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
          throw SyntaxError(message: "expected a key", offset: position)
        }
        let key: UInt32
        let keyIsObjectID: Bool
        if let plain = try string(bytes, &position) {
          let keyBytes = UnsafeBufferPointer(rebasing: bytes[plain])
          key = codec.keys.intern(keyBytes)
        } else {
          key = text.withUnsafeBufferPointer { codec.keys.intern($0) }
        }
        var inner = scope
        if case .above = scope {
          inner = codec.dictionary.analysis.scope(entering: codec.keys.string(key), from: scope)
        }
        keyIsObjectID = depth == 0 && key == objectIDKey
        writer.key(key)
        skipSpace(bytes, &position)
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
          throw SyntaxError(message: "expected ':'", offset: position)
        }
        position += 1
        if try value(bytes, &position, depth: depth + 1, isObjectID: keyIsObjectID, scope: inner), keyIsObjectID {
          sawObjectID = true
        }
        skipSpace(bytes, &position)
        guard position < bytes.count else { throw SyntaxError(message: "unexpected end of input", offset: position) }
        if bytes[position] == UInt8(ascii: ",") {
          position += 1
          continue
        }
        guard bytes[position] == UInt8(ascii: "}") else {
          throw SyntaxError(message: "expected ',' or '}'", offset: position)
        }
        position += 1
        writer.endObject()
        return sawObjectID
      }
    case UInt8(ascii: "["):
      position += 1
      writer.tag(.array)
      skipSpace(bytes, &position)
      if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
        position += 1
        writer.tag(.end)
        return false
      }
      while true {
        _ = try value(bytes, &position, depth: depth + 1, scope: scope)
        skipSpace(bytes, &position)
        guard position < bytes.count else { throw SyntaxError(message: "unexpected end of input", offset: position) }
        if bytes[position] == UInt8(ascii: ",") {
          position += 1
          continue
        }
        guard bytes[position] == UInt8(ascii: "]") else {
          throw SyntaxError(message: "expected ',' or ']'", offset: position)
        }
        position += 1
        writer.tag(.end)
        return false
      }
    case UInt8(ascii: "\""):
      let plain = try string(bytes, &position)
      if isObjectID {
        if let plain {
          writer.raw(UnsafeBufferPointer(rebasing: bytes[plain]))
        } else {
          text.withUnsafeBufferPointer { writer.raw($0) }
        }
        return true
      }
      // Each text's tokens follow the last one's in `tokens`, emptied once it holds many: emptying it for
      // every text was 3% of the packing thread (`removeAll(keepingCapacity:)` is not inlined).
      if tokens.count >= Self.tokensKept { tokens.removeAll(keepingCapacity: true) }
      let start = tokens.count
      let splits = scope == .inside
      if let plain {
        codec.dictionary.tokenize(UnsafeBufferPointer(rebasing: bytes[plain]), into: &tokens, splitsCamelCase: splits)
      } else {
        text.withUnsafeBufferPointer { codec.dictionary.tokenize($0, into: &tokens, splitsCamelCase: splits) }
      }
      // Read in place: a slice (`tokens[start...]`) retained and released the array's storage each time.
      tokens.withUnsafeBufferPointer { writer.text(UnsafeBufferPointer(rebasing: $0[start...])) }
      return false
    case UInt8(ascii: "t"):
      try literal(bytes, &position, "true")
      writer.tag(.trueValue)
    case UInt8(ascii: "f"):
      try literal(bytes, &position, "false")
      writer.tag(.falseValue)
    case UInt8(ascii: "n"):
      try literal(bytes, &position, "null")
      writer.tag(.null)
    default:
      let start = position
      let number = try self.number(bytes, &position)
      if isObjectID {
        // An integer objectID keeps its digits: above 2^53 distinct integers share one `Double`, and two
        // records would collide as one.
        let digits = UnsafeBufferPointer(rebasing: bytes[start..<position])
        if Self.isInteger(digits) {
          writer.raw(digits)
        } else {
          var text = JSONNumberText.render(number)
          text.withUTF8 { writer.raw($0) }
        }
        return true
      }
      writer.number(number)
    }
    return false
  }
}
