extension HitsSearcher {
  /// Each response delivered, observer-style (InstantSearch iOS's `searcher.onResults.subscribe(with:)`);
  /// ``Observer/lastDataFired`` is ``latestResponse``.
  public var onResults: Observer<SearchResponse> {
    observerStore.observer("results") {
      Observer(
        source: { [weak self] handler in self?.onResults(handler) ?? SubscriptionToken {} },
        latest: { [weak self] in self?.latestResponse })
    }
  }

  /// Each error delivered (never a cancellation), observer-style; ``Observer/lastDataFired`` is
  /// ``latestError``.
  public var onError: Observer<RequestError> {
    observerStore.observer("error") {
      Observer(
        source: { [weak self] handler in self?.onError(handler) ?? SubscriptionToken {} },
        latest: { [weak self] in self?.latestError })
    }
  }

  /// Each new query text, observer-style; ``Observer/lastDataFired`` is the current text.
  public var onQueryChanged: Observer<String?> {
    observerStore.observer("query") {
      Observer(
        source: { [weak self] handler in self?.onQueryChanged(handler) ?? SubscriptionToken {} },
        latest: { [weak self] () -> String?? in
          guard let self else { return nil }
          return .some(query)
        })
    }
  }

  /// Each change of ``isLoading``, observer-style; ``Observer/lastDataFired`` is the current value.
  public var onLoadingChanged: Observer<Bool> {
    observerStore.observer("loading") {
      Observer(
        source: { [weak self] handler in self?.onLoadingChanged(handler) ?? SubscriptionToken {} },
        latest: { [weak self] in self?.isLoading })
    }
  }
}
