extension FilterState {
  /// Each change of the filters, observer-style (InstantSearch iOS's
  /// `filterState.onChange.subscribe(with:)`); ``Observer/lastDataFired`` is the current ``filters``.
  public var onChange: Observer<Filters> {
    observerStore.observer("change") {
      Observer(
        source: { [weak self] handler in self?.onChange(handler) ?? SubscriptionToken {} },
        latest: { [weak self] in self?.filters })
    }
  }
}
