extension Filters {
  /// Reads a `filters` string back into groups.
  ///
  /// Each top-level parenthesised group, or single filter, becomes one group: an `and` group for
  /// `( a AND b )` and single filters, an `or` group of the clause's kind for `( a OR b )`. Nested
  /// structures that are not a plain group are split into their clauses. Group names are not part of
  /// the string; groups are named `"0"`, `"1"`, … (zero-padded to one width), so rendering the result
  /// keeps the order of the input. For any `Filters` value `x`, `Filters(parsing: x.sql).sql == x.sql`.
  ///
  /// - Throws: ``FilterParseError`` for invalid input; see ``FilterExpression/init(parsing:)``.
  public init(parsing text: String) throws(FilterParseError) {
    let bytes = Array(text.utf8)
    self.init()
    do {
      guard let root = try FilterParser.parse(bytes) else { return }
      _ = try FilterNormalizer.clauses(of: root)
      let groups = try Self.groupSpecs(of: root)
      let width = String(max(groups.count - 1, 0)).count
      for (index, group) in groups.enumerated() {
        let digits = String(index)
        let name = String(repeating: "0", count: width - digits.count) + digits
        let id: FilterGroup.ID
        if group.isDisjunctive, let kind = group.filters.first?.kind {
          id = .or(name: name, filterType: kind)
        } else {
          id = .and(name: name)
        }
        add(contentsOf: group.filters, to: id)
      }
    } catch {
      throw FilterParseError(
        message: error.message, column: FilterExpression.column(ofByteOffset: error.offset, in: bytes))
    }
  }

  private struct GroupSpec {
    let isDisjunctive: Bool
    let filters: [Filter]
  }

  private static func groupSpecs(of root: ParsedNode) throws(FilterSyntaxIssue) -> [GroupSpec] {
    let terms: [ParsedNode]
    if case .and(let children, _, false) = root { terms = children } else { terms = [root] }
    var result: [GroupSpec] = []
    for term in terms {
      switch term {
      case .atom(let filter, _, _):
        result.append(GroupSpec(isDisjunctive: false, filters: [filter]))
      case .and(let children, _, _) where children.allSatisfy(\.isAtom):
        result.append(
          GroupSpec(isDisjunctive: false, filters: try FilterNormalizer.clauses(of: term).map { $0[0].filter }))
      case .or(_, _, _) where (try? FilterNormalizer.clauses(of: term).count) == 1:
        let clause = try FilterNormalizer.clauses(of: term)[0]
        result.append(GroupSpec(isDisjunctive: clause.count > 1, filters: clause.map(\.filter)))
      default:
        for clause in try FilterNormalizer.clauses(of: term) {
          result.append(GroupSpec(isDisjunctive: clause.count > 1, filters: clause.map(\.filter)))
        }
      }
    }
    return result
  }
}

extension ParsedNode {
  package var isAtom: Bool {
    if case .atom = self { return true }
    return false
  }
}
