/// The values of one facet attribute, in the order to show them.
public struct AttributedFacets: Hashable, Sendable {
  /// The attribute.
  public var attribute: Attribute
  /// Its values, in order.
  public var facets: [Facet]

  /// Creates the values of an attribute.
  public init(attribute: Attribute, facets: [Facet]) {
    self.attribute = attribute
    self.facets = facets
  }
}

/// Orders facets as a response's `RenderingContent` says (merchandising set in the index settings).
///
/// - Attributes: those of `facetOrdering.facets.order`, in that order, present in the results; `"*"`
///   stands for every other attribute of the results, by name. Without an order, every attribute shows, by
///   name.
/// - Values: those of `values[attribute].order` first (pinned, in that order), then the others by
///   `sortRemainingBy` — count (the default: decreasing, then by value), alpha, or hidden (not shown);
///   values in `hide` never show.
public struct FacetsOrderer: Sendable {
  /// The merchandising rules.
  public let facetOrdering: RenderingContent.FacetOrdering?

  /// Creates an orderer for `facetOrdering` (`nil`: every attribute by name, values by count).
  public init(facetOrdering: RenderingContent.FacetOrdering?) {
    self.facetOrdering = facetOrdering
  }

  /// `facets` (attribute → values) in order.
  public func order(_ facets: [Attribute: [Facet]]) -> [AttributedFacets] {
    attributes(among: Set(facets.keys)).map { attribute in
      AttributedFacets(attribute: attribute, facets: values(facets[attribute] ?? [], of: attribute))
    }
  }

  /// The attributes shown, in order.
  func attributes(among present: Set<Attribute>) -> [Attribute] {
    let byName = present.sorted { UTF8Order.precedes($0.rawValue, $1.rawValue) }
    guard let order = facetOrdering?.facets?.order else { return byName }
    let listed = Set(order.map { Attribute($0) })
    var result: [Attribute] = []
    for name in order {
      if name == "*" {
        result += byName.filter { !listed.contains($0) && !result.contains($0) }
      } else if present.contains(Attribute(name)), !result.contains(Attribute(name)) {
        result.append(Attribute(name))
      }
    }
    return result
  }

  /// The values of `attribute` shown, in order.
  func values(_ facets: [Facet], of attribute: Attribute) -> [Facet] {
    let rules = facetOrdering?.values?[attribute.rawValue]
    let hidden = Set(rules?.hide ?? [])
    let visible = facets.filter { !hidden.contains($0.value) }
    let byValue = Dictionary(visible.map { ($0.value, $0) }, uniquingKeysWith: { first, _ in first })
    var pinned: [Facet] = []
    for value in rules?.order ?? [] {
      if let facet = byValue[value], !pinned.contains(facet) { pinned.append(facet) }
    }
    let pinnedValues = Set(pinned.map(\.value))
    let remaining = visible.filter { !pinnedValues.contains($0.value) }
    switch rules?.sortRemainingBy ?? .count {
    case .hidden:
      return pinned
    case .alpha:
      return pinned + remaining.sorted { UTF8Order.precedes($0.value, $1.value) }
    case .count:
      return pinned
        + remaining.sorted {
          $0.count != $1.count ? $0.count > $1.count : UTF8Order.precedes($0.value, $1.value)
        }
    }
  }
}
