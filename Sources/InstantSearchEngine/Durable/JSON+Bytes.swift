import InstantSearchModel

extension JSON {
  /// Appends the value's compact JSON text to `output` byte by byte (keys in the dictionary's order):
  /// what the write-ahead log stores and the server answers, several times cheaper than building
  /// `description`'s strings or going through `JSONEncoder`.
  public func appendText(to output: inout [UInt8]) {
    switch self {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let bool): output.append(contentsOf: (bool ? "true" : "false").utf8)
    case .number(let number): PackedCodec.appendNumber(number, to: &output)
    case .string(var string):
      output.append(UInt8(ascii: "\""))
      string.withUTF8 { PackedCodec.appendEscaped($0, to: &output) }
      output.append(UInt8(ascii: "\""))
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        element.appendText(to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      output.append(UInt8(ascii: "{"))
      var first = true
      for (key, value) in members {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        var key = key
        output.append(UInt8(ascii: "\""))
        key.withUTF8 { PackedCodec.appendEscaped($0, to: &output) }
        output.append(contentsOf: "\":".utf8)
        value.appendText(to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// Appends the decimal text of the whole number `value`, every digit exact: what ``appendText(to:)``
  /// writes for `.number(Double(value))` below 10¹⁵, without going through a `Double` or a `String`.
  public static func appendInteger(_ value: Int, to output: inout [UInt8]) {
    PackedCodec.appendInteger(value, to: &output)
  }
}
