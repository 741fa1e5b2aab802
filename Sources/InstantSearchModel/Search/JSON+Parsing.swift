/// Why some bytes are not one JSON value, and at which byte.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The offset of the byte where the text stops being JSON (its length when it ends too soon).
  public let offset: Int
  /// What was wrong there.
  public let reason: String

  /// What was wrong and at which byte, such as `expected ':' at byte 12`.
  public var description: String { "\(reason) at byte \(offset)" }
}

extension JSON {
  /// Parses UTF-8 JSON text (RFC 8259) straight from its bytes: one value, any kind (a scalar too), with
  /// whitespace around it and an optional byte order mark before it. Strings must be valid UTF-8 and their
  /// `\u` escapes whole surrogate pairs; numbers must be finite doubles; values nest at most
  /// ``maximumDepth`` levels (deeper is refused, never a deep recursion); of a member named twice, the first
  /// value counts.
  ///
  /// What `JSONDecoder` makes of the same text as a `JSON`, without its coding containers: a search
  /// request's body is parsed once per request.
  ///
  /// - Throws: ``JSONParseError`` at the first byte that is not JSON.
  public init(parsing bytes: UnsafeRawBufferPointer) throws(JSONParseError) {
    var parser = JSONByteParser(bytes: bytes)
    self = try parser.document()
  }

  /// ``init(parsing:)`` of an array of bytes.
  public init(parsing bytes: [UInt8]) throws(JSONParseError) {
    try self.init(parsing: bytes, maximumDepth: JSON.maximumDepth)
  }

  /// ``init(parsing:)`` of an array of bytes whose values may nest `maximumDepth` levels rather than
  /// ``maximumDepth``: for text this package wrote around values that were documents of their own (a
  /// logged write wraps its records in two levels).
  package init(parsing bytes: [UInt8], maximumDepth: Int) throws(JSONParseError) {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(JSONParseError) in
        var parser = JSONByteParser(bytes: buffer, maximumDepth: maximumDepth)
        return try parser.document()
      }
    }
    self = try result.get()
  }
}

/// The parser behind ``JSON/init(parsing:)``: a cursor over the bytes.
struct JSONByteParser {
  let bytes: UnsafeRawBufferPointer
  var position = 0
  /// The depth at which a value is refused (see ``JSON/maximumDepth``).
  let maximumDepth: Int

  init(bytes: UnsafeRawBufferPointer, maximumDepth: Int = JSON.maximumDepth) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  mutating func document() throws(JSONParseError) -> JSON {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    let value = try self.value(depth: 0)
    skipWhitespace()
    guard position == bytes.count else { throw fail("unexpected text after the value") }
    return value
  }

  func fail(_ reason: String) -> JSONParseError {
    JSONParseError(offset: position, reason: reason)
  }

  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  /// The value at `depth` (0: the document's; a member or element is one deeper than its container):
  /// refused at ``maximumDepth`` (``JSON/maximumDepth`` unless asked), as `JSON`'s `Decodable` initializer
  /// refuses it.
  mutating func value(depth: Int) throws(JSONParseError) -> JSON {
    skipWhitespace()
    guard position < bytes.count else { throw fail("the text ends where a value was expected") }
    guard depth < maximumDepth else { throw fail("nested more than \(maximumDepth) levels deep") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    default: throw fail("unexpected character")
    }
  }

  mutating func literal(_ word: StaticString, _ value: JSON) throws(JSONParseError) -> JSON {
    let count = word.utf8CodeUnitCount
    guard position + count <= bytes.count,
      (0..<count).allSatisfy({ bytes[position + $0] == word.utf8Start[$0] })
    else { throw fail("unexpected character") }
    position += count
    return value
  }

  mutating func object(depth: Int) throws(JSONParseError) -> JSON {
    position += 1
    var members: [String: JSON] = [:]
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
      let name = try string()
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw fail("expected ':'") }
      position += 1
      let member = try value(depth: depth + 1)
      // The first value of a name counts, as with `JSONDecoder`.
      if members[name] == nil { members[name] = member }
      if try closes(with: UInt8(ascii: "}"), inside: "an object") { return .object(members) }
    }
  }

  mutating func array(depth: Int) throws(JSONParseError) -> JSON {
    position += 1
    var elements: [JSON] = []
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
      position += 1
      return .array(elements)
    }
    while true {
      elements.append(try value(depth: depth + 1))
      if try closes(with: UInt8(ascii: "]"), inside: "an array") { return .array(elements) }
    }
  }

  /// Reads what follows a member or an element of a container (`container` names it in errors): a comma
  /// (`false`: another one follows) or `closer` (`true`: the container ends), both consumed.
  mutating func closes(with closer: UInt8, inside container: String) throws(JSONParseError) -> Bool {
    skipWhitespace()
    guard position < bytes.count else { throw fail("the text ends inside \(container)") }
    let byte = bytes[position]
    guard byte == UInt8(ascii: ",") || byte == closer else {
      throw fail("expected ',' or '\(Character(Unicode.Scalar(closer)))'")
    }
    position += 1
    return byte == closer
  }
}
