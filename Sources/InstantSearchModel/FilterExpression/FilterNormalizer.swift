/// Turns a parse tree into clauses (a conjunction of disjunctions) and enforces Algolia's restrictions.
package enum FilterNormalizer {
  /// A filter with where it was written.
  package struct Located {
    var filter: Filter
    let offset: Int
    let explicitTags: Bool
  }

  /// The clauses of `node`: nested ANDs are flattened; an OR must contain only single filters or ORs,
  /// all of one kind.
  package static func clauses(of node: ParsedNode) throws(FilterSyntaxIssue) -> [[Located]] {
    switch node {
    case .atom(let filter, let offset, let explicitTags):
      return [[Located(filter: filter, offset: offset, explicitTags: explicitTags)]]
    case .and(let children, _, _):
      var result: [[Located]] = []
      for child in children { result.append(contentsOf: try clauses(of: child)) }
      return result
    case .or(let children, _, _):
      var clause: [Located] = []
      for child in children {
        let childClauses = try clauses(of: child)
        guard childClauses.count == 1, let only = childClauses.first else {
          throw FilterSyntaxIssue(
            message: "Unexpected AND inside OR: an OR group can only hold single filters",
            offset: firstAndOffset(in: child) ?? 0)
        }
        clause.append(contentsOf: only)
      }
      return [try unifyKinds(clause)]
    }
  }

  /// Checks that a disjunction holds one kind. Tags written `_tags:value` may join facet filters: they
  /// become facet filters on `_tags`.
  package static func unifyKinds(_ clause: [Located]) throws(FilterSyntaxIssue) -> [Located] {
    guard let firstKind = clause.first?.filter.kind else { return clause }
    if clause.allSatisfy({ $0.filter.kind == firstKind }) { return clause }
    let kinds = Set(clause.map(\.filter.kind))
    let explicitTagsOnly = clause.allSatisfy { $0.filter.kind != .tag || $0.explicitTags }
    if kinds == [.facet, .tag], explicitTagsOnly {
      return clause.map { located in
        guard case .tag(let tag) = located.filter else { return located }
        var converted = located
        converted.filter = .facet(.init(attribute: .tags, value: .string(tag.value), isNegated: tag.isNegated))
        return converted
      }
    }
    let offending = clause.first { $0.filter.kind != firstKind } ?? clause[0]
    throw FilterSyntaxIssue(
      message:
        "Unexpected \(offending.filter.kind) filter in an OR group of \(firstKind) filters: "
        + "an OR group cannot mix filter types",
      offset: offending.offset)
  }

  /// The offset of the first AND operator in `node`, if any.
  package static func firstAndOffset(in node: ParsedNode) -> Int? {
    switch node {
    case .atom: nil
    case .and(_, let offset, _): offset
    case .or(let children, _, _): children.lazy.compactMap { firstAndOffset(in: $0) }.first
    }
  }
}
