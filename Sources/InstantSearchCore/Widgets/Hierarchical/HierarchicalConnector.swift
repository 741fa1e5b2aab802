/// A hierarchical menu in one call: the interactor connected to a searcher, a filter state and optionally
/// a view.
///
/// ```swift
/// let hierarchicalConnector = HierarchicalConnector(
///   searcher: searcher, filterState: filterState,
///   hierarchicalAttributes: ["hierarchicalCategories.lvl0", "hierarchicalCategories.lvl1",
///                            "hierarchicalCategories.lvl2"],
///   separator: " > ", controller: hierarchicalTableViewController)
/// searcher.connectFilterState(filterState)
/// searcher.search()
/// ```
@MainActor
public final class HierarchicalConnector: WidgetConnector {
  /// The searcher.
  public let searcher: HitsSearcher
  /// The filter state.
  public let filterState: FilterState
  /// The logic.
  public let interactor: HierarchicalInteractor
  /// The connection to the searcher.
  public let searcherConnection: WidgetConnection
  /// The connection to the filter state.
  public let filterStateConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects a menu over `hierarchicalAttributes` (the top level first) whose values are
  /// separated by `separator`.
  public init(
    searcher: HitsSearcher, filterState: FilterState, hierarchicalAttributes: [Attribute], separator: String,
    groupName: String? = nil, controller: (any HierarchicalController)? = nil,
    presenter: HierarchicalPresenter = HierarchicalPresenter()
  ) {
    self.searcher = searcher
    self.filterState = filterState
    let interactor = HierarchicalInteractor(
      hierarchicalAttributes: hierarchicalAttributes, separator: separator, groupName: groupName)
    self.interactor = interactor
    filterStateConnection = interactor.connectFilterState(filterState)
    searcherConnection = interactor.connectSearcher(searcher)
    if let controller { controllerConnection = interactor.connectController(controller, presenter: presenter) }
    super.init(parts: [filterStateConnection, searcherConnection, controllerConnection])
  }

  /// Connects a view (replacing the current one).
  public func connectController(
    _ controller: some HierarchicalController, presenter: HierarchicalPresenter = HierarchicalPresenter()
  ) {
    let connection = interactor.connectController(controller, presenter: presenter)
    replace(controllerConnection, with: connection)
    controllerConnection = connection
  }
}
