extension HitsSearcher {
  /// Keeps a searcher's filters in step with a ``FilterState``: each effective change sets the filters,
  /// resets the page and searches (once per main-actor turn).
  ///
  /// The searcher keeps the connection alive; ``disconnect()`` undoes exactly what ``connect()`` did.
  @MainActor
  public final class FilterStateConnection {
    /// The searcher.
    public private(set) weak var searcher: HitsSearcher?
    /// The filter state.
    public private(set) weak var filterState: FilterState?
    private var token: SubscriptionToken?

    /// Creates a connection; call ``connect()`` to start it.
    public init(searcher: HitsSearcher, filterState: FilterState) {
      self.searcher = searcher
      self.filterState = filterState
    }

    /// Whether the connection is active.
    public var isConnected: Bool { token != nil }

    /// Takes the current filters (without searching) and follows every later change.
    public func connect() {
      guard token == nil, let searcher, let filterState else { return }
      searcher.adoptFilters(filterState.filters)
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

  /// Connects a ``FilterState``: its filters are ANDed with the request's own, and each effective change
  /// searches. Connecting does not search by itself.
  @discardableResult
  public func connectFilterState(_ filterState: FilterState) -> FilterStateConnection {
    let connection = FilterStateConnection(searcher: self, filterState: filterState)
    connection.connect()
    return connection
  }

  /// Takes `filters` without searching (used when connecting).
  func adoptFilters(_ newFilters: Filters) {
    guard newFilters != filters else { return }
    filters = newFilters
  }
}
