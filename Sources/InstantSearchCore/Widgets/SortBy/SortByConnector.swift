/// A sort selector in one call: the interactor connected to a searcher and optionally a view.
///
/// ```swift
/// let sortBy = SortByConnector(
///   searcher: searcher,
///   indicesNames: ["products", "products_price_asc", "products_price_desc"],
///   selected: 0,
///   controller: segmentedController,
///   presenter: { ["products": "Most popular", "products_price_asc": "Price ↑",
///                 "products_price_desc": "Price ↓"][$0] ?? $0 })
/// ```
@MainActor
public final class SortByConnector: WidgetConnector {
  /// The searcher whose index is switched.
  public let searcher: HitsSearcher
  /// The logic.
  public let interactor: SortByInteractor
  /// The connection to the searcher.
  public let searcherConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects a sort selector around `interactor`.
  public init(
    searcher: HitsSearcher, interactor: SortByInteractor, controller: (any SelectableSegmentController)? = nil,
    presenter: @escaping @MainActor (String) -> String = DefaultPresenter.IndexName.present
  ) {
    self.searcher = searcher
    self.interactor = interactor
    searcherConnection = interactor.connectSearcher(searcher)
    if let controller { controllerConnection = interactor.connectController(controller, presenter: presenter) }
    super.init(parts: [searcherConnection, controllerConnection])
  }

  /// Creates and connects a sort selector over `indicesNames`, keyed by their positions (0, 1, …).
  public convenience init(
    searcher: HitsSearcher, indicesNames: [String], selected: Int? = nil,
    controller: (any SelectableSegmentController)? = nil,
    presenter: @escaping @MainActor (String) -> String = DefaultPresenter.IndexName.present
  ) {
    let items = Dictionary(uniqueKeysWithValues: indicesNames.enumerated().map { ($0.offset, $0.element) })
    self.init(
      searcher: searcher, interactor: SortByInteractor(items: items, selected: selected), controller: controller,
      presenter: presenter)
  }
}
