extension Filters {
  /// A copy without the filters for which `shouldRemove` returns `true`; groups left empty disappear.
  public func removingFilters(where shouldRemove: (FilterGroup.ID, Filter) -> Bool) -> Filters {
    var copy = self
    for id in orderedIDs {
      _ = copy.modifyGroup(id) { content in content.removeAll { shouldRemove(id, $0) } }
    }
    return copy
  }

  /// The attributes that have a facet filter in a disjunctive facet group, sorted by UTF-8 bytes: the
  /// attributes that need their own facet counts in disjunctive faceting.
  public var disjunctiveFacetAttributes: [Attribute] {
    Array(refinedDisjunctiveFacetValues.keys).sorted()
  }

  /// For each attribute with a facet filter in a disjunctive facet group, its refined (not negated)
  /// values as facet keys, in rendering order.
  public var refinedDisjunctiveFacetValues: [Attribute: [String]] {
    var result: [Attribute: [String]] = [:]
    forEachGroupInOrder { id, content, _ in
      guard id.isDisjunctive, id.acceptedKind == .facet else { return }
      for entry in content.entries {
        guard case .facet(let facet) = entry.filter else { continue }
        var values = result[facet.attribute, default: []]
        if !facet.isNegated, !values.contains(facet.value.facetKey) { values.append(facet.value.facetKey) }
        result[facet.attribute] = values
      }
    }
    return result
  }

  /// The attributes that have a numeric filter in any group.
  public var numericAttributes: Set<Attribute> {
    var attributes = Set<Attribute>()
    for content in groupContents {
      for filter in content.filters where filter.kind == .numeric { attributes.insert(filter.attribute) }
    }
    return attributes
  }
}

extension Filter.Facet.ValueType {
  /// The value as a facet key, spelled as engines spell facet values in responses: the string itself,
  /// `true`/`false`, and numbers without a fractional part when they are integral (`10`, `5.5`).
  public var facetKey: String {
    switch self {
    case .string(let string): return string
    case .bool(let bool): return bool ? "true" : "false"
    case .number(let number):
      guard let text = NumberRendering.render(number) else { return "\(number)" }
      return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
  }
}
