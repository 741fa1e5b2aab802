/// A JSON value: records, hits and search parameters this library passes through without a schema.
///
/// Numbers are `Double`s, as in JavaScript; object keys are unordered.
public enum JSON: Hashable, Sendable {
  /// `null`
  case null
  /// `true` or `false`
  case bool(Bool)
  /// A number.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSON])
  /// An object.
  case object([String: JSON])

  /// The value of `key` when this is an object.
  public subscript(key: String) -> JSON? {
    guard case .object(let object) = self else { return nil }
    return object[key]
  }

  /// The string, when this is a string.
  public var stringValue: String? {
    guard case .string(let string) = self else { return nil }
    return string
  }

  /// The number, when this is a number.
  public var doubleValue: Double? {
    guard case .number(let number) = self else { return nil }
    return number
  }

  /// The boolean, when this is a boolean.
  public var boolValue: Bool? {
    guard case .bool(let bool) = self else { return nil }
    return bool
  }

  /// The elements, when this is an array.
  public var arrayValue: [JSON]? {
    guard case .array(let array) = self else { return nil }
    return array
  }

  /// The members, when this is an object.
  public var objectValue: [String: JSON]? {
    guard case .object(let object) = self else { return nil }
    return object
  }

  /// The value at a dotted path (`"categories.lvl0"`), looking into objects.
  public func value(atPath path: String) -> JSON? {
    var current: JSON? = self
    for component in path.split(separator: ".", omittingEmptySubsequences: false) {
      current = current?[String(component)]
    }
    return current
  }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  /// `null`.
  public init(nilLiteral: ()) { self = .null }
  /// A boolean.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// A number.
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  /// A number.
  public init(floatLiteral value: Double) { self = .number(value) }
  /// A string.
  public init(stringLiteral value: String) { self = .string(value) }
  /// An array.
  public init(arrayLiteral elements: JSON...) { self = .array(elements) }
  /// An object; a repeated key keeps its last value.
  public init(dictionaryLiteral elements: (String, JSON)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}

extension JSON: Codable {
  /// The deepest nesting ``JSON`` decodes: 100 levels of values (the top-level value is the first).
  ///
  /// Decoding recurses once per level, so the bound keeps a hostile body (`[[[[…]]]]`) within a small,
  /// fixed stack, also on a 512 KB secondary thread; records and requests need a handful of levels.
  public static let maximumDepth = 100

  /// Decodes any JSON value.
  ///
  /// - Throws: `DecodingError.dataCorrupted` for a value nested deeper than ``maximumDepth``, with the
  ///   coding path of the value that crosses it.
  public init(from decoder: any Decoder) throws {
    guard decoder.codingPath.count < Self.maximumDepth else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "nested more than \(Self.maximumDepth) levels deep"))
    }
    // Containers first: what goes wrong inside one (a nested value too deep, a bad element) is thrown as
    // it is. The `try?` below only probe which kind of value this is.
    if var elements = try? decoder.unkeyedContainer() {
      var array: [JSON] = []
      while !elements.isAtEnd { array.append(try elements.decode(JSON.self)) }
      self = .array(array)
      return
    }
    if let members = try? decoder.container(keyedBy: MemberKey.self) {
      var object: [String: JSON] = [:]
      for key in members.allKeys { object[key.stringValue] = try members.decode(JSON.self, forKey: key) }
      self = .object(object)
      return
    }
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else {
      self = .string(try container.decode(String.self))
    }
  }

  /// Any object member's name.
  private struct MemberKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Encodes the value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let bool): try container.encode(bool)
    case .number(let number):
      if number.rounded() == number, abs(number) < 1e15, let integer = Int(exactly: number) {
        try container.encode(integer)
      } else {
        try container.encode(number)
      }
    case .string(let string): try container.encode(string)
    case .array(let array): try container.encode(array)
    case .object(let object): try container.encode(object)
    }
  }
}

extension JSON: CustomStringConvertible {
  /// Compact JSON text with sorted keys.
  public var description: String {
    switch self {
    case .null: "null"
    case .bool(let bool): bool ? "true" : "false"
    case .number(let number): JSONText.number(number)
    case .string(let string): JSONText.quoted(string)
    case .array(let array): "[" + array.map(\.description).joined(separator: ",") + "]"
    case .object(let object):
      "{"
        + object.keys.sorted(by: UTF8Order.precedes).map { key in
          JSONText.quoted(key) + ":" + (object[key]?.description ?? "null")
        }.joined(separator: ",") + "}"
    }
  }
}

extension JSON {
  /// The value's JSON text cut to about 100 characters, for error messages: a message about a hostile value
  /// stays small whatever the value's size.
  public var preview: String {
    let text = description
    guard text.count > 100 else { return text }
    return text.prefix(97) + "…"
  }
}

/// JSON text of scalars, for ``JSON/description`` and the `params` string form.
package enum JSONText {
  /// A number as JSON writes it: integers without a fraction, others in shortest form.
  package static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value.rounded() == value, abs(value) < 1e15, let integer = Int(exactly: value) { return String(integer) }
    return value.description
  }

  /// A JSON string literal.
  package static func quoted(_ value: String) -> String {
    // Most strings need no escape: then they are copied whole, not a scalar at a time.
    if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      return "\"" + value + "\""
    }
    var output = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output + "\""
  }
}
