/// A search box in one call: the interactor connected to a searcher and optionally a view. Releasing the
/// connector disconnects it.
@MainActor
public final class SearchBoxConnector: WidgetConnector {
  /// The searcher.
  public let searcher: HitsSearcher
  /// The logic.
  public let interactor: SearchBoxInteractor
  /// The connection to the searcher.
  public let searcherConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects a search box.
  public init(
    searcher: HitsSearcher, interactor: SearchBoxInteractor = .init(),
    searchTriggeringMode: SearchTriggeringMode = .searchAsYouType, controller: (any SearchBoxController)? = nil
  ) {
    self.searcher = searcher
    self.interactor = interactor
    searcherConnection = interactor.connectSearcher(searcher, searchTriggeringMode: searchTriggeringMode)
    if let controller { controllerConnection = interactor.connectController(controller) }
    super.init(parts: [searcherConnection, controllerConnection])
  }
}
