extension HitsSearcher {
  /// Connects a ``FilterState``: its filters are ANDed with the request's own (taken at once, without
  /// searching), and each effective change sets the filters, resets the page and searches (once per
  /// main-actor turn). Connecting does not search by itself. The searcher keeps the connection;
  /// `disconnect()` undoes exactly what `connect()` did.
  @discardableResult
  public func connectFilterState(_ filterState: FilterState) -> WidgetConnection {
    let connection = WidgetConnection(owner: links) { [weak self, weak filterState] in
      guard let self, let filterState else { return nil }
      self.adoptFilters(filterState.filters)
      return [filterState.onChange { [weak self] filters in self?.setFilters(filters) }]
    }
    connection.connect()
    return connection
  }

  /// Takes `filters` without searching (used when connecting).
  func adoptFilters(_ newFilters: Filters) {
    guard newFilters != filters else { return }
    filters = newFilters
  }
}
