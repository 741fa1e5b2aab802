/// Reads typed search parameters out of a JSON object, leniently, as real clients send them; what it
/// does not read stays in ``remaining``.
package struct ParameterReader {
  private(set) var remaining: [String: JSON]

  package init(object: [String: JSON]) {
    remaining = object
  }

  private mutating func take(_ key: String) -> JSON? {
    guard let value = remaining.removeValue(forKey: key), value != .null else { return nil }
    return value
  }

  private func mismatch(_ key: String, _ expected: String, _ value: JSON) -> ResponseDecodingError {
    ResponseDecodingError(path: key, message: "expected \(expected), found \(value.preview)")
  }

  package mutating func string(_ key: String) throws(ResponseDecodingError) -> String? {
    guard let value = take(key) else { return nil }
    switch value {
    case .string(let string): return string
    case .number(let number): return JSONText.number(number)
    case .bool(let bool): return bool ? "true" : "false"
    default: throw mismatch(key, "a string", value)
    }
  }

  package mutating func stringList(_ key: String) throws(ResponseDecodingError) -> [String]? {
    guard let value = take(key) else { return nil }
    switch value {
    case .string(let string): return string.isEmpty ? [] : [string]
    case .array(let elements):
      var result: [String] = []
      for element in elements {
        guard case .string(let string) = element else { throw mismatch(key, "a list of strings", value) }
        result.append(string)
      }
      return result
    default: throw mismatch(key, "a list of strings", value)
    }
  }

  package mutating func clauses(_ key: String) throws(ResponseDecodingError) -> [[String]]? {
    guard let value = take(key) else { return nil }
    switch value {
    case .string(let string): return Query.clauses(fromLegacyString: string)
    case .array(let elements):
      var result: [[String]] = []
      for element in elements {
        switch element {
        case .string(let string): result.append([string])
        case .array(let inner):
          // Arrays nested deeper than a clause (Algolia's own end-to-end test sends
          // `["a:x", ["b:y", ["c:z"]]]`) add their strings to the clause they are in: more alternatives.
          var clause: [String] = []
          try Self.alternatives(inner, depth: 1, into: &clause) { () throws(ResponseDecodingError) in
            throw mismatch(key, "strings or arrays of strings, nested at most \(Self.maximumClauseNesting) deep", value)
          }
          result.append(clause)
        default: throw mismatch(key, "strings or arrays of strings", value)
        }
      }
      return result
    default: throw mismatch(key, "a string or an array", value)
    }
  }

  /// How deep a clause's arrays may nest (each level's strings are alternatives of the clause).
  static let maximumClauseNesting = 8

  /// Appends the strings of `items` and of the arrays among them (recursively) to `clause`; calls `fail`
  /// for anything else, or for arrays nested deeper than ``maximumClauseNesting``.
  private static func alternatives(
    _ items: [JSON], depth: Int, into clause: inout [String], fail: () throws(ResponseDecodingError) -> Never
  ) throws(ResponseDecodingError) {
    guard depth <= maximumClauseNesting else { try fail() }
    for item in items {
      switch item {
      case .string(let string): clause.append(string)
      case .array(let nested): try alternatives(nested, depth: depth + 1, into: &clause, fail: fail)
      default: try fail()
      }
    }
  }

  package mutating func integer(_ key: String) throws(ResponseDecodingError) -> Int? {
    guard let value = take(key) else { return nil }
    return try CheckedNumber.integer(value, key)
  }

  package mutating func boolean(_ key: String) throws(ResponseDecodingError) -> Bool? {
    guard let value = take(key) else { return nil }
    switch value {
    case .bool(let bool): return bool
    case .string("true"), .string("1"), .number(1): return true
    case .string("false"), .string("0"), .number(0): return false
    default: throw mismatch(key, "a boolean", value)
    }
  }

  /// An integer, or a boolean read as 1 (`true`) or 0 (`false`), as `distinct` is written.
  package mutating func integerOrBoolean(_ key: String) throws(ResponseDecodingError) -> Int? {
    guard let value = take(key) else { return nil }
    switch value {
    case .bool(let bool): return bool ? 1 : 0
    case .string("true"): return 1
    case .string("false"): return 0
    default:
      remaining[key] = value
      return try integer(key)
    }
  }

  /// Meters as a number (or a numeric string), or `"all"`.
  package mutating func aroundRadius(_ key: String) throws(ResponseDecodingError) -> Query.AroundRadius? {
    guard let value = take(key) else { return nil }
    if case .string("all") = value { return .all }
    remaining[key] = value
    return try integer(key).map { .meters($0) }
  }

  /// `aroundPrecision`: meters as an integer, or a list of `{"from": meters, "value": meters}` ranges (at
  /// most `Query.AroundPrecisionRange.maximumCount`).
  package mutating func aroundPrecision(
    _ key: String
  ) throws(ResponseDecodingError) -> (Int?, [Query.AroundPrecisionRange]?) {
    guard let value = take(key) else { return (nil, nil) }
    guard case .array(let items) = value else {
      remaining[key] = value
      return (try integer(key), nil)
    }
    guard items.count <= Query.AroundPrecisionRange.maximumCount else {
      throw mismatch(key, "at most \(Query.AroundPrecisionRange.maximumCount) ranges", value)
    }
    var ranges: [Query.AroundPrecisionRange] = []
    for item in items {
      guard let object = item.objectValue, let from = object["from"], let step = object["value"] else {
        throw mismatch(key, "{\"from\": meters, \"value\": meters} ranges", value)
      }
      ranges.append(.init(from: try CheckedNumber.integer(from, key), value: try CheckedNumber.integer(step, key)))
    }
    return (nil, ranges)
  }

  /// Lists of finite numbers (boxes, polygons): an array of arrays, one flat array (one list), or the
  /// string form `"a,b,c,d"` (one list). NaN and ±inf (`nan`, `-inf` in a `params` string) are refused.
  package mutating func numberLists(_ key: String) throws(ResponseDecodingError) -> [[Double]]? {
    guard let value = take(key) else { return nil }
    func numbers(_ element: JSON) throws(ResponseDecodingError) -> [Double] {
      switch element {
      case .array(let items):
        var result: [Double] = []
        for item in items {
          switch item {
          case .number(let number): result.append(try CheckedNumber.double(number, key))
          case .string(let text):
            guard let number = Double(text.trimmingSpaces) else { throw mismatch(key, "numbers", value) }
            result.append(try CheckedNumber.double(number, key))
          default: throw mismatch(key, "numbers", value)
          }
        }
        return result
      case .string(let text):
        var result: [Double] = []
        for part in text.split(separator: ",") {
          guard let number = Double(String(part).trimmingSpaces) else { throw mismatch(key, "numbers", value) }
          result.append(try CheckedNumber.double(number, key))
        }
        return result
      default: throw mismatch(key, "a list of numbers", value)
      }
    }
    if case .array(let items) = value, items.contains(where: { if case .array = $0 { true } else { false } }) {
      var lists: [[Double]] = []
      for item in items { lists.append(try numbers(item)) }
      return lists
    }
    return [try numbers(value)]
  }

  /// A `renderingContent` object.
  package mutating func renderingContent(_ key: String) throws(ResponseDecodingError) -> RenderingContent? {
    guard let value = take(key) else { return nil }
    do throws(ResponseDecodingError) {
      return try RenderingContent(json: value)
    } catch {
      throw ResponseDecodingError(path: "\(key).\(error.path)", message: error.message)
    }
  }

  /// A list of names each read by `make` (a single name is a list of one).
  package mutating func enumerationList<T>(_ key: String, _ make: (String) -> T?) throws(ResponseDecodingError) -> [T]?
  {
    let original = remaining[key]
    guard let names = try stringList(key) else { return nil }
    var result: [T] = []
    for name in names {
      guard let value = make(name) else {
        throw mismatch(key, "a list of known names", original ?? .null)
      }
      result.append(value)
    }
    return result
  }

  package mutating func enumeration<T>(_ key: String, _ make: (String) -> T?) throws(ResponseDecodingError) -> T? {
    guard let value = take(key) else { return nil }
    guard case .string(let string) = value, let result = make(string) else {
      throw mismatch(key, "one of the allowed values", value)
    }
    return result
  }

  package mutating func languageSwitch(_ key: String) throws(ResponseDecodingError) -> Query.LanguageSwitch? {
    guard let value = take(key) else { return nil }
    guard let result = Query.LanguageSwitch(json: value) else {
      throw mismatch(key, "true, false or a list of language codes", value)
    }
    return result
  }

  package mutating func typoTolerance(_ key: String) throws(ResponseDecodingError) -> Query.TypoTolerance? {
    guard let value = take(key) else { return nil }
    guard let result = Query.TypoTolerance(json: value) else {
      throw mismatch(key, "true, false, \"min\" or \"strict\"", value)
    }
    return result
  }
}
