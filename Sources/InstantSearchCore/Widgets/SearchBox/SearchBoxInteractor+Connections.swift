extension SearchBoxInteractor {
  /// Sends the text to a searcher — on each change, or on submit — and follows the searcher's query when
  /// it is set elsewhere.
  @MainActor
  public final class SearcherConnection: Connection {
    /// The interactor.
    public private(set) weak var interactor: SearchBoxInteractor?
    /// The searcher.
    public private(set) weak var searcher: HitsSearcher?
    /// When the searcher searches.
    public let mode: SearchTriggeringMode
    private var tokens: [SubscriptionToken] = []

    /// Creates a connection; call ``connect()`` to start it.
    public init(interactor: SearchBoxInteractor, searcher: HitsSearcher, mode: SearchTriggeringMode) {
      self.interactor = interactor
      self.searcher = searcher
      self.mode = mode
    }

    /// Shows the searcher's query, then follows both sides.
    public func connect() {
      guard tokens.isEmpty, let interactor, let searcher else { return }
      interactor.setQuery(searcher.query)
      tokens = [
        interactor.onChange { [weak self] in self?.textChanged() },
        interactor.onSubmit { [weak self] _ in self?.submitted() },
        searcher.onQueryChanged { [weak interactor] query in interactor?.setQuery(query) },
      ]
      interactor.retain(self)
    }

    /// Stops both directions.
    public func disconnect() {
      for token in tokens { token.cancel() }
      tokens = []
      interactor?.release(self)
    }

    private func textChanged() {
      guard let interactor, let searcher, searcher.query != interactor.query else { return }
      searcher.query = interactor.query
      if mode == .searchAsYouType { searcher.search() }
    }

    private func submitted() {
      guard let interactor, let searcher else { return }
      searcher.query = interactor.query
      searcher.search()
    }
  }

  /// Shows the text in a field and takes the user's edits and submissions.
  @MainActor
  public final class ControllerConnection: Connection {
    /// The interactor.
    public private(set) weak var interactor: SearchBoxInteractor?
    /// The view.
    public let controller: any SearchBoxController
    private var token: SubscriptionToken?

    /// Creates a connection; call ``connect()`` to start it.
    public init(interactor: SearchBoxInteractor, controller: any SearchBoxController) {
      self.interactor = interactor
      self.controller = controller
    }

    /// Shows the text now and after each change; forwards edits and submissions.
    public func connect() {
      guard token == nil, let interactor else { return }
      controller.setQuery(interactor.query)
      controller.onQueryChanged = { [weak interactor] query in interactor?.setQuery(query) }
      controller.onQuerySubmitted = { [weak interactor] query in
        interactor?.setQuery(query)
        interactor?.submit()
      }
      token = interactor.onChange { [weak self] in
        guard let self, let interactor = self.interactor else { return }
        self.controller.setQuery(interactor.query)
      }
      interactor.retain(self)
    }

    /// Stops updating the view and detaches its callbacks.
    public func disconnect() {
      token?.cancel()
      token = nil
      controller.onQueryChanged = nil
      controller.onQuerySubmitted = nil
      interactor?.release(self)
    }
  }

  /// Connects a searcher. The interactor keeps the connection.
  @discardableResult
  public func connectSearcher(_ searcher: HitsSearcher, searchTriggeringMode: SearchTriggeringMode = .searchAsYouType)
    -> SearcherConnection
  {
    let connection = SearcherConnection(interactor: self, searcher: searcher, mode: searchTriggeringMode)
    connection.connect()
    return connection
  }

  /// Connects a view. The interactor keeps the connection.
  @discardableResult
  public func connectController(_ controller: some SearchBoxController) -> ControllerConnection {
    let connection = ControllerConnection(interactor: self, controller: controller)
    connection.connect()
    return connection
  }
}
