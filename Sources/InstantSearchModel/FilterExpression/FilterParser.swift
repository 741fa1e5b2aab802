/// A node of the parse tree, before normalisation. Offsets are UTF-8 byte offsets into the input.
package indirect enum ParsedNode: Sendable {
  /// A single filter. `explicitTags` marks a tag written `_tags:value` (it may join facets in an OR).
  case atom(Filter, offset: Int, explicitTags: Bool)
  /// `a AND b …`; `operatorOffset` is the first `AND`.
  case and([ParsedNode], operatorOffset: Int, parenthesized: Bool)
  /// `a OR b …`; `operatorOffset` is the first `OR`.
  case or([ParsedNode], operatorOffset: Int, parenthesized: Bool)

  /// The node with its `parenthesized` flag set.
  package var parenthesized: ParsedNode {
    switch self {
    case .atom: self
    case .and(let children, let offset, _): .and(children, operatorOffset: offset, parenthesized: true)
    case .or(let children, let offset, _): .or(children, operatorOffset: offset, parenthesized: true)
    }
  }
}

/// Recursive-descent parser for Algolia's `filters` grammar:
///
/// ```
/// filters := conj? END
/// conj    := disj ("AND" disj)*          AND binds loosest
/// disj    := unary ("OR" unary)*         OR binds tighter than AND
/// unary   := "NOT" atom | "(" conj ")" | atom
/// atom    := name ":" value score? | name ":" number "TO" number | name op number | name
/// ```
///
/// Tokens are read one at a time as the parser needs them, so the first problem from the left is the one
/// reported, and a hostile string is read only up to it: past ``FilterExpression/maximumNestingDepth``
/// levels or ``FilterExpression/maximumFilterCount`` filters, parsing stops with an error at that column.
package struct FilterParser {
  private var lexer: FilterLexer
  private var current: FilterToken
  private var filterCount = 0

  /// Parses `bytes`; `nil` for an empty (or blank) filter.
  package static func parse(_ bytes: [UInt8]) throws(FilterSyntaxIssue) -> ParsedNode? {
    var parser = try FilterParser(lexer: FilterLexer(bytes: bytes))
    if parser.current.kind == .end { return nil }
    let node = try parser.conjunction()
    guard parser.current.kind == .end else {
      throw parser.unexpected(expected: "end of filter")
    }
    return node
  }

  private init(lexer: FilterLexer) throws(FilterSyntaxIssue) {
    self.lexer = lexer
    current = try self.lexer.nextToken()
  }

  /// Moves to the next token.
  private mutating func advance() throws(FilterSyntaxIssue) {
    current = try lexer.nextToken()
  }

  private func unexpected(expected: String) -> FilterSyntaxIssue {
    FilterSyntaxIssue(message: "Unexpected token \(current.display) expected \(expected)", offset: current.offset)
  }

  private mutating func conjunction() throws(FilterSyntaxIssue) -> ParsedNode {
    let first = try disjunction()
    guard current.kind == .and else { return first }
    let operatorOffset = current.offset
    var children = [first]
    while current.kind == .and {
      try advance()
      children.append(try disjunction())
    }
    return .and(children, operatorOffset: operatorOffset, parenthesized: false)
  }

  private mutating func disjunction() throws(FilterSyntaxIssue) -> ParsedNode {
    let first = try unary()
    guard current.kind == .or else { return first }
    let operatorOffset = current.offset
    var children = [first]
    while current.kind == .or {
      try advance()
      children.append(try unary())
    }
    return .or(children, operatorOffset: operatorOffset, parenthesized: false)
  }

  private mutating func unary() throws(FilterSyntaxIssue) -> ParsedNode {
    switch current.kind {
    case .not:
      try advance()
      if current.kind == .leftParenthesis {
        throw unexpected(expected: "a filter (NOT applies to a single filter, not to a group)")
      }
      guard case .atom(var filter, let offset, let explicitTags) = try atom() else {
        throw unexpected(expected: "a filter")
      }
      filter.isNegated = true
      return .atom(filter, offset: offset, explicitTags: explicitTags)
    case .leftParenthesis:
      try advance()
      if current.kind == .rightParenthesis { throw unexpected(expected: "a filter") }
      let inner = try conjunction()
      guard current.kind == .rightParenthesis else { throw unexpected(expected: "')'") }
      try advance()
      return inner.parenthesized
    default:
      return try atom()
    }
  }

  private mutating func atom() throws(FilterSyntaxIssue) -> ParsedNode {
    let nameToken = current
    guard let name = nameToken.text else { throw unexpected(expected: "a filter") }
    filterCount += 1
    if filterCount > FilterExpression.maximumFilterCount {
      throw FilterSyntaxIssue(
        message: "too many filters (more than \(FilterExpression.maximumFilterCount))", offset: nameToken.offset)
    }
    try advance()
    let attribute = Attribute(name)
    switch current.kind {
    case .colon:
      try advance()
      return try valueAfterColon(attribute: attribute, offset: nameToken.offset)
    case .comparison(let op):
      try advance()
      let value = try number()
      let filter = Filter.numeric(.init(attribute: attribute, operator: op, value: value))
      return .atom(filter, offset: nameToken.offset, explicitTags: false)
    default:
      return .atom(.tag(.init(value: name)), offset: nameToken.offset, explicitTags: false)
    }
  }

  private mutating func valueAfterColon(attribute: Attribute, offset: Int) throws(FilterSyntaxIssue) -> ParsedNode {
    let valueToken = current
    switch valueToken.kind {
    case .quoted(let text):
      try advance()
      return try facetOrTag(attribute: attribute, value: .string(text), offset: offset)
    case .word(let text):
      try advance()
      if current.kind == .to {
        guard let lower = Self.numberValue(text) else {
          throw FilterSyntaxIssue(
            message: "Unexpected token \(valueToken.display) expected numeric", offset: valueToken.offset)
        }
        try advance()
        let upperText = current.text ?? ""
        let upper = try number()
        guard lower <= upper else {
          throw FilterSyntaxIssue(
            message: "Invalid range \(text) TO \(upperText): lower bound greater than upper bound",
            offset: valueToken.offset)
        }
        let filter = Filter.numeric(.init(attribute: attribute, range: lower...upper))
        return .atom(filter, offset: offset, explicitTags: false)
      }
      let value: Filter.Facet.ValueType
      if let number = Self.numberValue(text) {
        value = .number(number)
      } else if text == "true" || text == "false" {
        value = .bool(text == "true")
      } else {
        value = .string(text)
      }
      return try facetOrTag(attribute: attribute, value: value, offset: offset)
    default:
      throw unexpected(expected: "a value")
    }
  }

  /// A facet filter, or a tag filter for a plain string value on `_tags`; reads an optional score.
  private mutating func facetOrTag(
    attribute: Attribute, value: Filter.Facet.ValueType, offset: Int
  ) throws(FilterSyntaxIssue) -> ParsedNode {
    var score: Int?
    if case .score(let value) = current.kind {
      score = value
      try advance()
    }
    if attribute == .tags, score == nil, case .string(let tag) = value {
      return .atom(.tag(.init(value: tag)), offset: offset, explicitTags: true)
    }
    return .atom(.facet(.init(attribute: attribute, value: value, score: score)), offset: offset, explicitTags: false)
  }

  private mutating func number() throws(FilterSyntaxIssue) -> Double {
    guard case .word(let text) = current.kind, let value = Self.numberValue(text) else {
      throw unexpected(expected: "numeric")
    }
    try advance()
    return value
  }

  /// The value of a bare word that is a finite decimal number (`12`, `-3.5`, `.5`), else `nil`.
  /// Exponents are not part of the grammar.
  package static func numberValue(_ text: String) -> Double? {
    var digits = 0
    var points = 0
    for (position, byte) in text.utf8.enumerated() {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
      case UInt8(ascii: "."): points += 1
      case UInt8(ascii: "-") where position == 0: continue
      case UInt8(ascii: "+") where position == 0: continue
      default: return nil
      }
    }
    guard digits > 0, points <= 1, let value = Double(text), value.isFinite else { return nil }
    return value
  }
}
