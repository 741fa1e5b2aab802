/// A filter map in one call: the interactor connected to a searcher, a filter state and optionally a
/// view. The initial `selected` is written to the filter state when it holds none of the map's filters.
@MainActor
public final class FilterMapConnector<F: FilterType>: WidgetConnector {
  /// The searcher.
  public let searcher: HitsSearcher
  /// The filter state.
  public let filterState: FilterState
  /// The logic.
  public let interactor: FilterMapInteractor<F>
  /// The connection asking the searcher for the attribute's facets.
  public let searcherConnection: WidgetConnection
  /// The connection to the filter state.
  public let filterStateConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects a filter map.
  public init(
    searcher: HitsSearcher, filterState: FilterState, items: [Int: F], selected: Int? = nil, attribute: Attribute,
    operator: RefinementOperator, groupName: String? = nil, controller: (any SelectableSegmentController)? = nil,
    presenter: @escaping (Filter) -> String = DefaultPresenter.Filter.present
  ) {
    self.searcher = searcher
    self.filterState = filterState
    let interactor = FilterMapInteractor(items: items, selected: selected)
    self.interactor = interactor
    searcherConnection = interactor.connectSearcher(searcher, attribute: attribute)
    filterStateConnection = interactor.connectFilterState(
      filterState, attribute: attribute, operator: `operator`, groupName: groupName)
    if let controller { controllerConnection = interactor.connectController(controller, presenter: presenter) }
    super.init(parts: [searcherConnection, filterStateConnection, controllerConnection])
  }
}
