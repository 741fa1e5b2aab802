extension HitsInteractor {
  /// Takes the searcher's results and loads further pages through it.
  @MainActor
  public final class SearcherConnection: Connection {
    /// The interactor.
    public private(set) weak var interactor: HitsInteractor<Record>?
    /// The searcher.
    public private(set) weak var searcher: HitsSearcher?
    private var tokens: [SubscriptionToken] = []

    /// Creates a connection; call ``connect()`` to start it.
    public init(interactor: HitsInteractor<Record>, searcher: HitsSearcher) {
      self.interactor = interactor
      self.searcher = searcher
    }

    /// Takes the latest results, if any, then every later result; a new query makes the pages stale.
    public func connect() {
      guard tokens.isEmpty, let interactor, let searcher else { return }
      if let latest = searcher.latestResponse { interactor.take(latest, query: searcher.query) }
      tokens = [
        searcher.onResults { [weak interactor, weak searcher] response in
          interactor?.take(response, query: searcher?.query)
        },
        searcher.onQueryChanged { [weak interactor] _ in interactor?.invalidate() },
      ]
      interactor.pageLoaders[ObjectIdentifier(self)] = { [weak searcher] page in
        guard let searcher else { return }
        searcher.request.page = page
        searcher.search()
      }
      interactor.retain(self)
    }

    /// Stops taking results.
    public func disconnect() {
      for token in tokens { token.cancel() }
      tokens = []
      interactor?.pageLoaders[ObjectIdentifier(self)] = nil
      interactor?.release(self)
    }
  }

  /// Makes the pages stale on every change of a filter state (the next results replace them).
  @MainActor
  public final class FilterStateConnection: Connection {
    /// The interactor.
    public private(set) weak var interactor: HitsInteractor<Record>?
    /// The filter state.
    public private(set) weak var filterState: FilterState?
    private var token: SubscriptionToken?

    /// Creates a connection; call ``connect()`` to start it.
    public init(interactor: HitsInteractor<Record>, filterState: FilterState) {
      self.interactor = interactor
      self.filterState = filterState
    }

    /// Follows the filter state's changes.
    public func connect() {
      guard token == nil, let interactor, let filterState else { return }
      token = filterState.onChange { [weak interactor] _ in interactor?.invalidate() }
      interactor.retain(self)
    }

    /// Stops following them.
    public func disconnect() {
      token?.cancel()
      token = nil
      interactor?.release(self)
    }
  }

  /// Makes a view read the hits: it reloads after each change and scrolls to the top on new results.
  @MainActor
  public final class ControllerConnection<Controller: HitsController>: Connection where Controller.Record == Record {
    /// The interactor.
    public private(set) weak var interactor: HitsInteractor<Record>?
    /// The view.
    public let controller: Controller
    private var token: SubscriptionToken?
    private var shownGeneration = 0

    /// Creates a connection; call ``connect()`` to start it.
    public init(interactor: HitsInteractor<Record>, controller: Controller) {
      self.interactor = interactor
      self.controller = controller
    }

    /// Gives the view its source and reloads it now and after each change.
    public func connect() {
      guard token == nil, let interactor else { return }
      controller.hitsSource = interactor
      shownGeneration = interactor.generation
      controller.reload()
      token = interactor.onChange { [weak self] in self?.refresh() }
      interactor.retain(self)
    }

    /// Detaches the view from its source.
    public func disconnect() {
      token?.cancel()
      token = nil
      controller.hitsSource = nil
      interactor?.release(self)
    }

    private func refresh() {
      guard let interactor else { return }
      controller.reload()
      if interactor.generation != shownGeneration {
        shownGeneration = interactor.generation
        controller.scrollToTop()
      }
    }
  }

  /// Connects a searcher. The interactor keeps the connection.
  @discardableResult
  public func connectSearcher(_ searcher: HitsSearcher) -> SearcherConnection {
    let connection = SearcherConnection(interactor: self, searcher: searcher)
    connection.connect()
    return connection
  }

  /// Connects a filter state. The interactor keeps the connection.
  @discardableResult
  public func connectFilterState(_ filterState: FilterState) -> FilterStateConnection {
    let connection = FilterStateConnection(interactor: self, filterState: filterState)
    connection.connect()
    return connection
  }

  /// Connects a view. The interactor keeps the connection.
  @discardableResult
  public func connectController<Controller: HitsController>(_ controller: Controller)
    -> ControllerConnection<Controller> where Controller.Record == Record
  {
    let connection = ControllerConnection(interactor: self, controller: controller)
    connection.connect()
    return connection
  }
}
