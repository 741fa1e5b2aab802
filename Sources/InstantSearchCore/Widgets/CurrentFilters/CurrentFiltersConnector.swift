/// Current filters in one call: the interactor connected to a filter state and optionally a view.
@MainActor
public final class CurrentFiltersConnector: WidgetConnector {
  /// The filter state.
  public let filterState: FilterState
  /// The logic.
  public let interactor: CurrentFiltersInteractor
  /// The connection to the filter state.
  public let filterStateConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects the widget; `groupIDs` restricts the groups shown (all when `nil`).
  public init(
    filterState: FilterState, groupIDs: Set<FilterGroup.ID>? = nil,
    interactor: CurrentFiltersInteractor = CurrentFiltersInteractor(),
    controller: (any CurrentFiltersController)? = nil,
    presenter: @escaping (Filter) -> String = DefaultPresenter.Filter.present
  ) {
    self.filterState = filterState
    self.interactor = interactor
    filterStateConnection = interactor.connectFilterState(filterState, filterGroupIDs: groupIDs)
    if let controller { controllerConnection = interactor.connectController(controller, presenter: presenter) }
    super.init(parts: [filterStateConnection, controllerConnection])
  }
}
