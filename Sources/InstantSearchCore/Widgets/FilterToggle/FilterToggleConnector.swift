/// A filter toggle in one call: one facet, numeric or tag filter that the user turns on or off, written to
/// a ``FilterState`` group.
///
/// ```swift
/// let filterToggleConnector = FilterToggleConnector(
///   filterState: filterState, filter: "on sale" as Filter.Tag, controller: filterToggleSwitchController)
/// searcher.connectFilterState(filterState)
/// searcher.search()
/// ```
///
/// With a `default` filter, turning the toggle off puts the default in the group instead of leaving it
/// empty (say `free_shipping:false` … or `stock > 0` against `stock >= 0`).
@MainActor
public final class FilterToggleConnector<Filter: FilterType>: WidgetConnector {
  /// The filter state.
  public let filterState: FilterState
  /// The logic.
  public let interactor: SelectableInteractor<Filter>
  /// The connection to the filter state.
  public let filterStateConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects a toggle of `filter`.
  ///
  /// - Parameters:
  ///   - filterState: where the filter is added and removed.
  ///   - filter: the facet, numeric or tag filter toggled.
  ///   - isSelected: whether the filter is on at first (when the state holds neither it nor the default).
  ///   - operator: `.and` (default) for a conjunctive group, `.or` for a disjunctive one (InstantSearch
  ///     iOS 8's label).
  ///   - groupName: the group's name; the filter's attribute by default.
  ///   - defaultFilter: the filter in force while the toggle is off, if any.
  ///   - controller: the view.
  public convenience init<Controller: SelectableController>(
    filterState: FilterState, filter: Filter, isSelected: Bool = false, operator: RefinementOperator = .and,
    groupName: String? = nil, default defaultFilter: Filter? = nil, controller: Controller
  ) where Controller.Item == Filter {
    self.init(
      filterState: filterState, interactor: SelectableInteractor(item: filter, isSelected: isSelected),
      operator: `operator`, groupName: groupName, default: defaultFilter)
    connectController(controller)
  }

  /// Creates and connects a toggle of `filter` without a view.
  public convenience init(
    filterState: FilterState, filter: Filter, isSelected: Bool = false, operator: RefinementOperator = .and,
    groupName: String? = nil, default defaultFilter: Filter? = nil
  ) {
    self.init(
      filterState: filterState, interactor: SelectableInteractor(item: filter, isSelected: isSelected),
      operator: `operator`, groupName: groupName, default: defaultFilter)
  }

  /// Creates and connects a toggle with an interactor of your own.
  public init(
    filterState: FilterState, interactor: SelectableInteractor<Filter>, operator: RefinementOperator = .and,
    groupName: String? = nil, default defaultFilter: Filter? = nil
  ) {
    self.filterState = filterState
    self.interactor = interactor
    filterStateConnection = interactor.connectFilterState(
      filterState, operator: `operator`, groupName: groupName, default: defaultFilter)
    super.init(parts: [filterStateConnection])
  }

  /// Connects a view (replacing the current one).
  public func connectController<Controller: SelectableController>(_ controller: Controller)
  where Controller.Item == Filter {
    let connection = interactor.connectController(controller)
    replace(controllerConnection, with: connection)
    controllerConnection = connection
  }
}
