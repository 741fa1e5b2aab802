extension FacetListInteractor {
  /// Feeds a facet list with the values a ``FacetSearcher`` finds (with their highlighted text), for a
  /// list the user types into. Use an interactor of its own: one connected to a ``HitsSearcher`` as well
  /// would show whichever answered last. Selection works as in any facet list, through the filter state.
  @MainActor
  public final class FacetSearcherConnection: Connection {
    /// The interactor.
    public private(set) weak var interactor: FacetListInteractor?
    /// The facet searcher.
    public private(set) weak var searcher: FacetSearcher?
    private var token: SubscriptionToken?

    /// Creates a connection; call ``connect()`` to start it.
    public init(interactor: FacetListInteractor, searcher: FacetSearcher) {
      self.interactor = interactor
      self.searcher = searcher
    }

    /// Takes the values of the latest answer, if any, then of every later one.
    public func connect() {
      guard token == nil, let interactor, let searcher else { return }
      if let latest = searcher.latestResponse { interactor.items = latest.facetHits }
      token = searcher.onResults { [weak interactor] response in interactor?.items = response.facetHits }
      interactor.retain(self)
    }

    /// Stops taking answers.
    public func disconnect() {
      token?.cancel()
      token = nil
      interactor?.release(self)
    }
  }

  /// Connects a facet searcher: the list shows the values it finds. The interactor keeps the connection.
  @discardableResult
  public func connectFacetSearcher(_ facetSearcher: FacetSearcher) -> FacetSearcherConnection {
    let connection = FacetSearcherConnection(interactor: self, searcher: facetSearcher)
    connection.connect()
    return connection
  }
}
