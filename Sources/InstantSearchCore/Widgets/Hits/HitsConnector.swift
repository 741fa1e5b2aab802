/// A hits list in one call: the interactor connected to a searcher, optionally a filter state (so the
/// pages go stale on each filter change) and a view. Releasing the connector disconnects it.
@MainActor
public final class HitsConnector<Record: Decodable & Sendable>: WidgetConnector {
  /// The searcher.
  public let searcher: HitsSearcher
  /// The logic.
  public let interactor: HitsInteractor<Record>
  /// The connection to the searcher.
  public let searcherConnection: WidgetConnection
  /// The connection to the filter state, if any.
  public let filterStateConnection: WidgetConnection?
  /// The connection to the view, if any.
  public private(set) var controllerConnection: (any Connection)?

  /// Creates and connects a hits list.
  public init<Controller: HitsController>(
    searcher: HitsSearcher, interactor: HitsInteractor<Record> = .init(), filterState: FilterState? = nil,
    controller: Controller
  ) where Controller.Record == Record {
    self.searcher = searcher
    self.interactor = interactor
    searcherConnection = interactor.connectSearcher(searcher)
    filterStateConnection = filterState.map { interactor.connectFilterState($0) }
    controllerConnection = interactor.connectController(controller)
    super.init(parts: [searcherConnection, filterStateConnection, controllerConnection])
  }

  /// Creates and connects a hits list without a view.
  public init(searcher: HitsSearcher, interactor: HitsInteractor<Record> = .init(), filterState: FilterState? = nil) {
    self.searcher = searcher
    self.interactor = interactor
    searcherConnection = interactor.connectSearcher(searcher)
    filterStateConnection = filterState.map { interactor.connectFilterState($0) }
    super.init(parts: [searcherConnection, filterStateConnection, controllerConnection])
  }
}
