/// A dynamic facet list in one call: facets and values in the order the index's merchandising sets
/// (`RenderingContent`), each attribute written to its own ``FilterState`` group.
///
/// ```swift
/// searcher.request.facets = ["brand", "color", "size"]
/// let dynamicFacetListConnector = DynamicFacetListConnector(
///   searcher: searcher, filterState: filterState,
///   selectionModeForAttribute: ["color": .multiple, "size": .single],
///   filterGroupForAttribute: ["brand": ("brand", .or), "color": ("color", .or), "size": ("size", .and)],
///   controller: dynamicFacetListTableViewController)
/// ```
@MainActor
public final class DynamicFacetListConnector: WidgetConnector {
  /// The searcher.
  public let searcher: HitsSearcher
  /// The filter state.
  public let filterState: FilterState
  /// The logic.
  public let interactor: DynamicFacetListInteractor
  /// The connection to the searcher.
  public let searcherConnection: WidgetConnection
  /// The connection to the filter state.
  public let filterStateConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects a list with an interactor of your own.
  public init(
    searcher: HitsSearcher, filterState: FilterState, interactor: DynamicFacetListInteractor,
    filterGroupForAttribute: [Attribute: FilterGroupDescriptor] = [:],
    controller: (any DynamicFacetListController)? = nil
  ) {
    self.searcher = searcher
    self.filterState = filterState
    self.interactor = interactor
    filterStateConnection = interactor.connectFilterState(filterState, filterGroupForAttribute: filterGroupForAttribute)
    searcherConnection = interactor.connectSearcher(searcher)
    if let controller { controllerConnection = interactor.connectController(controller) }
    super.init(parts: [filterStateConnection, searcherConnection, controllerConnection])
  }

  /// Creates and connects a list.
  ///
  /// - Parameters:
  ///   - searcher: the searcher whose results give the facets, in `renderingContent`'s order.
  ///   - filterState: where the selected values become filters.
  ///   - orderedFacets: the facets shown before the first results arrive.
  ///   - selections: the values selected at first, per attribute.
  ///   - selectionModeForAttribute: single or multiple selection per attribute (multiple when not given).
  ///   - filterGroupForAttribute: the group and operator per attribute (an `and` group named after the
  ///     attribute when not given).
  ///   - controller: the view, if any.
  public convenience init(
    searcher: HitsSearcher, filterState: FilterState, orderedFacets: [AttributedFacets] = [],
    selections: [Attribute: Set<String>] = [:], selectionModeForAttribute: [Attribute: SelectionMode] = [:],
    filterGroupForAttribute: [Attribute: FilterGroupDescriptor] = [:],
    controller: (any DynamicFacetListController)? = nil
  ) {
    self.init(
      searcher: searcher, filterState: filterState,
      interactor: DynamicFacetListInteractor(
        orderedFacets: orderedFacets, selections: selections, selectionModeForAttribute: selectionModeForAttribute),
      filterGroupForAttribute: filterGroupForAttribute, controller: controller)
  }

  /// Connects a view (replacing the current one).
  public func connectController(_ controller: some DynamicFacetListController) {
    let connection = interactor.connectController(controller)
    replace(controllerConnection, with: connection)
    controllerConnection = connection
  }
}
