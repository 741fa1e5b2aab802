/// A refinement list in one call: the interactor connected to a searcher, a filter state and optionally a
/// view. Fully connected when `init` returns; releasing the connector (and so its interactor) ends every
/// connection.
///
/// ```swift
/// let connector = FacetListConnector(searcher: searcher, filterState: filterState, attribute: "category",
///                                    operator: .or, controller: controller)
/// searcher.search()
/// ```
@MainActor
public final class FacetListConnector: WidgetConnector {
  /// The searcher.
  public let searcher: HitsSearcher
  /// The filter state.
  public let filterState: FilterState
  /// The list's logic.
  public let interactor: FacetListInteractor
  /// The attribute.
  public let attribute: Attribute
  /// The connection to the searcher.
  public let searcherConnection: WidgetConnection
  /// The connection to the filter state.
  public let filterStateConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects a refinement list.
  ///
  /// - Parameters:
  ///   - searcher: the searcher whose results give the values and their counts.
  ///   - filterState: where the selected values become filters. Without one (InstantSearch's
  ///     `.init()` default), the connector makes its own and connects the searcher to it, so the list
  ///     filters the results; pass the app's filter state when other widgets share it.
  ///   - attribute: the facet attribute listed.
  ///   - selectionMode: `.multiple` by default.
  ///   - facets: values shown before the first results arrive (not a preselection).
  ///   - persistentSelection: whether selected values the results no longer hold stay listed, with a
  ///     count of 0 (see ``FacetListInteractor/persistentSelection``).
  ///   - operator: `.or` for a disjunctive group (with disjunctive counts), `.and` for a conjunctive one.
  ///   - groupName: the group of the list's filters; the attribute's name by default.
  ///   - controller: the view, if any.
  ///   - presenter: how values are sorted and limited; by default by count, descending, every value.
  public init(
    searcher: HitsSearcher, filterState: FilterState? = nil, attribute: Attribute,
    selectionMode: SelectionMode = .multiple,
    facets: [Facet] = [], persistentSelection: Bool = true, operator: RefinementOperator, groupName: String? = nil,
    controller: (any FacetListController)? = nil, presenter: FacetListPresenter? = nil
  ) {
    self.searcher = searcher
    let (filterState, ownState) = Self.resolve(filterState)
    self.filterState = filterState
    self.attribute = attribute
    let interactor = FacetListInteractor(
      facets: facets, selectionMode: selectionMode, persistentSelection: persistentSelection)
    self.interactor = interactor
    searcherConnection = interactor.connectSearcher(searcher, with: attribute)
    filterStateConnection = interactor.connectFilterState(
      filterState, with: attribute, operator: `operator`, groupName: groupName)
    if let controller {
      controllerConnection = interactor.connectController(controller, with: presenter)
    }
    // A filter state of the connector's own reaches the searcher through a connection of its own.
    let ownStateConnection = ownState.map { searcher.connectFilterState($0) }
    super.init(parts: [searcherConnection, filterStateConnection, controllerConnection, ownStateConnection])
  }

  /// Connects a view (replacing the current one).
  public func connectController(_ controller: some FacetListController, presenter: FacetListPresenter? = nil) {
    let connection = interactor.connectController(controller, with: presenter)
    replace(controllerConnection, with: connection)
    controllerConnection = connection
  }

  /// The filter state to use — `given`, or a new one — and the one the connector made, if it did.
  private static func resolve(_ given: FilterState?) -> (state: FilterState, own: FilterState?) {
    if let given { return (given, nil) }
    let made = FilterState()
    return (made, made)
  }
}
