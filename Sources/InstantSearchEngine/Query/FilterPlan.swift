import InstantSearchCore

/// The filters of a query compiled against a snapshot: a conjunction of clauses, each a disjunction of
/// atoms that can be tested per record or turned into a set of records.
struct FilterPlan {
  /// A compiled filter and its negation. A flat struct rather than an enum with payloads, so that tests
  /// read its fields without copying them.
  struct Literal {
    enum Kind {
      /// Records holding one of the `wanted` values of `facet`.
      case facet
      /// Records with a value of `numeric` passing `test` (positions `range` of its sorted index).
      case numeric
      /// No record (an undeclared facet, an attribute without numbers).
      case nothing
    }

    let kind: Kind
    let isNegated: Bool
    var facet: FacetColumn?
    var wanted: [Bool] = []
    var values: [UInt32] = []
    var numeric: NumericColumn?
    var test = NumericTest(.range(0...0))
    var range: Range<Int> = 0..<0
    /// The union of the dense bitsets of `values`, when every value has one.
    var bits: [UInt64]?

    static func nothing(negated: Bool) -> Literal { Literal(kind: .nothing, isNegated: negated) }
  }

  /// Clauses, ANDed; literals in a clause are ORed.
  let clauses: [[Literal]]
  let universe: Int

  /// The order clauses are checked in, record by record: the ones answered from bitsets first (cheap),
  /// then by increasing estimate (the most selective early).
  let checkOrder: [Int]

  init(clauses filters: [[Filter]], snapshot: IndexSnapshot) {
    universe = snapshot.recordCount
    let compiled = filters.map { clause in clause.map { Self.compile($0, snapshot: snapshot) } }
    clauses = compiled
    let costs = compiled.map { clause -> (Int, Int) in
      let cheap = clause.allSatisfy { $0.bits != nil || $0.kind == .nothing } ? 0 : 1
      return (cheap, 0)
    }
    var order = Array(compiled.indices)
    let universe = self.universe
    let estimates = compiled.map { clause in
      min(
        universe,
        clause.reduce(0) { total, literal in
          total + Self.estimateStatic(literal, universe: universe)
        })
    }
    order.sort { lhs, rhs in
      costs[lhs].0 != costs[rhs].0 ? costs[lhs].0 < costs[rhs].0 : estimates[lhs] < estimates[rhs]
    }
    checkOrder = order
  }

  private static func estimateStatic(_ literal: Literal, universe: Int) -> Int {
    let positive: Int
    switch literal.kind {
    case .nothing: positive = 0
    case .facet: positive = literal.values.reduce(0) { $0 + (literal.facet?.count(of: $1) ?? 0) }
    case .numeric: positive = literal.range.count
    }
    return literal.isNegated ? max(0, universe - positive) : min(positive, universe)
  }

  private static func compile(_ filter: Filter, snapshot: IndexSnapshot) -> Literal {
    switch filter {
    case .facet(let facet):
      let path = facet.attribute.rawValue
      guard path == "_tags" || snapshot.settings.faceting(path) != nil, let column = snapshot.facets[path] else {
        return .nothing(negated: facet.isNegated)
      }
      let values = column.ids(matching: facet.value.facetKey, caseSensitive: false)
      return facetLiteral(column, values, negated: facet.isNegated)
    case .tag(let tag):
      guard let column = snapshot.facets["_tags"] else { return .nothing(negated: tag.isNegated) }
      return facetLiteral(column, column.ids(matching: tag.value, caseSensitive: true), negated: tag.isNegated)
    case .numeric(let numeric):
      // `a != v` is `NOT a = v`: records without a value of `a` match it.
      var value = numeric.value
      var negated = numeric.isNegated
      if case .comparison(.notEquals, let number) = value {
        value = .comparison(.equals, number)
        negated.toggle()
      }
      guard let column = snapshot.numerics[numeric.attribute.rawValue] else { return .nothing(negated: negated) }
      let test = NumericTest(value)
      var literal = Literal(kind: .numeric, isNegated: negated)
      literal.numeric = column
      literal.test = test
      literal.range = test.sortedRange(in: column)
      return literal
    }
  }

  private static func facetLiteral(_ column: FacetColumn, _ values: [UInt32], negated: Bool) -> Literal {
    guard !values.isEmpty else { return .nothing(negated: negated) }
    var wanted = [Bool](repeating: false, count: column.valueCount)
    for value in values { wanted[Int(value)] = true }
    var literal = Literal(kind: .facet, isNegated: negated)
    literal.facet = column
    literal.wanted = wanted
    literal.values = values
    if values.allSatisfy({ column.denseBits[$0] != nil }) {
      var words = column.denseBits[values[0]] ?? []
      for value in values.dropFirst() {
        guard let other = column.denseBits[value] else { continue }
        for index in words.indices { words[index] |= other[index] }
      }
      literal.bits = words
    }
    return literal
  }

