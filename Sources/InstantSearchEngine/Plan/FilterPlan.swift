import InstantSearchModel

/// The filters of a query compiled against a snapshot: a conjunction of clauses, each a disjunction of
/// atoms that can be tested per record or turned into a set of records.
struct FilterPlan {
  /// A compiled filter, possibly negated.
  struct Literal {
    /// What the filter tests, with what testing it needs: no field is there that its kind does not use.
    enum Atom {
      /// Records holding one of the values of a facet.
      case facet(FacetAtom)
      /// Records with a number passing a test.
      case numeric(NumericAtom)
      /// The records listed, ascending: an `objectID` filter (Algolia filters on `objectID` without its
      /// being declared for faceting, and case-sensitively).
      case records([UInt32])
      /// No record (an undeclared facet, an attribute without numbers, a value no record has).
      case nothing
    }

    /// Records holding one of `values` of `column` (`wanted[value]` for each).
    struct FacetAtom {
      let column: FacetColumn
      let wanted: [Bool]
      let values: [UInt32]
      /// The records of `values` as a bitset, when every value has a dense one: a single value's is the
      /// column's own (not copied), several values' their union.
      let bits: DenseBits?
    }

    /// Records with a value of `column` passing `test`: positions `range` of its sorted index, and the
    /// codes passing it when the column is coded (see ``CodedNumbers``).
    struct NumericAtom {
      let column: NumericColumn
      let test: NumericTest
      let range: Range<Int>
      let codes: Range<Int>?

      init(column: NumericColumn, test: NumericTest) {
        self.column = column
        self.test = test
        let codes = column.coded.map { $0.codes(passing: test) }
        self.codes = codes
        if let coded = column.coded, let codes {
          range = coded.positions(of: codes)
        } else {
          range = column.sortedRange(passing: test)
        }
      }
    }

    let atom: Atom
    let isNegated: Bool

    static func nothing(negated: Bool) -> Literal { Literal(atom: .nothing, isNegated: negated) }

    /// Whether testing a record reads only a bitset.
    var isAnsweredByBits: Bool {
      switch atom {
      case .nothing: true
      case .facet(let facet): facet.bits != nil
      case .numeric, .records: false
      }
    }

    /// How many records the filter matches before negation, at most (a record with two wanted values
    /// counts twice).
    var positiveCount: Int {
      switch atom {
      case .nothing: 0
      case .facet(let facet): facet.values.reduce(0) { $0 + facet.column.count(of: $1) }
      case .numeric(let numeric): numeric.range.count
      case .records(let docs): docs.count
      }
    }
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
    let cheap = compiled.map { clause in clause.allSatisfy(\.isAnsweredByBits) }
    let universe = self.universe
    let estimates = compiled.map { clause in
      min(universe, clause.reduce(0) { $0 + Self.matchEstimate($1, universe: universe) })
    }
    checkOrder = compiled.indices.sorted { lhs, rhs in
      cheap[lhs] != cheap[rhs] ? cheap[lhs] : estimates[lhs] < estimates[rhs]
    }
  }

  /// How many records a literal matches, about: what orders the clauses checked record by record.
  private static func matchEstimate(_ literal: Literal, universe: Int) -> Int {
    let positive = min(literal.positiveCount, universe)
    return literal.isNegated ? universe - positive : positive
  }

  private static func compile(_ filter: Filter, snapshot: IndexSnapshot) -> Literal {
    switch filter {
    case .facet(let facet):
      let path = facet.attribute.rawValue
      if path == "objectID" {
        let doc = snapshot.doc(for: facet.value.facetKey).map { UInt32($0) }
        return Literal(atom: .records(doc.map { [$0] } ?? []), isNegated: facet.isNegated)
      }
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
      let path = numeric.attribute.rawValue
      let equality = if case .comparison(.equals, _) = value { true } else { false }
      // An attribute numericAttributesForFiltering leaves out (for this operator) reads as one no record has.
      guard snapshot.settings.allowsNumericFilter(on: path, equality: equality), let column = snapshot.numerics[path]
      else { return .nothing(negated: negated) }
      let test = NumericTest(value)
      return Literal(
        atom: .numeric(.init(column: column, test: test)), isNegated: negated)
    }
  }

