extension FilterState {
  /// Each change of the filters, observer-style (InstantSearch iOS's
  /// `filterState.onChange.subscribe(with:)`); ``Observer/lastDataFired`` is the current ``filters``.
  public var onChange: Observer<Filters> {
    observerStore.observer("change", of: self, subscribe: { $0.onChange($1) }, latest: { $0.filters })
  }
}
