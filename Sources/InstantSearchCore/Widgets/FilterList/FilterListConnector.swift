/// A filter list in one call: filters the developer defines, selected singly or severally, written to a
/// ``FilterState`` group.
///
/// ```swift
/// let filters: [Filter.Facet] = ["red", "blue", "green"].map { .init(attribute: "color", stringValue: $0) }
/// let filterListConnector = FacetFilterListConnector(
///   facetFilters: filters, selectionMode: .multiple, filterState: filterState, operator: .and,
///   groupName: "filters", controller: filterListController)
/// ```
@MainActor
public final class FilterListConnector<F: FilterType>: WidgetConnector {
  /// The filter state.
  public let filterState: FilterState
  /// The logic.
  public let interactor: FilterListInteractor<F>
  /// The connection to the filter state.
  public let filterStateConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects a list with an interactor of your own.
  public init(
    filterState: FilterState, interactor: FilterListInteractor<F>, operator: RefinementOperator,
    groupName: String? = nil
  ) {
    self.filterState = filterState
    self.interactor = interactor
    filterStateConnection = interactor.connectFilterState(filterState, operator: `operator`, groupName: groupName)
    super.init(parts: [filterStateConnection])
  }

  /// Creates and connects a list of `filters`.
  public convenience init(
    filterState: FilterState, filters: [F], selectionMode: SelectionMode, operator: RefinementOperator,
    groupName: String? = nil
  ) {
    self.init(
      filterState: filterState, interactor: FilterListInteractor(items: filters, selectionMode: selectionMode),
      operator: `operator`, groupName: groupName)
  }

  /// Connects a view (replacing the current one).
  public func connectController<Controller: SelectableListController>(_ controller: Controller)
  where Controller.Item == F {
    let connection = interactor.connectController(controller)
    replace(controllerConnection, with: connection)
    controllerConnection = connection
  }
}

/// A list of facet filters (multiple selection by default).
public typealias FacetFilterListConnector = FilterListConnector<Filter.Facet>
/// A list of numeric filters (single selection by default).
public typealias NumericFilterListConnector = FilterListConnector<Filter.Numeric>
/// A list of tag filters (multiple selection by default).
public typealias TagFilterListConnector = FilterListConnector<Filter.Tag>

extension FilterListConnector where F == Filter.Facet {
  /// Creates and connects a list of facet filters, optionally with a view.
  public convenience init(
    facetFilters: [Filter.Facet] = [], selectionMode: SelectionMode = .multiple, filterState: FilterState,
    operator: RefinementOperator, groupName: String? = nil, controller: (any SelectableListController<F>)? = nil
  ) {
    self.init(
      filterState: filterState, filters: facetFilters, selectionMode: selectionMode, operator: `operator`,
      groupName: groupName)
    if let controller { connectController(controller) }
  }
}

extension FilterListConnector where F == Filter.Numeric {
  /// Creates and connects a list of numeric filters, optionally with a view.
  public convenience init(
    numericFilters: [Filter.Numeric] = [], selectionMode: SelectionMode = .single, filterState: FilterState,
    operator: RefinementOperator, groupName: String? = nil, controller: (any SelectableListController<F>)? = nil
  ) {
    self.init(
      filterState: filterState, filters: numericFilters, selectionMode: selectionMode, operator: `operator`,
      groupName: groupName)
    if let controller { connectController(controller) }
  }
}

extension FilterListConnector where F == Filter.Tag {
  /// Creates and connects a list of tag filters, optionally with a view.
  public convenience init(
    tagFilters: [Filter.Tag] = [], selectionMode: SelectionMode = .multiple, filterState: FilterState,
    operator: RefinementOperator, groupName: String? = nil, controller: (any SelectableListController<F>)? = nil
  ) {
    self.init(
      filterState: filterState, filters: tagFilters, selectionMode: selectionMode, operator: `operator`,
      groupName: groupName)
    if let controller { connectController(controller) }
  }
}
