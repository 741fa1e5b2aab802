/// Page links in one call: the interactor connected to a searcher and optionally a view.
///
/// ```swift
/// let pagination = PaginationConnector(searcher: searcher, padding: 2, controller: pageLinks)
/// searcher.search()
/// ```
@MainActor
public final class PaginationConnector: WidgetConnector {
  /// The searcher paged through.
  public let searcher: HitsSearcher
  /// The logic.
  public let interactor: PaginationInteractor
  /// The connection to the searcher.
  public let searcherConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects page links (see ``PaginationInteractor/init(padding:totalPagesLimit:currentPage:)``).
  public init(
    searcher: HitsSearcher, interactor: PaginationInteractor = .init(), controller: (any PaginationController)? = nil
  ) {
    self.searcher = searcher
    self.interactor = interactor
    searcherConnection = interactor.connectSearcher(searcher)
    if let controller { controllerConnection = interactor.connectController(controller) }
    super.init(parts: [searcherConnection, controllerConnection])
  }

  /// Creates and connects page links with `padding` numbers around the current page.
  public convenience init(
    searcher: HitsSearcher, padding: Int, totalPagesLimit: Int? = nil, controller: (any PaginationController)? = nil
  ) {
    self.init(
      searcher: searcher, interactor: PaginationInteractor(padding: padding, totalPagesLimit: totalPagesLimit),
      controller: controller)
  }

  /// Connects a view (replacing the current one).
  public func connectController(_ controller: some PaginationController) {
    let connection = interactor.connectController(controller)
    replace(controllerConnection, with: connection)
    controllerConnection = connection
  }
}
