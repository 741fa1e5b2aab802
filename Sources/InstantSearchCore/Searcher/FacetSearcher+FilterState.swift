extension FacetSearcher {
  /// Connects a ``FilterState`` (see the type's documentation for which filters are sent): its filters are
  /// taken at once, without searching, then every later change. Connecting does not search by itself. The
  /// searcher keeps the connection; `disconnect()` undoes exactly what `connect()` did.
  @discardableResult
  public func connectFilterState(_ filterState: FilterState) -> WidgetConnection {
    let connection = WidgetConnection(owner: links) { [weak self, weak filterState] in
      guard let self, let filterState else { return nil }
      self.filters = filterState.filters
      return [filterState.onChange { [weak self] filters in self?.setFilters(filters) }]
    }
    connection.connect()
    return connection
  }
}
