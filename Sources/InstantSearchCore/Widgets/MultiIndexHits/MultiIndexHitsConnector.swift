/// Hits of several indices in sections, in one call: the interactor connected to a ``MultiSearcher``
/// (one section per hits searcher added to it so far) and optionally a view.
///
/// ```swift
/// let multiSearcher = MultiSearcher(client: client)
/// multiSearcher.addHitsSearcher(indexName: "products")
/// multiSearcher.addHitsSearcher(indexName: "articles")
/// let sections = MultiIndexHitsConnector(searcher: multiSearcher, controller: sectionedList)
/// multiSearcher.search()
/// ```
@MainActor
public final class MultiIndexHitsConnector: WidgetConnector {
  /// The multi-searcher whose hits searchers fill the sections.
  public let searcher: MultiSearcher
  /// The logic.
  public let interactor: MultiIndexHitsInteractor
  /// The connection to the searcher.
  public let searcherConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects sections of hits.
  public init(
    searcher: MultiSearcher, interactor: MultiIndexHitsInteractor = MultiIndexHitsInteractor(),
    controller: (any MultiIndexHitsController)? = nil
  ) {
    self.searcher = searcher
    self.interactor = interactor
    searcherConnection = interactor.connectSearcher(searcher)
    if let controller { controllerConnection = interactor.connectController(controller) }
    super.init(parts: [searcherConnection, controllerConnection])
  }
}
