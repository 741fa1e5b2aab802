extension HitsSearcher {
  /// Each response delivered, observer-style (InstantSearch iOS's `searcher.onResults.subscribe(with:)`);
  /// ``Observer/lastDataFired`` is ``latestResponse``.
  public var onResults: Observer<SearchResponse> {
    observerStore.observer("results", of: self, subscribe: { $0.onResults($1) }, latest: { $0.latestResponse })
  }

  /// Each error delivered (never a cancellation), observer-style; ``Observer/lastDataFired`` is
  /// ``latestError``.
  public var onError: Observer<RequestError> {
    observerStore.observer("error", of: self, subscribe: { $0.onError($1) }, latest: { $0.latestError })
  }

  /// Each new query text, observer-style; ``Observer/lastDataFired`` is the current text.
  public var onQueryChanged: Observer<String?> {
    observerStore.observer("query", of: self, subscribe: { $0.onQueryChanged($1) }, latest: { .some($0.query) })
  }

  /// Each change of ``isLoading``, observer-style; ``Observer/lastDataFired`` is the current value.
  public var onLoadingChanged: Observer<Bool> {
    observerStore.observer("loading", of: self, subscribe: { $0.onLoadingChanged($1) }, latest: { $0.isLoading })
  }
}
