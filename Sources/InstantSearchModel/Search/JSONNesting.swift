import Foundation

/// How deeply JSON text nests its arrays and objects, read before Foundation's reader sees the text.
///
/// Foundation's JSON reader on Linux (behind `JSONDecoder` and `JSONSerialization`) refuses nesting past
/// 512 levels, but when the text *ends* at the bracket that crosses that limit (`[` 513 times, or
/// `{"a":` and 512 of them), building the error's position reads past the input and the process traps
/// (`SIGILL` in `JSONError.SourceLocation`). Anything that hands outside bytes to Foundation first asks
/// ``firstTooDeep(in:maximumDepth:)``, which keeps every such text at ``JSON/maximumDepth`` levels, far
/// below the limit.
package enum JSONNesting {
  /// The offset of the first `[` or `{` (outside strings) that opens a container deeper than
  /// `maximumDepth` levels (the top-level value is level 1), or `nil` when none does.
  ///
  /// Only brackets and strings are read: text that is not JSON in other ways is left to the parser.
  package static func firstTooDeep(
    in bytes: UnsafeRawBufferPointer, maximumDepth: Int = JSON.maximumDepth
  ) -> Int? {
    var depth = 0
    var inString = false
    var escaped = false
    for (offset, byte) in bytes.enumerated() {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if depth > maximumDepth { return offset }
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
      default: break
      }
    }
    return nil
  }

  /// ``firstTooDeep(in:maximumDepth:)`` of `data`.
  package static func firstTooDeep(in data: Data, maximumDepth: Int = JSON.maximumDepth) -> Int? {
    data.withUnsafeBytes { firstTooDeep(in: $0, maximumDepth: maximumDepth) }
  }

  /// The error `JSONDecoder` itself gives for text that is not JSON, saying where it nests too deep.
  package static func tooDeep(at offset: Int) -> DecodingError {
    .dataCorrupted(
      .init(codingPath: [], debugDescription: "nested more than \(JSON.maximumDepth) levels deep at byte \(offset)"))
  }
}

extension JSONDecoder {
  /// `decode(_:from:)` for bytes from outside (a request, a file, the network): text nested deeper than
  /// ``JSON/maximumDepth`` is refused before Foundation's reader sees it (see ``JSONNesting``).
  ///
  /// - Throws: `DecodingError.dataCorrupted` naming the byte that nests too deep, or what
  ///   `decode(_:from:)` throws.
  package func decodeBounded<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    if let offset = JSONNesting.firstTooDeep(in: data) { throw JSONNesting.tooDeep(at: offset) }
    return try decode(type, from: data)
  }
}
