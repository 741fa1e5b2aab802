extension HitsSearcher {
  /// Calls `handler` with each response delivered, until the token is cancelled or released.
  public func onResults(_ handler: @escaping @MainActor (SearchResponse) -> Void) -> SubscriptionToken {
    onOutcome { outcome in
      if case .success(let response) = outcome { handler(response) }
    }
  }

  /// Calls `handler` with the latest response now, if there is one, then with each response delivered:
  /// what a widget does when it connects (it shows the results already there, then follows them).
  public func followResults(_ handler: @escaping @MainActor (SearchResponse) -> Void) -> SubscriptionToken {
    if let latestResponse { handler(latestResponse) }
    return onResults(handler)
  }

  /// Calls `handler` with each error delivered (never for cancellation).
  public func onError(_ handler: @escaping @MainActor (RequestError) -> Void) -> SubscriptionToken {
    onOutcome { outcome in
      if case .failure(let error) = outcome { handler(error) }
    }
  }

  /// Calls `handler` with each outcome delivered, response or error, in order.
  public func onOutcome(
    _ handler: @escaping @MainActor (Result<SearchResponse, RequestError>) -> Void
  ) -> SubscriptionToken {
    loop.onOutcome(handler)
  }

  /// Calls `handler` with ``isLoading`` whenever it changes: `true` when a search is sent, `false` once no
  /// answer that could still be delivered is awaited (after a response, an error, a dropped stale answer
  /// or a cancellation).
  public func onLoadingChanged(_ handler: @escaping @MainActor (Bool) -> Void) -> SubscriptionToken {
    loop.onLoadingChanged(handler)
  }

  /// Calls `handler` with the new query text whenever it changes.
  public func onQueryChanged(_ handler: @escaping @MainActor (String?) -> Void) -> SubscriptionToken {
    queryListeners.add(handler) { [weak self] id in self?.queryListeners.remove(id: id) }
  }

  /// Calls `handler` with the new index name whenever it changes.
  public func onIndexChanged(_ handler: @escaping @MainActor (String) -> Void) -> SubscriptionToken {
    indexListeners.add(handler) { [weak self] id in self?.indexListeners.remove(id: id) }
  }

  /// Every outcome delivered from now on, as an asynchronous sequence that errors never end. It ends
  /// when the iterating task is cancelled.
  public func results() -> AsyncStream<Result<SearchResponse, RequestError>> {
    let (stream, continuation) = AsyncStream.makeStream(of: Result<SearchResponse, RequestError>.self)
    let token = onOutcome { continuation.yield($0) }
    continuation.onTermination = { _ in
      Task { @MainActor in token.cancel() }
    }
    return stream
  }
}