  private static func facetLiteral(_ column: FacetColumn, _ values: [UInt32], negated: Bool) -> Literal {
    guard !values.isEmpty else { return .nothing(negated: negated) }
    var wanted = [Bool](repeating: false, count: column.valueCount)
    for value in values { wanted[Int(value)] = true }
    var bits: Literal.DenseBits?
    let slots = values.compactMap { column.dense.slot(of: $0) }
    if slots.count == 1, let slot = slots.first, values.count == 1 {
      bits = .one(column.dense.bits(slot))
    } else if slots.count == values.count {
      var words = [UInt64](repeating: 0, count: column.dense.wordsPerSet)
      column.dense.union(slots.map { $0..<$0 + 1 }, into: &words)
      bits = .union(words)
    }
    return Literal(
      atom: .facet(.init(column: column, wanted: wanted, values: values, bits: bits)), isNegated: negated)
  }

  /// How many records a clause makes the driver of a query read: its matches, at most, or every record
  /// when a literal is negated (the records outside a set are read from its complement).
  func estimate(clause: [Literal]) -> Int {
    if clause.contains(where: \.isNegated) { return universe }
    return min(universe, clause.reduce(0) { $0 + $1.positiveCount })
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
    switch literal.atom {
    case .nothing: positive = false
    case .facet(let facet):
      if let bits = facet.bits {
        positive = bits.contains(doc)
      } else {
        positive = facet.column.holds(doc, anyOf: facet.wanted)
      }
    case .numeric(let numeric):
      let test = numeric.test
      if let codes = numeric.codes, let coded = numeric.column.coded {
        positive = coded.codes.value(doc).map { codes.contains($0) } ?? false
      } else {
        positive = numeric.column.anyValue(doc) { test.passes($0) }
      }
    case .records(let docs):
      positive = Self.sortedContains(docs, UInt32(truncatingIfNeeded: doc))
    }
    return positive != literal.isNegated
  }

  /// Whether the ascending `docs` hold `doc`.
  @inline(__always)
  static func sortedContains(_ docs: [UInt32], _ doc: UInt32) -> Bool {
    var low = 0
    var high = docs.count
    while low < high {
      let middle = (low + high) / 2
      if docs[middle] < doc { low = middle + 1 } else { high = middle }
    }
    return low < docs.count && docs[low] == doc
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
      switch literal.atom {
      case .nothing: break
      case .facet(let facet):
        for value in facet.values {
          if let list = facet.column.sparsePostings(value) {
            lists.append(list)
          } else {
            var words = bits ?? [UInt64](repeating: 0, count: (universe + 63) / 64)
            facet.column.addRecords(of: value, to: &words)
            bits = words
          }
        }
      case .numeric(let numeric):
        var words = bits ?? [UInt64](repeating: 0, count: (universe + 63) / 64)
        for doc in numeric.column.sortedDocs[numeric.range] { Bitset.insert(doc, in: &words) }
        bits = words
      case .records(let docs):
        lists.append(docs[...])
      }
    }
    return (lists, bits)
  }

  /// The records matching a clause.
  func records(of clause: [Literal]) -> DocSet {
    let usesDenseValues = clause.contains { literal in
      guard case .facet(let facet) = literal.atom else { return false }
      return facet.values.contains { facet.column.dense.slot(of: $0) != nil }
    }
    if usesDenseValues || clause.contains(where: \.isNegated) {
      var words = [UInt64](repeating: 0, count: (universe + 63) / 64)
      for literal in clause {
        let literalBits = bits(of: literal)
        for index in words.indices { words[index] |= literalBits[index] }
      }
      return .bits(words, count: PopulationCount.of(words))
    }
    // Every literal is positive here.
    var lists: [ArraySlice<UInt32>] = []
    var numericDocs: [UInt32] = []
    for literal in clause {
      switch literal.atom {
      case .nothing: break
      case .facet(let facet):
        for value in facet.values { lists.append(facet.column.sparsePostings(value) ?? []) }
      case .numeric(let numeric):
        numericDocs.append(contentsOf: numeric.column.sortedDocs[numeric.range])
      case .records(let docs):
        lists.append(docs[...])
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
}
