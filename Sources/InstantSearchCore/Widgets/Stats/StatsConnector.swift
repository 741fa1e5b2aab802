/// A stats line in one call: the interactor connected to a searcher and optionally a view, through a
/// presenter (InstantSearch iOS's `StatsConnector`).
///
/// ```swift
/// let statsConnector = StatsConnector(
///   searcher: searcher, controller: statsLabel, presenter: DefaultPresenter.Stats.present)
/// searcher.search()
/// ```
@MainActor
public final class StatsConnector: WidgetConnector {
  /// The searcher whose results are counted.
  public let searcher: HitsSearcher
  /// The logic.
  public let interactor: StatsInteractor
  /// The connection to the searcher.
  public let searcherConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects a stats line; with a view, the presenter writes its text (`1,234 results in
  /// 2 ms` by default; ``DefaultPresenter/Stats/presentSorted(_:)`` for a virtual replica).
  public init(
    searcher: HitsSearcher, interactor: StatsInteractor = .init(), controller: (any StatsTextController)? = nil,
    presenter: @escaping @MainActor (SearchStats?) -> String? = DefaultPresenter.Stats.present
  ) {
    self.searcher = searcher
    self.interactor = interactor
    searcherConnection = interactor.connectSearcher(searcher)
    if let controller { controllerConnection = interactor.connectController(controller, presenter: presenter) }
    super.init(parts: [searcherConnection, controllerConnection])
  }

  /// Creates and connects a stats widget whose view takes the figures themselves
  /// (``StatsObservableController``, or a view of the app's own that formats them).
  public init<Controller: ItemController>(
    searcher: HitsSearcher, interactor: StatsInteractor = .init(), controller: Controller
  ) where Controller.Item == SearchStats? {
    self.searcher = searcher
    self.interactor = interactor
    searcherConnection = interactor.connectSearcher(searcher)
    controllerConnection = interactor.connectController(controller)
    super.init(parts: [searcherConnection, controllerConnection])
  }

  /// Connects a view (replacing the current one) through `presenter`.
  public func connectController(
    _ controller: some StatsTextController,
    presenter: @escaping @MainActor (SearchStats?) -> String? = DefaultPresenter.Stats.present
  ) {
    let connection = interactor.connectController(controller, presenter: presenter)
    replace(controllerConnection, with: connection)
    controllerConnection = connection
  }
}
