/// A search box in one call: the interactor connected to a searcher — one index's ``HitsSearcher`` or a
/// ``MultiSearcher`` searching several — and optionally a view. Releasing the connector disconnects it.
///
/// ```swift
/// let searcher = MultiSearcher(appID: "YourApplicationID", apiKey: "YourSearchOnlyAPIKey")
/// let products = searcher.addHitsSearcher(indexName: "products")
/// let suggestions = searcher.addHitsSearcher(indexName: "products_query_suggestions")
/// let searchBoxConnector = SearchBoxConnector(searcher: searcher, controller: searchBarController)
/// ```
@MainActor
public final class SearchBoxConnector: WidgetConnector {
  /// The searcher.
  public let searcher: any QuerySearcher
  /// The logic.
  public let interactor: SearchBoxInteractor
  /// The connection to the searcher.
  public let searcherConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects a search box.
  public init(
    searcher: some QuerySearcher, interactor: SearchBoxInteractor = .init(),
    searchTriggeringMode: SearchTriggeringMode = .searchAsYouType, controller: (any SearchBoxController)? = nil
  ) {
    self.searcher = searcher
    self.interactor = interactor
    searcherConnection = interactor.connectSearcher(searcher, searchTriggeringMode: searchTriggeringMode)
    if let controller { controllerConnection = interactor.connectController(controller) }
    super.init(parts: [searcherConnection, controllerConnection])
  }

  /// Connects a view (replacing the current one): a search bar, or a suggestions list whose picks set the
  /// query.
  public func connectController(_ controller: some SearchBoxController) {
    let connection = interactor.connectController(controller)
    replace(controllerConnection, with: connection)
    controllerConnection = connection
  }
}

/// InstantSearch iOS's earlier name of ``SearchBoxConnector``, which its Query Suggestions guide uses.
public typealias QueryInputConnector = SearchBoxConnector
/// InstantSearch iOS's earlier name of ``SearchBoxInteractor``.
public typealias QueryInputInteractor = SearchBoxInteractor
/// InstantSearch iOS's earlier name of ``SearchBoxController``.
public typealias QueryInputController = SearchBoxController
