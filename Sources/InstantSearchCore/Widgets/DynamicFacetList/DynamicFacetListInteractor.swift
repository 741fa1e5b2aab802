import Observation

/// The state of a dynamic facet list: the facets of the latest results in the order the index's
/// `RenderingContent` sets, and the selected values of each attribute.
///
/// The selections are derived from the connected ``FilterState``: the facet filters of each attribute in
/// its group. Clicks write the group (single or multiple selection per attribute).
@MainActor
@Observable
public final class DynamicFacetListInteractor: WidgetInteractor {
  /// The attributes and their values, in order.
  public internal(set) var orderedFacets: [AttributedFacets]
  /// The selected values of each attribute.
  public internal(set) var selections: [Attribute: Set<String>]
  /// The selection mode of each attribute (multiple when not given).
  public let selectionModeForAttribute: [Attribute: SelectionMode]

  @ObservationIgnored let links = WidgetLinks()
  /// Where new selections go while a filter state is connected: the attribute and its new values.
  @ObservationIgnored let selectionRequests = IntentSinks<(Attribute, Set<String>)>()

  /// Creates an interactor.
  public init(
    orderedFacets: [AttributedFacets] = [], selections: [Attribute: Set<String>] = [:],
    selectionModeForAttribute: [Attribute: SelectionMode] = [:]
  ) {
    self.orderedFacets = orderedFacets
    self.selections = selections
    self.selectionModeForAttribute = selectionModeForAttribute
  }

  /// Selects `facetValue` of `attribute`, or deselects it when selected; with single selection for the
  /// attribute, selecting replaces its selection.
  public func toggleSelection(ofFacetValue facetValue: String, for attribute: Attribute) {
    var next = selections[attribute] ?? []
    if next.contains(facetValue) {
      next.remove(facetValue)
    } else if selectionModeForAttribute[attribute] == .single {
      next = [facetValue]
    } else {
      next.insert(facetValue)
    }
    if !selectionRequests.send((attribute, next)) { update { $0.selections[attribute] = next.isEmpty ? nil : next } }
  }

  /// Whether `facetValue` of `attribute` is selected.
  public func isSelected(facetValue: String, for attribute: Attribute) -> Bool {
    selections[attribute]?.contains(facetValue) ?? false
  }

  /// Calls `handler` after each change of the facets or the selections.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  var changeSnapshot: some Equatable { ChangeKey(orderedFacets, selections) }
}
