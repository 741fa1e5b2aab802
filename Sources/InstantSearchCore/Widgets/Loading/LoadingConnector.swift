/// A loading indicator in one call: the interactor connected to a searcher and optionally a view.
///
/// ```swift
/// let loadingConnector = LoadingConnector(searcher: searcher, controller: activityIndicatorController)
/// ```
@MainActor
public final class LoadingConnector: WidgetConnector {
  /// The searcher whose loading state is shown.
  public let searcher: HitsSearcher
  /// The logic.
  public let interactor: LoadingInteractor
  /// The connection to the searcher.
  public let searcherConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects a loading indicator.
  public init(
    searcher: HitsSearcher, interactor: LoadingInteractor = .init(), controller: (any LoadingController)? = nil
  ) {
    self.searcher = searcher
    self.interactor = interactor
    searcherConnection = interactor.connectSearcher(searcher)
    if let controller { controllerConnection = interactor.connectController(controller) }
    super.init(parts: [searcherConnection, controllerConnection])
  }

  /// Connects a view (replacing the previous one).
  public func connectController(_ controller: some LoadingController) {
    let connection = interactor.connectController(controller)
    replace(controllerConnection, with: connection)
    controllerConnection = connection
  }
}
