import InstantSearchModel

/// The scalar readers of ``JSONPacker``: strings (escapes, plain runs), numbers and literals.
extension JSONPacker {
  /// Whether `text` is an optional `-` and decimal digits only.
  static func isInteger(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let digits = text.first == UInt8(ascii: "-") ? UnsafeBufferPointer(rebasing: text.dropFirst()) : text
    return !digits.isEmpty && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }

  func literal(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, _ word: StaticString)
    throws(SyntaxError)
  {
    let length = word.utf8CodeUnitCount
    guard position + length <= bytes.count else {
      throw SyntaxError(message: "unexpected end of input", offset: position)
    }
    let expected = UnsafeBufferPointer(start: word.utf8Start, count: length)
    for index in 0..<length where bytes[position + index] != expected[index] {
      throw SyntaxError(message: "unexpected character", offset: position + index)
    }
    position += length
  }

  /// Reads a string: returns the range of its bytes in `bytes` when it has no escape (most strings, read
  /// without a copy), else `nil` with the string unescaped into `text`.
  mutating func string(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) throws(SyntaxError)
    -> Range<Int>?
  {
    let start = position
    position += 1
    var end = Self.plainRunEnd(bytes, from: position)
    while end < bytes.count {
      let byte = bytes[end]
      if byte == UInt8(ascii: "\"") {
        position = end + 1
        return start + 1..<end
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      end += 1
    }
    text.removeAll(keepingCapacity: true)
    text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<end]))
    position = end
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        position += 1
        return nil
      }
      if byte == UInt8(ascii: "\\") {
        guard position + 1 < bytes.count else { break }
        let escaped = bytes[position + 1]
        position += 2
        if let plain = JSONEscape.byte(escaped: escaped) {
          text.append(plain)
        } else if escaped == UInt8(ascii: "u") {
          let scalar = try escapedScalar(bytes, &position)
          text.append(contentsOf: String(scalar).utf8)
        } else {
          throw SyntaxError(message: "invalid escape", offset: position - 1)
        }
        continue
      }
      if byte < 0x20 { throw SyntaxError(message: "control character in string", offset: position) }
      // Copy the run of plain bytes up to the next quote, backslash or control character at once.
      var end = position + 1
      while end < bytes.count {
        let next = bytes[end]
        if next == UInt8(ascii: "\"") || next == UInt8(ascii: "\\") || next < 0x20 { break }
        end += 1
      }
      text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<end]))
      position = end
    }
    throw SyntaxError(message: "unterminated string", offset: start)
  }

  /// The index of the first quote, backslash or control byte at or after `start` (or `bytes.count` if
  /// there is none within reach), found eight bytes at a time; the caller reads from there byte by byte.
  @inline(__always)
  static func plainRunEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let base = bytes.baseAddress else { return start }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var index = start
    while index + 8 <= bytes.count {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      // A byte is flagged when it is zero after XOR with '"' or '\\', or below 0x20 (high bit set by the
      // subtraction while clear in the byte); the flags can only err towards flagging, never miss one.
      let quote = word ^ (ones &* 0x22)
      let backslash = word ^ (ones &* 0x5C)
      let flags =
        ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
      if flags & highs != 0 { return index }
      index += 8
    }
    return index
  }

  /// The scalar of a `\\u` escape whose four digits start at `position`: a high surrogate followed by a
  /// `\\u` low surrogate is one scalar; any other surrogate, alone or followed by something else, is
  /// U+FFFD, and what follows it is read on its own.
  func escapedScalar(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) throws(SyntaxError)
    -> Unicode.Scalar
  {
    let first = try hex4(bytes, &position)
    if (0xD800..<0xDC00).contains(first), position + 5 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
      bytes[position + 1] == UInt8(ascii: "u")
    {
      var next = position + 2
      let low = try hex4(bytes, &next)
      if (0xDC00..<0xE000).contains(low) {
        position = next
        return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
      }
    }
    return Unicode.Scalar(first) ?? "\u{FFFD}"
  }

  func hex4(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) throws(SyntaxError) -> UInt32 {
    guard position + 4 <= bytes.count else { throw SyntaxError(message: "short \\u escape", offset: position) }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw SyntaxError(message: "invalid \\u escape", offset: position)
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }

  /// Reads a JSON number. Up to 19 significant digits with a small exponent are converted exactly with
  /// one multiplication or division by a power of ten (exact for ≤ 15 digits and |exponent| ≤ 22);
  /// anything else goes through the standard library's correctly rounded conversion.
  func number(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) throws(SyntaxError) -> Double {
    let start = position
    var negative = false
    if position < bytes.count, bytes[position] == UInt8(ascii: "-") {
      negative = true
      position += 1
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    var sawDigit = false
    while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
      if digits < 19 {
        mantissa = mantissa * 10 + UInt64(bytes[position] - 0x30)
        if mantissa > 0 { digits += 1 }
      } else {
        exponent += 1
      }
      sawDigit = true
      position += 1
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
        if digits < 19 {
          mantissa = mantissa * 10 + UInt64(bytes[position] - 0x30)
          if mantissa > 0 { digits += 1 }
          exponent -= 1
        }
        sawDigit = true
        position += 1
      }
    }
    guard sawDigit else { throw SyntaxError(message: "unexpected character", offset: start) }
    if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
      position += 1
      var exponentSign = 1
      if position < bytes.count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
        exponentSign = bytes[position] == UInt8(ascii: "-") ? -1 : 1
        position += 1
      }
      var value = 0
      var sawExponentDigit = false
      while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
        value = min(value * 10 + Int(bytes[position] - 0x30), 100_000)
        sawExponentDigit = true
        position += 1
      }
      guard sawExponentDigit else { throw SyntaxError(message: "invalid exponent", offset: position) }
      exponent += exponentSign * value
    }
    if digits <= 15, abs(exponent) <= 22 {
      let scale = Self.powersOfTen[abs(exponent)]
      let value = exponent >= 0 ? Double(mantissa) * scale : Double(mantissa) / scale
      return negative ? -value : value
    }
    let slice = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    guard let value = Double(slice), value.isFinite else {
      throw SyntaxError(message: "number out of range", offset: start)
    }
    return value
  }

  private static let powersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }
}
