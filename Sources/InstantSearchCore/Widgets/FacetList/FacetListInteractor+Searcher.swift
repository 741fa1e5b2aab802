extension FacetListInteractor {
  /// Feeds a facet list with the facet values of each result, and asks the searcher for them.
  @MainActor
  public final class SearcherConnection: Connection {
    /// The interactor.
    public private(set) weak var interactor: FacetListInteractor?
    /// The searcher.
    public private(set) weak var searcher: HitsSearcher?
    /// The attribute.
    public let attribute: Attribute
    private var token: SubscriptionToken?
    private var addedFacet = false

    /// Creates a connection; call ``connect()`` to start it.
    public init(interactor: FacetListInteractor, searcher: HitsSearcher, attribute: Attribute) {
      self.interactor = interactor
      self.searcher = searcher
      self.attribute = attribute
    }

    /// Adds the attribute to the request's facets and takes the values of every result (and of the latest
    /// one, if any).
    public func connect() {
      guard token == nil, let interactor, let searcher else { return }
      addedFacet = searcher.addRequestedFacet(attribute)
      let attribute = self.attribute
      if let latest = searcher.latestResponse { interactor.items = latest.facets(for: attribute) }
      token = searcher.onResults { [weak interactor] response in
        interactor?.items = response.facets(for: attribute)
      }
      interactor.retain(self)
    }

    /// Stops taking results and removes the attribute from the facets if this connection added it.
    public func disconnect() {
      token?.cancel()
      token = nil
      if addedFacet { searcher?.removeRequestedFacet(attribute) }
      addedFacet = false
      interactor?.release(self)
    }

    isolated deinit {
      disconnect()
    }
  }

  /// Connects a searcher: the list shows the facet values of `attribute` from each result. The interactor
  /// keeps the connection.
  @discardableResult
  public func connectSearcher(_ searcher: HitsSearcher, with attribute: Attribute) -> SearcherConnection {
    let connection = SearcherConnection(interactor: self, searcher: searcher, attribute: attribute)
    connection.connect()
    return connection
  }
}
