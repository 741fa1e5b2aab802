/// Strings and numbers of ``JSON/init(parsing:)``.
extension JSONByteParser {
  /// The string whose opening quote is at the cursor; the cursor ends past its closing quote.
  mutating func string() throws(JSONParseError) -> String {
    position += 1
    let start = position
    // Most strings have no escape: their bytes are the string.
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let text = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
        guard Self.isValidUTF8(text) else { throw fail("a string that is not valid UTF-8") }
        position += 1
        return String(decoding: text, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") { break }
      guard byte >= 0x20 else { throw fail("a control character in a string") }
      position += 1
    }
    var utf8 = Array(bytes[start..<position])
    while position < bytes.count {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        let valid = utf8.withUnsafeBytes { Self.isValidUTF8($0) }
        guard valid else { throw fail("a string that is not valid UTF-8") }
        position += 1
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        position += 1
        guard position < bytes.count else { break }
        let escaped = bytes[position]
        position += 1
        if let plain = JSONEscape.byte(escaped: escaped) {
          utf8.append(plain)
        } else if escaped == UInt8(ascii: "u") {
          utf8.append(contentsOf: String(Character(try unicodeEscape())).utf8)
        } else {
          position -= 1
          throw fail("an invalid escape")
        }
      case 0..<0x20: throw fail("a control character in a string")
      default:
        utf8.append(byte)
        position += 1
      }
    }
    throw fail("the text ends inside a string")
  }

  /// The scalar of a `\u` escape whose four digits are at the cursor (and of the low half that must
  /// follow a high surrogate).
  private mutating func unicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
    let unit = try hexUnit()
    if (0xD800..<0xDC00).contains(unit) {
      guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
      else { throw fail("a high surrogate without its low half") }
      position += 2
      let low = try hexUnit()
      guard (0xDC00..<0xE000).contains(low),
        let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
      else { throw fail("a high surrogate without its low half") }
      return scalar
    }
    guard let scalar = Unicode.Scalar(unit) else { throw fail("a low surrogate without its high half") }
    return scalar
  }

  /// Four hexadecimal digits at the cursor.
  private mutating func hexUnit() throws(JSONParseError) -> UInt32 {
    guard position + 4 <= bytes.count else { throw fail("the text ends inside a \\u escape") }
    var unit: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw fail("a \\u escape without four hexadecimal digits")
      }
      unit = unit << 4 | UInt32(digit)
      position += 1
    }
    return unit
  }

  /// The number at the cursor, in JSON's grammar (`-`, no leading zero, fraction, exponent); finite.
  mutating func number() throws(JSONParseError) -> Double {
    let start = position
    func isDigit(_ at: Int) -> Bool { at < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) }
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard isDigit(position) else { throw fail("a number without digits") }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
    } else {
      while isDigit(position) { position += 1 }
    }
    var whole = true
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      whole = false
      position += 1
      guard isDigit(position) else { throw fail("a fraction without digits") }
      while isDigit(position) { position += 1 }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      whole = false
      position += 1
      if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
        position += 1
      }
      guard isDigit(position) else { throw fail("an exponent without digits") }
      while isDigit(position) { position += 1 }
    }
    let text = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
    // A whole number of at most 2⁵³ is exact in a Double: added up without making a string (16 digits
    // cannot overflow an Int).
    if whole, text.count <= 17 {
      let negative = text[0] == UInt8(ascii: "-")
      var value = 0
      for digit in text.dropFirst(negative ? 1 : 0) { value = value * 10 + Int(digit - UInt8(ascii: "0")) }
      if value <= 1 << 53 { return negative ? -Double(value) : Double(value) }
    }
    guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else {
      position = start
      throw fail("a number a Double cannot hold")
    }
    return value
  }

  /// Whether `text` is well-formed UTF-8: no stray continuation byte, no overlong form, no surrogate,
  /// nothing past U+10FFFF.
  static func isValidUTF8(_ text: UnsafeRawBufferPointer) -> Bool {
    var index = 0
    let count = text.count
    while index < count {
      let lead = text[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var lower: UInt8 = 0x80
      var upper: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        lower = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        upper = 0x9F
      case 0xF0:
        length = 4
        lower = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        upper = 0x8F
      default: return false
      }
      guard index + length <= count, (lower...upper).contains(text[index + 1]) else { return false }
      for offset in 2..<max(length, 2) where text[index + offset] & 0xC0 != 0x80 { return false }
      index += length
    }
    return true
  }
}

/// JSON's one-character string escapes, shared by the parsers of request bodies and of records.
package enum JSONEscape {
  /// The byte `\` followed by `escaped` stands for (`n`: a line feed, `"`: a quote …); `nil` for `u` (four
  /// hexadecimal digits follow) and for any byte that does not make an escape.
  package static func byte(escaped: UInt8) -> UInt8? {
    switch escaped {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): escaped
    case UInt8(ascii: "b"): 0x08
    case UInt8(ascii: "f"): 0x0C
    case UInt8(ascii: "n"): 0x0A
    case UInt8(ascii: "r"): 0x0D
    case UInt8(ascii: "t"): 0x09
    default: nil
    }
  }
}
