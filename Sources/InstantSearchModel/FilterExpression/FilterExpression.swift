/// A parsed `filters` string, normalised to what Algolia evaluates: a conjunction (AND) of clauses, each
/// clause a disjunction (OR) of single, possibly negated, filters of one kind.
///
/// ```swift
/// let expression = try FilterExpression(parsing: #"brand:Sony AND (color:red OR color:blue) AND price > 10"#)
/// expression.clauses.count  // 3
/// ```
///
/// The parser accepts Algolia's whole grammar: facet filters `attr:value` (quoted or bare), booleans,
/// numeric comparisons `attr >= 10` and ranges `attr:10 TO 20`, tags `_tags:x` or bare `x`, `AND`, `OR`,
/// `NOT` (upper case only), parentheses, single or double quotes with `\` escapes, and scores
/// `<score=N>`. OR binds tighter than AND: `a AND b OR c` is `a AND (b OR c)`. Algolia's restrictions are
/// errors: no AND inside an OR, no NOT on a group, no OR across filter kinds.
public struct FilterExpression: Hashable, Sendable {
  /// The clauses, ANDed; each clause's filters are ORed and share one ``FilterKind``.
  public let clauses: [[Filter]]

  /// Creates an expression from clauses. Clauses are taken as they are.
  public init(clauses: [[Filter]]) {
    self.clauses = clauses
  }

  /// Parses a `filters` string. An empty or blank string is the empty expression (no filter).
  ///
  /// - Throws: ``FilterParseError`` with a message and a 1-based column, for any input that is not a
  ///   valid filter. Never traps, whatever the input.
  public init(parsing text: String) throws(FilterParseError) {
    let bytes = Array(text.utf8)
    do {
      guard let root = try FilterParser.parse(bytes) else {
        self.clauses = []
        return
      }
      self.clauses = try FilterNormalizer.clauses(of: root).map { $0.map(\.filter) }
    } catch {
      throw FilterParseError(message: error.message, column: Self.column(ofByteOffset: error.offset, in: bytes))
    }
  }

  /// The most parenthesised groups a `filters` string may open inside one another: 64.
  ///
  /// Real filters use a handful of levels. The bound keeps parsing within a few kilobytes of stack per
  /// level, so that a string from a URL or a request parses safely even on a 512 KB secondary thread; a
  /// deeper string is refused with `filters: too deeply nested (more than 64 levels) at col C`, where
  /// column C holds the parenthesis that crossed the limit.
  public static let maximumNestingDepth = 64

  /// The most single filters one `filters` string may hold: 1,000, Algolia's documented limit.
  ///
  /// The 1,001st is refused with `filters: too many filters (more than 1000) at col C`, and the parser
  /// reads no further, so a long hostile chain costs no more than a legitimate one.
  public static let maximumFilterCount = 1_000

  /// Whether the expression filters nothing out.
  public var isEmpty: Bool { clauses.isEmpty }

  /// The 1-based character column of a UTF-8 byte offset.
  package static func column(ofByteOffset offset: Int, in bytes: [UInt8]) -> Int {
    let prefix = bytes[..<min(max(offset, 0), bytes.count)]
    return String(decoding: prefix, as: UTF8.self).count + 1
  }
}

extension FilterExpression: CustomStringConvertible {
  /// The expression in canonical `filters` syntax: `( a OR b ) AND ( c )`.
  public var description: String {
    clauses.map { clause in
      let texts = clause.map { FilterSQL.render($0) ?? "" }
      return "( " + texts.joined(separator: " OR ") + " )"
    }.joined(separator: " AND ")
  }
}
