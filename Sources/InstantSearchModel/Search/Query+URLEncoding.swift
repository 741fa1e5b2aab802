import Foundation

extension Query {
  /// The query in Algolia's URL-encoded `params` form: `key=value` pairs sorted by key and joined by `&`.
  ///
  /// Strings are written raw, lists and objects as JSON text; keys and values are percent-encoded with
  /// only the unreserved characters (`A–Z a–z 0–9 - . _ ~`) left as they are, so `& = + # ; / @ % ?`
  /// and spaces in values survive the server's split.
  public var urlEncodedParameters: String {
    encodedParameters(spaceAsPlus: false)
  }

  /// ``urlEncodedParameters`` with spaces written `+` (HTML form encoding): how Algolia's answers echo
  /// a query's `params` (`filters=editor%3A%27visual+studio%27`).
  public var formEncodedParameters: String {
    encodedParameters(spaceAsPlus: true)
  }

  private func encodedParameters(spaceAsPlus: Bool) -> String {
    // The object once (each access builds it anew).
    let object = jsonObject
    // One buffer for the whole form, one string at the end (every response of the engine carries it).
    var bytes: [UInt8] = []
    bytes.reserveCapacity(256)
    for key in object.keys.sorted(by: UTF8Order.precedes) {
      guard let value = object[key] else { continue }
      if !bytes.isEmpty { bytes.append(UInt8(ascii: "&")) }
      Self.percentEncode(key, into: &bytes, spaceAsPlus: spaceAsPlus)
      bytes.append(UInt8(ascii: "="))
      Self.percentEncode(Self.parameterText(value), into: &bytes, spaceAsPlus: spaceAsPlus)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Reads a query from the URL-encoded `params` form (`+` and `%20` are spaces; list parameters are a
  /// JSON array or a comma-separated list).
  ///
  /// - Throws: ``ResponseDecodingError`` for a malformed percent-escape or a value of the wrong type.
  public init(urlEncodedParameters text: String) throws(ResponseDecodingError) {
    try self.init(jsonObject: Self.parameters(fromURLEncoded: text))
  }

  /// The text of one parameter value in the `params` form.
  package static func parameterText(_ value: JSON) -> String {
    switch value {
    case .string(let string): string
    case .number(let number): JSONText.number(number)
    case .bool(let bool): bool ? "true" : "false"
    case .null: "null"
    case .array, .object: value.description
    }
  }

  /// Parameters whose comma-separated text is a list of strings.
  package static let stringListKeys: Set<String> = [
    "facets", "attributesToRetrieve", "attributesToHighlight", "attributesToSnippet", "restrictSearchableAttributes",
    "analyticsTags", "ruleContexts", "restrictIndices", "advancedSyntaxFeatures", "responseFields",
    "disableTypoToleranceOnAttributes", "disableExactOnAttributes", "queryLanguages",
  ]

  /// The `params` form as a JSON object, before typing.
  package static func parameters(fromURLEncoded text: String) throws(ResponseDecodingError) -> [String: JSON] {
    var object: [String: JSON] = [:]
    for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let key = try formDecode(String(parts[0]))
      let raw = parts.count > 1 ? try formDecode(String(parts[1])) : ""
      object[key] = try typedValue(key: key, text: raw)
    }
    return object
  }

  /// The value of one parameter of the form: JSON where the text is a JSON array or object, else typed
  /// by the parameter's name.
  ///
  /// - Throws: ``ResponseDecodingError`` at `key` for an array or object nested deeper than
  ///   ``JSON/maximumDepth``.
  private static func typedValue(key: String, text: String) throws(ResponseDecodingError) -> JSON {
    if text.hasPrefix("[") || text.hasPrefix("{") {
      let bytes = Array(text.utf8)
      if let offset = bytes.withUnsafeBytes({ JSONNesting.firstTooDeep(in: $0) }) {
        throw ResponseDecodingError(
          path: key, message: "nested more than \(JSON.maximumDepth) levels deep at byte \(offset)")
      }
      // Only a probe: text that is not JSON (`[sale`) is the parameter's plain text, typed below.
      if let parsed = try? JSON(parsing: bytes) { return parsed }
    }
    if stringListKeys.contains(key) {
      return .array(text.split(separator: ",").map { .string(String($0).trimmingSpaces) })
    }
    if stringKeys.contains(key) { return .string(text) }
    // Other parameters: booleans and numbers as such (the params form carries no types).
    if text == "true" { return .bool(true) }
    if text == "false" { return .bool(false) }
    if let number = FilterParser.numberValue(text), !text.hasPrefix("+") { return .number(number) }
    return .string(text)
  }

  /// Parameters that are strings even when their text looks like a number or a boolean.
  package static let stringKeys: Set<String> = [
    "query", "filters", "highlightPreTag", "highlightPostTag", "userToken", "aroundLatLng", "snippetEllipsisText",
    "similarQuery", "optionalWords", "removeWordsIfNoResults", "exactOnSingleWordQuery", "queryType",
    "keepDiacriticsOnCharacters", "sortFacetValuesBy", "typoTolerance",
  ]

  /// Percent-encodes everything but the unreserved characters.
  package static func percentEncode(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count * 3)
    percentEncode(text, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The hexadecimal digits of a percent-escape.
  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  /// Appends `text` percent-encoded to `bytes` (bytes first, one string at the end: appending to a string
  /// scalar by scalar cost more than the rest).
  package static func percentEncode(_ text: String, into bytes: inout [UInt8], spaceAsPlus: Bool = false) {
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: " ") where spaceAsPlus:
        bytes.append(UInt8(ascii: "+"))
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        bytes.append(byte)
      default:
        bytes.append(UInt8(ascii: "%"))
        bytes.append(hexDigits[Int(byte >> 4)])
        bytes.append(hexDigits[Int(byte & 0x0F)])
      }
    }
  }

  /// Decodes `application/x-www-form-urlencoded` text: `+` is a space, `%XX` a byte.
  package static func formDecode(_ text: String) throws(ResponseDecodingError) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
          throw ResponseDecodingError(path: "params", message: "malformed percent-escape in \(text)")
        }
        bytes.append(high << 4 | low)
      default: bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
