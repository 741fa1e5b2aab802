/// Query suggestions in one call: the interactor connected to the suggestions searcher, the main
/// searcher its selections go to, and optionally a view.
///
/// ```swift
/// let multiSearcher = MultiSearcher(client: client)
/// let products = multiSearcher.addHitsSearcher(indexName: "products")
/// let suggestions = multiSearcher.addHitsSearcher(indexName: "products_query_suggestions")
/// let searchBox = SearchBoxConnector(searcher: products, controller: searchField)
/// let querySuggestions = QuerySuggestionsConnector(
///   suggestionsSearcher: suggestions, querySearcher: products, controller: suggestionsList)
/// ```
@MainActor
public final class QuerySuggestionsConnector: WidgetConnector {
  /// The logic.
  public let interactor: QuerySuggestionsInteractor
  /// The connection to the suggestions searcher.
  public let suggestionsConnection: WidgetConnection
  /// The connection to the main searcher.
  public let queryConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects query suggestions.
  public init(
    suggestionsSearcher: HitsSearcher, querySearcher: HitsSearcher,
    interactor: QuerySuggestionsInteractor = QuerySuggestionsInteractor(),
    controller: (any QuerySuggestionsController)? = nil
  ) {
    self.interactor = interactor
    suggestionsConnection = interactor.connectSuggestionsSearcher(suggestionsSearcher)
    queryConnection = interactor.connectQuerySearcher(querySearcher)
    if let controller { controllerConnection = interactor.connectController(controller) }
    super.init(parts: [suggestionsConnection, queryConnection, controllerConnection])
  }
}
