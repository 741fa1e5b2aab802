extension NumberRangeInteractor {
  /// Takes the bounds from the `facets_stats` of every result of a searcher. The searcher is asked for
  /// the attribute's facets and registers it as a range attribute, so the statistics ignore the range's
  /// own filter and the user can always widen the selection again.
  @MainActor
  public final class SearcherConnection: Connection {
    /// The interactor.
    public private(set) weak var interactor: NumberRangeInteractor<Number>?
    /// The searcher.
    public private(set) weak var searcher: HitsSearcher?
    /// The attribute whose statistics give the bounds.
    public let attribute: Attribute
    private var token: SubscriptionToken?
    private var addedFacet = false
    private var addedRangeAttribute = false

    /// Creates a connection; call ``connect()`` to start it.
    public init(interactor: NumberRangeInteractor<Number>, searcher: HitsSearcher, attribute: Attribute) {
      self.interactor = interactor
      self.searcher = searcher
      self.attribute = attribute
    }

    /// Whether the connection is active.
    public var isConnected: Bool { token != nil }

    /// Registers the attribute (without searching), takes the bounds of the latest response if there is
    /// one, then of every later result.
    public func connect() {
      guard token == nil, let interactor, let searcher else { return }
      addedFacet = searcher.addRequestedFacet(attribute)
      if !searcher.rangeAttributes.contains(attribute) {
        searcher.rangeAttributes.insert(attribute)
        addedRangeAttribute = true
      }
      if let response = searcher.latestResponse { take(response) }
      token = searcher.onResults { [weak self] response in self?.take(response) }
      interactor.retain(self)
    }

    /// Stops taking results and unregisters what ``connect()`` registered.
    public func disconnect() {
      token?.cancel()
      token = nil
      if addedFacet { searcher?.removeRequestedFacet(attribute) }
      if addedRangeAttribute { searcher?.rangeAttributes.remove(attribute) }
      addedFacet = false
      addedRangeAttribute = false
      interactor?.release(self)
    }

    /// Takes finite statistics as the bounds (widened to the interactor's ``NumberRangeInteractor/boundsStep``
    /// when it has one; integers floor the minimum and ceil the maximum); a response without them keeps
    /// the previous bounds.
    func take(_ response: SearchResponse) {
      guard let interactor, let stats = response.facetsStats[attribute.rawValue], stats.min.isFinite,
        stats.max.isFinite, stats.min <= stats.max
      else { return }
      var low = stats.min
      var high = stats.max
      if let step = interactor.boundsStep {
        low = RangeStep.round(low, step: step, .down)
        high = RangeStep.round(high, step: step, .up)
      }
      interactor.statisticsBounds = Number.lowerBound(from: low)...Number.upperBound(from: high)
    }

    isolated deinit {
      disconnect()
    }
  }

  /// Takes the bounds from a searcher's results. The interactor keeps the connection.
  @discardableResult
  public func connectSearcher(_ searcher: HitsSearcher, attribute: Attribute) -> SearcherConnection {
    let connection = SearcherConnection(interactor: self, searcher: searcher, attribute: attribute)
    connection.connect()
    return connection
  }
}
