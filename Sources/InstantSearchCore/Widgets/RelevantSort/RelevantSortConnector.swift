/// A Relevant Sort toggle in one call: the interactor connected to a searcher and optionally a view.
@MainActor
public final class RelevantSortConnector: WidgetConnector {
  /// The searcher whose `relevancyStrictness` is toggled.
  public let searcher: HitsSearcher
  /// The logic.
  public let interactor: RelevantSortInteractor
  /// The connection to the searcher.
  public let searcherConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects a Relevant Sort toggle.
  public init(
    searcher: HitsSearcher, interactor: RelevantSortInteractor = RelevantSortInteractor(),
    controller: (any RelevantSortController)? = nil,
    presenter: @escaping @MainActor (RelevantSortPriority?) -> RelevantSortTextualRepresentation? =
      DefaultPresenter.RelevantSort.present
  ) {
    self.searcher = searcher
    self.interactor = interactor
    searcherConnection = interactor.connectSearcher(searcher)
    if let controller { controllerConnection = interactor.connectController(controller, presenter: presenter) }
    super.init(parts: [searcherConnection, controllerConnection])
  }
}
