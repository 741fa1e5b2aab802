import InstantSearchModel

extension PackedCodec {
  /// Appends a packed record as compact JSON text (keys in the packed, sorted order), straight from its
  /// bytes: no `JSON` value is built. What segments are written with.
  func appendJSONText(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    var reader = PackedReader(bytes)
    appendValue(&reader, to: &output)
  }

  /// Appends the packed value at `reader` as compact JSON text and moves past it: what a hit written as
  /// text takes of its record's members (see ``SearchExecutor/appendHitText(_:plan:highlighter:rankingInfo:to:)``).
  func appendValue(_ reader: inout PackedReader, to output: inout [UInt8]) {
    guard let tag = PackedTag(rawValue: reader.byte()) else {
      output.append(contentsOf: "null".utf8)
      return
    }
    switch tag {
    case .null, .end: output.append(contentsOf: "null".utf8)
    case .falseValue: output.append(contentsOf: "false".utf8)
    case .trueValue: output.append(contentsOf: "true".utf8)
    case .integer: Self.appendInteger(Int(reader.integer()), to: &output)
    case .double: Self.appendNumber(reader.double(), to: &output)
    case .text:
      let count = Int(reader.varint())
      output.append(UInt8(ascii: "\""))
      let tokens = dictionary.tokens
      tokens.arena.withUnsafeBufferPointer { arena in
        for _ in 0..<count {
          let id = Int(reader.varint())
          let start = Int(tokens.starts[id])
          Self.appendEscaped(UnsafeBufferPointer(rebasing: arena[start..<start + Int(tokens.lengths[id])]), to: &output)
        }
      }
      output.append(UInt8(ascii: "\""))
    case .raw:
      let count = Int(reader.varint())
      let start = reader.position
      reader.position += count
      output.append(UInt8(ascii: "\""))
      Self.appendEscaped(UnsafeBufferPointer(rebasing: reader.bytes[start..<(start + count)]), to: &output)
      output.append(UInt8(ascii: "\""))
    case .array:
      output.append(UInt8(ascii: "["))
      var first = true
      while !reader.atEnd() {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        appendValue(&reader, to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object:
      output.append(UInt8(ascii: "{"))
      var first = true
      while let key = reader.nextKey() {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        output.append(UInt8(ascii: "\""))
        Self.appendEscaped(keys.bytes(key), to: &output)
        output.append(contentsOf: "\":".utf8)
        appendValue(&reader, to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// A number as JSON writes it: integers without a fraction, others in shortest form, `null` when not
  /// finite (JSON has no infinity).
  static func appendNumber(_ value: Double, to output: inout [UInt8]) {
    guard value.isFinite else {
      output.append(contentsOf: "null".utf8)
      return
    }
    if value.rounded() == value, abs(value) < 1e15, let integer = Int(exactly: value) {
      appendInteger(integer, to: &output)
    } else {
      output.append(contentsOf: value.description.utf8)
    }
  }

  /// Appends `value`'s decimal digits (after a `-` when negative), without making a string of them.
  static func appendInteger(_ value: Int, to output: inout [UInt8]) {
    if value < 0 { output.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    // 20 digits hold any UInt64; written from the last.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = digits.count
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  /// The lowercase hexadecimal digit of `value` (0–15).
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  /// UTF-8 bytes inside a JSON string: `"` and `\` escaped, control characters as `\u00XX`.
  static func appendEscaped(_ bytes: some Collection<UInt8>, to output: inout [UInt8]) {
    // Most text needs no escape: then it is appended whole.
    if !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      output.append(contentsOf: bytes)
      return
    }
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
      case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
      case 0..<0x20:
        output.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hexDigit(byte >> 4), hexDigit(byte & 0xF)])
      default: output.append(byte)
      }
    }
  }
}
