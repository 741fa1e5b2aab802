import InstantSearchCore
import TestProcesses
import Testing

/// Hostile nesting: the grammar's depth is bounded, so that no input drives the parser's recursion (issue 17,
/// row 1). Before the bound, 25,000 levels overflowed the 8 MB main stack.
@Suite("Nesting limit of the filters string")
struct FilterNestingLimitTests {
  static let limit = FilterExpression.maximumNestingDepth

  static func nested(_ depth: Int, closed: Bool = true) -> String {
    String(repeating: "(", count: depth) + "a:x" + (closed ? String(repeating: ")", count: depth) : "")
  }

  static func tooDeep(at column: Int) -> String {
    "filters: too deeply nested (more than \(limit) levels) at col \(column)"
  }

  @Test("At the limit, nesting parses to the same filter")
  func atTheLimit() throws {
    let expression = try FilterExpression(parsing: Self.nested(Self.limit))
    #expect(expression.description == #"( "a":"x" )"#)
  }

  @Test(
    "One level past the limit, or millions, is an error at the parenthesis that crosses it",
    arguments: [65, 50_000, 5_000_000])
  func pastTheLimit(depth: Int) {
    #expect(throws: FilterParseError.self) { try FilterExpression(parsing: Self.nested(depth)) }
    do {
      _ = try FilterExpression(parsing: Self.nested(depth))
    } catch {
      #expect(error.description == Self.tooDeep(at: Self.limit + 1))
    }
  }

  @Test("Unclosed parentheses and nesting after other clauses report their own column")
  func unclosedAndOffset() throws {
    #expect(throws: FilterParseError(message: "too deeply nested (more than 64 levels)", column: 65)) {
      try FilterExpression(parsing: Self.nested(30_000, closed: false))
    }
    // `a:x AND ` is 8 characters: the 65th `(` is at column 8 + 65.
    #expect(throws: FilterParseError(message: "too deeply nested (more than 64 levels)", column: 73)) {
      try FilterExpression(parsing: "a:x AND " + Self.nested(100))
    }
    // Groups that close before the next opens never add up.
    let siblings = Array(repeating: Self.nested(Self.limit), count: 50).joined(separator: " AND ")
    #expect(try FilterExpression(parsing: siblings).clauses.count == 50)
  }

  @Test("Filters(parsing:) and FilterState parsing share the bound")
  func filtersParsing() {
    #expect(throws: FilterParseError(message: "too deeply nested (more than 64 levels)", column: 65)) {
      try Filters(parsing: Self.nested(100_000))
    }
  }

  @Test("The deepest accepted string and a hostile one parse on a 512 KB stack, as iOS gives secondary threads")
  func smallStack() async throws {
    let results = try await onDedicatedThread(stackSize: 512 * 1024) { () -> [String] in
      var results: [String] = []
      for depth in [Self.limit, 5_000_000] {
        do {
          results.append(try FilterExpression(parsing: Self.nested(depth)).description)
          results.append(try Filters(parsing: Self.nested(depth)).description)
        } catch {
          results.append("\(error)")
        }
      }
      return results
    }
    #expect(results == [#"( "a":"x" )"#, #"( "a":"x" )"#, Self.tooDeep(at: Self.limit + 1)])
  }
}

/// Long chains: at most 1,000 filters, Algolia's limit; the parser reads no further than the 1,001st.
@Suite("Filter count limit of the filters string")
struct FilterCountLimitTests {
  static func chain(_ count: Int) -> String {
    (0..<count).map { "a:v\($0)" }.joined(separator: " OR ")
  }

  @Test("1,000 filters parse; the 1,001st is an error at its column")
  func limit() throws {
    #expect(try FilterExpression(parsing: Self.chain(1_000)).clauses[0].count == 1_000)
    let text = Self.chain(1_001)
    let column = text.count - "a:v1000".count + 1
    #expect(throws: FilterParseError(message: "too many filters (more than 1000)", column: column)) {
      try FilterExpression(parsing: text)
    }
  }

  @Test("A 5 MB chain is refused at the 1,001st filter, and a syntax error before it is reported first")
  func hostileChain() {
    let chain = String(repeating: "a:x OR ", count: 700_000) + "a:x"
    #expect(throws: FilterParseError.self) { try FilterExpression(parsing: chain) }
    #expect(throws: FilterParseError(message: "Unexpected token ')' expected end of filter", column: 4)) {
      try FilterExpression(parsing: "a:x) " + chain)
    }
  }
}
