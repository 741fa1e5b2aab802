/// A hits-per-page selector in one call: the interactor connected to a searcher and optionally a view.
///
/// ```swift
/// let hitsPerPage = HitsPerPageConnector(
///   searcher: searcher,
///   items: [.init(value: 20, label: "20 per page", isDefault: true), .init(value: 50, label: "50 per page")],
///   controller: segmentedControl)
/// ```
@MainActor
public final class HitsPerPageConnector: WidgetConnector {
  /// The searcher.
  public let searcher: HitsSearcher
  /// The logic.
  public let interactor: HitsPerPageInteractor
  /// The connection to the searcher.
  public let searcherConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects a selector over `items`.
  public init(
    searcher: HitsSearcher, items: [HitsPerPageItem], controller: (any SelectableSegmentController)? = nil
  ) {
    self.searcher = searcher
    interactor = HitsPerPageInteractor(items: items)
    searcherConnection = interactor.connectSearcher(searcher)
    if let controller { controllerConnection = interactor.connectController(controller) }
    super.init(parts: [searcherConnection, controllerConnection])
  }
}