  /// How many records a literal can match, at most.
  func estimate(_ literal: Literal) -> Int {
    let positive: Int
    switch literal.kind {
    case .nothing: positive = 0
    case .facet: positive = literal.values.reduce(0) { $0 + (literal.facet?.count(of: $1) ?? 0) }
    case .numeric: positive = literal.range.count
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
    for index in checkOrder where index != skipping {
      if !clauseMatches(clauses[index], doc) { return false }
    }
    return true
  }

  @inline(__always)
  private func clauseMatches(_ clause: [Literal], _ doc: Int) -> Bool {
    var index = 0
    while index < clause.count {
      if Self.test(clause[index], doc) { return true }
      index += 1
    }
    return false
  }

  @inline(__always)
  static func test(_ literal: Literal, _ doc: Int) -> Bool {
    let positive: Bool
    switch literal.kind {
    case .nothing: positive = false
    case .facet:
      if let bits = literal.bits {
        positive = Bitset.contains(doc, in: bits)
      } else {
        positive = literal.facet?.holds(doc, anyOf: literal.wanted) ?? false
      }
    case .numeric:
      let test = literal.test
      if let single = literal.numeric?.single {
        let value = single[doc]
        positive = !value.isNaN && test.passes(value)
      } else {
        positive = literal.numeric?.anyValue(doc) { test.passes($0) } ?? false
      }
    }
    return positive != literal.isNegated
  }

  /// The records matching a literal, as a bitset.
  func bits(of literal: Literal) -> [UInt64] {
    let count = (universe + 63) / 64
    var words: [UInt64]
    switch literal.kind {
    case .nothing:
      words = [UInt64](repeating: 0, count: count)
    case .facet:
      if let bits = literal.bits {
        words = bits
      } else {
        words = [UInt64](repeating: 0, count: count)
        if let column = literal.facet {
          for value in literal.values { column.addRecords(of: value, to: &words) }
        }
      }
    case .numeric:
      words = literal.numeric?.bits(of: literal.range, words: count) ?? [UInt64](repeating: 0, count: count)
    }
    if literal.isNegated {
      for index in words.indices { words[index] = ~words[index] }
      let extra = count * 64 - universe
      if extra > 0, count > 0 { words[count - 1] &= UInt64.max >> UInt64(extra) }
    }
    return words
  }

  /// The records matching every clause, as a bitset.
  func bits() -> [UInt64] {
    var result: [UInt64]?
    for clause in clauses {
      var clauseBits: [UInt64]?
      for literal in clause {
        let literalBits = bits(of: literal)
        if clauseBits == nil {
          clauseBits = literalBits
        } else {
          clauseBits?.withUnsafeMutableBufferPointer { words in
            literalBits.withUnsafeBufferPointer { other in
              for index in 0..<min(words.count, other.count) { words[index] |= other[index] }
            }
          }
        }
      }
      guard let clauseBits else { continue }
      if result == nil {
        result = clauseBits
      } else {
        result?.withUnsafeMutableBufferPointer { words in
          clauseBits.withUnsafeBufferPointer { other in
            for index in 0..<min(words.count, other.count) { words[index] &= other[index] }
          }
        }
      }
    }
    return result ?? []
  }

  /// The records matching a clause, as posting lists (possibly overlapping) and a bitset, without
  /// merging them.
  func sources(of clause: [Literal]) -> (lists: [ArraySlice<UInt32>], bits: [UInt64]?) {
    guard clause.allSatisfy({ !$0.isNegated }) else {
      guard case .bits(let words, _) = records(of: clause) else { return ([], nil) }
      return ([], words)
    }
    var lists: [ArraySlice<UInt32>] = []
    var bits: [UInt64]?
    for literal in clause {
      switch literal.kind {
      case .nothing: break
      case .facet:
        guard let column = literal.facet else { break }
        for value in literal.values {
          if let list = column.sparsePostings(value) {
            lists.append(list)
          } else {
            var words = bits ?? [UInt64](repeating: 0, count: (universe + 63) / 64)
            column.addRecords(of: value, to: &words)
            bits = words
          }
        }
      case .numeric:
        guard let column = literal.numeric else { break }
        var words = bits ?? [UInt64](repeating: 0, count: (universe + 63) / 64)
        for doc in column.sortedDocs[literal.range] { Bitset.insert(doc, in: &words) }
        bits = words
      }
    }
    return (lists, bits)
  }

  /// The records matching a clause.
  func records(of clause: [Literal]) -> DocSet {
    let usesDenseValues = clause.contains { literal in
      literal.values.contains { literal.facet?.denseBits[$0] != nil }
    }
    if usesDenseValues || clause.contains(where: \.isNegated) {
      var words = [UInt64](repeating: 0, count: (universe + 63) / 64)
      for literal in clause {
        let literalBits = bits(of: literal)
        for index in words.indices { words[index] |= literalBits[index] }
      }
      return .bits(words, count: words.reduce(0) { $0 + $1.nonzeroBitCount })
    }
    if clause.allSatisfy({ !$0.isNegated }) {
      var lists: [ArraySlice<UInt32>] = []
      var numericDocs: [UInt32] = []
      for literal in clause {
        switch literal.kind {
        case .nothing: break
        case .facet:
          guard let column = literal.facet else { break }
          for value in literal.values { lists.append(column.sparsePostings(value) ?? []) }
        case .numeric:
          guard let column = literal.numeric else { break }
          numericDocs.append(contentsOf: column.sortedDocs[literal.range])
        }
      }
      if !numericDocs.isEmpty {
        return DocSet.bitset(universe: universe) { words in
          for list in lists { for doc in list { Bitset.insert(doc, in: &words) } }
          for doc in numericDocs { Bitset.insert(doc, in: &words) }
        }
      }
      return DocSet.union(lists, universe: universe)
    }
    return DocSet.bitset(universe: universe) { words in
      for doc in 0..<universe {
        for literal in clause where Self.test(literal, doc) {
          Bitset.insert(doc, in: &words)
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
