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
    private var needsToken: SubscriptionToken?
    private var addedFacet = false

    /// Creates a connection; call ``connect()`` to start it.
    public init(interactor: FacetListInteractor, searcher: HitsSearcher, attribute: Attribute) {
      self.interactor = interactor
      self.searcher = searcher
      self.attribute = attribute
    }

    /// Adds the attribute to the request's facets and takes the values of every result (and of the latest
    /// one, if any). When a connected view may show more values than the request returns, it raises the
    /// request's `maxValuesPerFacet` (never lowers it; at most 1,000, Algolia's maximum).
    public func connect() {
      guard token == nil, let interactor, let searcher else { return }
      addedFacet = searcher.addRequestedFacet(attribute)
      if let latest = searcher.latestResponse { take(latest) }
      token = searcher.onResults { [weak self] response in self?.take(response) }
      needsToken = interactor.onChange { [weak self] in self?.raiseMaxValues() }
      raiseMaxValues()
      interactor.retain(self)
    }

    /// Algolia's default `maxValuesPerFacet`, assumed when the request does not set one.
    static let defaultMaxValues = 100

    private func take(_ response: SearchResponse) {
      guard let interactor, let searcher else { return }
      let facets = response.facets(for: attribute)
      interactor.takeResults(
        facets, isTruncated: facets.count >= (searcher.request.maxValuesPerFacet ?? Self.defaultMaxValues),
        areCountsExhaustive: response.isFacetCountExhaustive(for: attribute))
    }

    private func raiseMaxValues() {
      guard let interactor, let searcher else { return }
      let needed = min(interactor.valuesNeeded, 1_000)
      guard needed > (searcher.request.maxValuesPerFacet ?? Self.defaultMaxValues) else { return }
      var request = searcher.request
      request.maxValuesPerFacet = needed
      searcher.request = request
    }

    /// Stops taking results and removes the attribute from the facets if this connection added it.
    public func disconnect() {
      token?.cancel()
      token = nil
      needsToken?.cancel()
      needsToken = nil
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
