import InstantSearchCore
import Testing

@Suite("Parsing the filters string")
struct FilterParserTests {
  static let malformed: [(String, String)] = [
    ("brand:sony)", "filters: Unexpected token ')' expected end of filter at col 11"),
    ("(brand:sony", "filters: Unexpected token end of filter expected ')' at col 12"),
    ("()", "filters: Unexpected token ')' expected a filter at col 2"),
    ("brand:", "filters: Unexpected token end of filter expected a value at col 7"),
    ("brand:sony AND", "filters: Unexpected token end of filter expected a filter at col 15"),
    ("AND brand:sony", "filters: Unexpected token AND expected a filter at col 1"),
    ("brand:sony OR OR a:b", "filters: Unexpected token OR expected a filter at col 15"),
    ("price > ", "filters: Unexpected token end of filter expected numeric at col 9"),
    ("price > abc", "filters: Unexpected token string(abc) expected numeric at col 9"),
    ("price:10 TO", "filters: Unexpected token end of filter expected numeric at col 12"),
    ("price:10 TO x", "filters: Unexpected token string(x) expected numeric at col 13"),
    ("price:abc TO 10", "filters: Unexpected token string(abc) expected numeric at col 7"),
    ("price:20 TO 10", "filters: Invalid range 20 TO 10: lower bound greater than upper bound at col 7"),
    (#""unterminated"#, "filters: Unterminated string: missing closing quote at col 1"),
    ("brand:'sony", "filters: Unterminated string: missing closing quote at col 7"),
    (
      "NOT (a:b OR c:d)",
      "filters: Unexpected token '(' expected a filter (NOT applies to a single filter, not to a group) at col 5"
    ),
    (
      "a:b OR (c:d AND e:f)",
      "filters: Unexpected AND inside OR: an OR group can only hold single filters at col 13"
    ),
    (
      "(a:b AND c:d) OR e:f",
      "filters: Unexpected AND inside OR: an OR group can only hold single filters at col 6"
    ),
    (
      "a:b OR price > 3",
      "filters: Unexpected numeric filter in an OR group of facet filters: an OR group cannot mix filter types at col 8"
    ),
    (
      "tag1 OR a:b",
      "filters: Unexpected facet filter in an OR group of tag filters: an OR group cannot mix filter types at col 9"
    ),
    ("price ! 3", "filters: Unexpected token '!' expected '!=' at col 7"),
    ("price >= 1e5", "filters: Unexpected token string(1e5) expected numeric at col 10"),
    ("a:b c:d", "filters: Unexpected token string(c) expected end of filter at col 5"),
    ("Type: Important dates", "filters: Unexpected token string(dates) expected end of filter at col 17"),
    ("category.lvl2:Womens>Tailoring", "filters: Unexpected token '>' expected end of filter at col 21"),
    ("a:b AND NOT NOT c:d", "filters: Unexpected token NOT expected a filter at col 13"),
    ("a::b", "filters: Unexpected token ':' expected a value at col 3"),
    ("TO", "filters: Unexpected token TO expected a filter at col 1"),
    ("é:ü)", "filters: Unexpected token ')' expected end of filter at col 4"),
    ("👩‍👩‍👧:x AND (", "filters: Unexpected token end of filter expected a filter at col 10"),
    (
      "price = 10 OR color:red",
      "filters: Unexpected facet filter in an OR group of numeric filters: an OR group cannot mix filter types at col 15"
    ),
  ]

  @Test("Malformed input: a typed error with Algolia's wording and a 1-based column", arguments: malformed)
  func malformedInput(input: String, expected: String) {
    #expect {
      _ = try FilterExpression(parsing: input)
    } throws: { error in
      (error as? FilterParseError)?.description == expected
    }
    #expect(throws: FilterParseError.self) { try Filters(parsing: input) }
  }

  @Test("Atoms: facets, booleans, numbers, ranges, comparisons, tags, scores")
  func atoms() throws {
    let expression = try FilterExpression(
      parsing: #"brand:"Banana Republic" AND isEnabled:true AND count:12 AND price:5.99 TO 100 AND "#
        + #"price>=5 AND rating != 3 AND published AND _tags:"on sale" AND 'author':'John Doe' AND "#
        + #"NOT category:Book AND cat:"chair"<score=10> AND date: 1441745506 TO 1441755506"#)
    #expect(
      expression.clauses == [
        [.facet(.init(attribute: "brand", stringValue: "Banana Republic"))],
        [.facet(.init(attribute: "isEnabled", boolValue: true))],
        [.facet(.init(attribute: "count", floatValue: 12))],
        [.numeric(.init(attribute: "price", range: 5.99...100))],
        [.numeric(.init(attribute: "price", operator: .greaterThanOrEqual, value: 5))],
        [.numeric(.init(attribute: "rating", operator: .notEquals, value: 3))],
        [.tag("published")],
        [.tag("on sale")],
        [.facet(.init(attribute: "author", stringValue: "John Doe"))],
        [.facet(.init(attribute: "category", stringValue: "Book", isNegated: true))],
        [.facet(.init(attribute: "cat", value: "chair", score: 10))],
        [.numeric(.init(attribute: "date", range: 1_441_745_506...1_441_755_506))],
      ])
  }

