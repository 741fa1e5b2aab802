extension FacetSearcher {
  /// Keeps a facet searcher's filters in step with a ``FilterState``. The searcher keeps the connection
  /// alive; ``disconnect()`` undoes exactly what ``connect()`` did.
  @MainActor
  public final class FilterStateConnection: Connection {
    /// The searcher.
    public private(set) weak var searcher: FacetSearcher?
    /// The filter state.
    public private(set) weak var filterState: FilterState?
    private var token: SubscriptionToken?

    /// Creates a connection; call ``connect()`` to start it.
    public init(searcher: FacetSearcher, filterState: FilterState) {
      self.searcher = searcher
      self.filterState = filterState
    }

    /// Takes the current filters (without searching) and follows every later change.
    public func connect() {
      guard token == nil, let searcher, let filterState else { return }
      searcher.filters = filterState.filters
      token = filterState.onChange { [weak searcher] filters in searcher?.setFilters(filters) }
      searcher.connections[ObjectIdentifier(self)] = self
    }

    /// Stops following the filter state.
    public func disconnect() {
      token?.cancel()
      token = nil
      searcher?.connections[ObjectIdentifier(self)] = nil
    }
  }

  /// Connects a ``FilterState`` (see the type's documentation for which filters are sent). Connecting
  /// does not search by itself.
  @discardableResult
  public func connectFilterState(_ filterState: FilterState) -> FilterStateConnection {
    let connection = FilterStateConnection(searcher: self, filterState: filterState)
    connection.connect()
    return connection
  }
}
