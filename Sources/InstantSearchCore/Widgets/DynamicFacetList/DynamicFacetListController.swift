/// A view of a dynamic facet list: facets in the order the index's merchandising sets, each with its
/// values and their selection; it reports which value of which attribute the user selected.
@MainActor
public protocol DynamicFacetListController: AnyObject {
  /// Called with the attribute and the value the user selected.
  var didSelect: ((Attribute, Facet) -> Void)? { get set }
  /// Receives the attributes and their values, in order.
  func setOrderedFacets(_ orderedFacets: [AttributedFacets])
  /// Receives the selected values of each attribute.
  func setSelections(_ selections: [Attribute: Set<String>])
}

/// How a dynamic facet list writes one attribute to a ``FilterState``: the group's name and whether its
/// values combine with `and` or `or` (as InstantSearch's `FilterGroupDescriptor`).
public typealias FilterGroupDescriptor = (groupName: String, refinementOperator: RefinementOperator)
