import InstantSearchCore

/// The filters of a query compiled against a snapshot: a conjunction of clauses, each a disjunction of
/// atoms that can be tested per record or turned into a set of records.
struct FilterPlan {
  /// One compiled filter.
  enum Atom {
    /// Records holding one of the flagged values of a facet column.
    case facet(column: FacetColumn, wanted: [Bool], values: [UInt32])
    /// Records with a value of a numeric column inside `range` (sorted-index positions) and passing `test`.
    case numeric(column: NumericColumn, test: NumericTest, range: Range<Int>)
    /// No record (an undeclared facet, an attribute without numbers).
    case nothing
  }

  /// A compiled filter and its negation.
  struct Literal {
    let atom: Atom
    let isNegated: Bool
  }

  /// Clauses, ANDed; literals in a clause are ORed.
  let clauses: [[Literal]]
  let universe: Int

  init(clauses filters: [[Filter]], snapshot: IndexSnapshot) {
    universe = snapshot.recordCount
    clauses = filters.map { clause in clause.map { Self.compile($0, snapshot: snapshot) } }
  }

  private static func compile(_ filter: Filter, snapshot: IndexSnapshot) -> Literal {
    switch filter {
    case .facet(let facet):
      let path = facet.attribute.rawValue
      guard path == "_tags" || snapshot.settings.faceting(path) != nil, let column = snapshot.facets[path] else {
        return Literal(atom: .nothing, isNegated: facet.isNegated)
      }
      let values = column.ids(matching: facet.value.facetKey, caseSensitive: false)
      return Literal(atom: facetAtom(column, values), isNegated: facet.isNegated)
    case .tag(let tag):
      guard let column = snapshot.facets["_tags"] else { return Literal(atom: .nothing, isNegated: tag.isNegated) }
      return Literal(
        atom: facetAtom(column, column.ids(matching: tag.value, caseSensitive: true)), isNegated: tag.isNegated)
    case .numeric(let numeric):
      guard let column = snapshot.numerics[numeric.attribute.rawValue] else {
        return Literal(atom: .nothing, isNegated: numeric.isNegated)
      }
      // `a != v` is `NOT a = v`: records without a value of `a` match it.
      var value = numeric.value
      var negated = numeric.isNegated
      if case .comparison(.notEquals, let number) = value {
        value = .comparison(.equals, number)
        negated.toggle()
      }
      let test = NumericTest(value)
      return Literal(
        atom: .numeric(column: column, test: test, range: test.sortedRange(in: column)), isNegated: negated)
    }
  }

  private static func facetAtom(_ column: FacetColumn, _ values: [UInt32]) -> Atom {
    guard !values.isEmpty else { return .nothing }
    var wanted = [Bool](repeating: false, count: column.valueCount)
    for value in values { wanted[Int(value)] = true }
    return .facet(column: column, wanted: wanted, values: values)
  }

  /// How many records a literal can match, at most.
  func estimate(_ literal: Literal) -> Int {
    let positive: Int
    switch literal.atom {
    case .nothing: positive = 0
    case .facet(let column, _, let values): positive = values.reduce(0) { $0 + column.count(of: $1) }
    case .numeric(_, _, let range): positive = range.count
    }
    return literal.isNegated ? universe : min(positive, universe)
  }

  /// How many records a clause can match, at most.
  func estimate(clause: [Literal]) -> Int {
    min(universe, clause.reduce(0) { $0 + estimate($1) })
  }

  /// Whether record `doc` passes every clause except `skipping`.
  @inline(__always)
  func matches(_ doc: Int, skipping: Int? = nil) -> Bool {
    for (index, clause) in clauses.enumerated() where index != skipping {
      var passes = false
      for literal in clause where Self.test(literal, doc) {
        passes = true
        break
      }
      if !passes { return false }
    }
    return true
  }

  @inline(__always)
  static func test(_ literal: Literal, _ doc: Int) -> Bool {
    let positive: Bool
    switch literal.atom {
    case .nothing: positive = false
    case .facet(let column, let wanted, _): positive = column.holds(doc, anyOf: wanted)
    case .numeric(let column, let test, _): positive = column.anyValue(doc) { test.passes($0) }
    }
    return positive != literal.isNegated
  }

  /// The records matching a clause.
  func records(of clause: [Literal]) -> DocSet {
    if clause.allSatisfy({ !$0.isNegated }) {
      var lists: [ArraySlice<UInt32>] = []
      var numericDocs: [UInt32] = []
      for literal in clause {
        switch literal.atom {
        case .nothing: break
        case .facet(let column, _, let values):
          for value in values {
            lists.append(
              column.postings[Int(column.postingStarts[Int(value)])..<Int(column.postingStarts[Int(value) + 1])])
          }
        case .numeric(let column, _, let range):
          numericDocs.append(contentsOf: column.sortedDocs[range])
        }
      }
      if !numericDocs.isEmpty {
        return DocSet.bitset(universe: universe) { words in
          for list in lists { for doc in list { words[Int(doc >> 6)] |= 1 << UInt64(doc & 63) } }
          for doc in numericDocs { words[Int(doc >> 6)] |= 1 << UInt64(doc & 63) }
        }
      }
      return DocSet.union(lists, universe: universe)
    }
    return DocSet.bitset(universe: universe) { words in
      for doc in 0..<universe {
        for literal in clause where Self.test(literal, doc) {
          words[doc >> 6] |= 1 << UInt64(doc & 63)
          break
        }
      }
    }
  }
}

/// A numeric comparison or range (`!=` is compiled as a negated `=`), as a test and as a range of a
/// sorted numeric index.
struct NumericTest {
  let lower: Double
  let upper: Double
  let lowerStrict: Bool
  let upperStrict: Bool

  init(_ value: Filter.Numeric.ValueType) {
    var lower = -Double.infinity
    var upper = Double.infinity
    var lowerStrict = false
    var upperStrict = false
    switch value {
    case .range(let range):
      lower = range.lowerBound
      upper = range.upperBound
    case .comparison(let op, let number):
      switch op {
      case .lessThan:
        upper = number
        upperStrict = true
      case .lessThanOrEqual: upper = number
      case .equals, .notEquals:
        lower = number
        upper = number
      case .greaterThanOrEqual: lower = number
      case .greaterThan:
        lower = number
        lowerStrict = true
      }
    }
    self.lower = lower
    self.upper = upper
    self.lowerStrict = lowerStrict
    self.upperStrict = upperStrict
  }

  @inline(__always)
  func passes(_ value: Double) -> Bool {
    (lowerStrict ? value > lower : value >= lower) && (upperStrict ? value < upper : value <= upper)
  }

  /// The positions of the sorted index whose values pass.
  func sortedRange(in column: NumericColumn) -> Range<Int> {
    let start = column.lowerIndex(lower, strict: lowerStrict)
    let end = column.lowerIndex(upper, strict: !upperStrict)
    return start..<max(start, end)
  }
}