  @Test("OR binds tighter than AND")
  func precedence() throws {
    let first = try FilterExpression(parsing: "x AND y OR z AND a OR b")
    #expect(first.clauses == [[.tag("x")], [.tag("y"), .tag("z")], [.tag("a"), .tag("b")]])
    let second = try FilterExpression(parsing: "x OR y AND z OR a AND b")
    #expect(second.clauses == [[.tag("x"), .tag("y")], [.tag("z"), .tag("a")], [.tag("b")]])
  }

  @Test("Nested conjunctions flatten; NOT applies to single filters")
  func nesting() throws {
    let expression = try FilterExpression(parsing: "((a:1 OR a:2) AND NOT c:3) AND NOT d:4 AND (( e:5 ))")
    #expect(expression.clauses.count == 4)
    #expect(expression.clauses[1] == [.facet(.init(attribute: "c", floatValue: 3, isNegated: true))])
    #expect(
      expression.description == #"( "a":1.0 OR "a":2.0 ) AND ( NOT "c":3.0 ) AND ( NOT "d":4.0 ) AND ( "e":5.0 )"#)
    #expect(
      try FilterExpression(parsing: "NOT price:100 TO 500").clauses == [
        [.numeric(.init(attribute: "price", range: 100...500, isNegated: true))]
      ])
  }

  @Test("Escapes inside quotes; keywords are upper case only")
  func escapesAndKeywords() throws {
    let expression = try FilterExpression(parsing: #""my \"attr\\":"C:\\" AND and:or AND "AND":'it\'s'"#)
    #expect(
      expression.clauses == [
        [.facet(.init(attribute: #"my "attr\"#, stringValue: #"C:\"#))],
        [.facet(.init(attribute: "and", stringValue: "or"))],
        [.facet(.init(attribute: "AND", stringValue: "it's"))],
      ])
  }

  @Test("Tags written _tags:x may share an OR with facets; bare tags may not")
  func tagsAndFacets() throws {
    let expression = try FilterExpression(parsing: #"_tags:x OR color:red"#)
    #expect(
      expression.clauses == [
        [.facet(.init(attribute: "_tags", stringValue: "x")), .facet(.init(attribute: "color", stringValue: "red"))]
      ])
    #expect(throws: FilterParseError.self) { try FilterExpression(parsing: "x OR color:red") }
  }

  @Test("Empty and blank strings are no filter")
  func empty() throws {
    #expect(try FilterExpression(parsing: "").isEmpty)
    #expect(try FilterExpression(parsing: "  \n\t").isEmpty)
    #expect(try Filters(parsing: " ").isEmpty)
  }

  @Test("Filters(parsing:) keeps groups and their order")
  @MainActor func filtersFromString() throws {
    let text =
      #"( "z":"1" ) AND ( "color":"blue" OR "color":"red" ) AND ( "_tags":"x" AND "price" >= 10.0 ) AND "#
      + #"( "price" < 0.5 OR "price":1.0 TO 2.0 )"#
    let filters = try Filters(parsing: text)
    #expect(filters.sql == text)
    #expect(
      filters.groupIDs == [
        .and(name: "0"), .or(name: "1", filterType: .facet), .and(name: "2"), .or(name: "3", filterType: .numeric),
      ])
    let state = FilterState()
    try state.setFilters(parsing: "brand:Sony AND (color:red OR color:blue)")
    #expect(state.description == #"( "brand":"Sony" ) AND ( "color":"blue" OR "color":"red" )"#)
    #expect(throws: FilterParseError.self) { try state.setFilters(parsing: "brand:(") }
    #expect(state.description == #"( "brand":"Sony" ) AND ( "color":"blue" OR "color":"red" )"#)
  }

  @Test("Group names are zero-padded so that more than ten groups keep their order")
  func manyGroups() throws {
    let text = (0..<12).map { #"( "a":"\#(11 - $0)" )"# }.joined(separator: " AND ")
    let filters = try Filters(parsing: text)
    #expect(filters.sql == text)
    #expect(filters.groupIDs.first == .and(name: "00"))
  }
}
