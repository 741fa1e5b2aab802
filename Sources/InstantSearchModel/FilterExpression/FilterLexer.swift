/// Splits a `filters` string into tokens, working on UTF-8 bytes (every syntax character is ASCII).
package struct FilterLexer {
  private let bytes: [UInt8]
  private var position = 0

  package init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Open parentheses not yet closed.
  private var depth = 0

  /// The next token; `.end` at the end of the input, and again on every later call.
  ///
  /// Stops at the first parenthesis that opens more than ``FilterExpression/maximumNestingDepth`` groups,
  /// so that the parser's recursion stays bounded and a hostile string costs only what it takes to reach
  /// the limit.
  package mutating func nextToken() throws(FilterSyntaxIssue) -> FilterToken {
    let token = try next()
    switch token.kind {
    case .leftParenthesis:
      depth += 1
      if depth > FilterExpression.maximumNestingDepth {
        throw FilterSyntaxIssue(
          message: "too deeply nested (more than \(FilterExpression.maximumNestingDepth) levels)",
          offset: token.offset)
      }
    case .rightParenthesis: depth = max(0, depth - 1)
    default: break
    }
    return token
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
  }

  private static func isDelimiter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ":"),
      UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "!"):
      true
    default:
      isSpace(byte)
    }
  }

  private mutating func next() throws(FilterSyntaxIssue) -> FilterToken {
    while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
    let start = position
    guard position < bytes.count else { return FilterToken(kind: .end, offset: start) }
    let byte = bytes[position]
    switch byte {
    case UInt8(ascii: "("):
      position += 1
      return FilterToken(kind: .leftParenthesis, offset: start)
    case UInt8(ascii: ")"):
      position += 1
      return FilterToken(kind: .rightParenthesis, offset: start)
    case UInt8(ascii: ":"):
      position += 1
      return FilterToken(kind: .colon, offset: start)
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      return FilterToken(kind: .quoted(try quoted(closing: byte)), offset: start)
    case UInt8(ascii: "<"):
      if let score = scoreSuffix() { return FilterToken(kind: .score(score), offset: start) }
      return FilterToken(kind: .comparison(comparison(single: .lessThan, withEquals: .lessThanOrEqual)), offset: start)
    case UInt8(ascii: ">"):
      return FilterToken(
        kind: .comparison(comparison(single: .greaterThan, withEquals: .greaterThanOrEqual)), offset: start)
    case UInt8(ascii: "="):
      position += 1
      return FilterToken(kind: .comparison(.equals), offset: start)
    case UInt8(ascii: "!"):
      guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "=") else {
        throw FilterSyntaxIssue(message: "Unexpected token '!' expected '!='", offset: start)
      }
      position += 2
      return FilterToken(kind: .comparison(.notEquals), offset: start)
    default:
      return FilterToken(kind: word(), offset: start)
    }
  }

  private mutating func comparison(
    single: Filter.Numeric.Operator, withEquals: Filter.Numeric.Operator
  ) -> Filter.Numeric.Operator {
    position += 1
    if position < bytes.count, bytes[position] == UInt8(ascii: "=") {
      position += 1
      return withEquals
    }
    return single
  }

  /// Reads `<score=N>` at the current position, or returns `nil` and consumes nothing.
  private mutating func scoreSuffix() -> Int? {
    let prefix = Array("<score=".utf8)
    guard bytes.count - position > prefix.count, Array(bytes[position..<position + prefix.count]) == prefix
    else { return nil }
    var cursor = position + prefix.count
    let digitsStart = cursor
    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
    while cursor < bytes.count, bytes[cursor] >= UInt8(ascii: "0"), bytes[cursor] <= UInt8(ascii: "9") {
      cursor += 1
    }
    guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ">"),
      let score = Int(String(decoding: bytes[digitsStart..<cursor], as: UTF8.self))
    else { return nil }
    position = cursor + 1
    return score
  }

  /// Reads a quoted string; `\x` stands for `x` (so `\"` is a quote and `\\` a backslash).
  private mutating func quoted(closing: UInt8) throws(FilterSyntaxIssue) -> String {
    let start = position
    position += 1
    var content: [UInt8] = []
    while position < bytes.count {
      let byte = bytes[position]
      if byte == closing {
        position += 1
        return String(decoding: content, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\"), position + 1 < bytes.count {
        content.append(bytes[position + 1])
        position += 2
        continue
      }
      content.append(byte)
      position += 1
    }
    throw FilterSyntaxIssue(message: "Unterminated string: missing closing quote", offset: start)
  }

  private mutating func word() -> FilterToken.Kind {
    let start = position
    while position < bytes.count, !Self.isDelimiter(bytes[position]) { position += 1 }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    switch text {
    case "AND": return .and
    case "OR": return .or
    case "NOT": return .not
    case "TO": return .to
    default: return .word(text)
    }
  }
}

/// A syntax problem at a byte offset, turned into a ``FilterParseError`` with a column by the parser.
package struct FilterSyntaxIssue: Error {
  package let message: String
  package let offset: Int
}
