import Observation

/// The state of a loading indicator: whether a search of the connected searcher is on its way.
///
/// It follows ``HitsSearcher/isLoading``, which is `true` from the moment a search is sent until no answer
/// that could still be delivered is awaited: after a response, an error, a dropped stale answer or a
/// cancelled request, it goes back to `false` — the indicator is never left spinning.
@MainActor
@Observable
public final class LoadingInteractor: WidgetInteractor {
  /// Whether a search is on its way.
  public private(set) var item: Bool

  @ObservationIgnored let links = WidgetLinks()

  /// Creates an interactor (not loading until a searcher says so).
  public init(item: Bool = false) {
    self.item = item
  }

  /// Calls `handler` after each change of the loading state.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  var changeSnapshot: some Equatable { ChangeKey(item) }

  /// Connects a searcher (hits or facet values): takes its loading state now and at each change. The
  /// interactor keeps the connection.
  @discardableResult
  public func connectSearcher(_ searcher: some LoadingStateSource) -> WidgetConnection {
    makeConnection { [weak searcher] interactor in
      guard let searcher else { return nil }
      interactor.update { $0.item = searcher.isLoading }
      return [searcher.onLoadingChanged { [weak interactor] loading in interactor?.update { $0.item = loading } }]
    }
  }

  /// Connects a view: it gets the loading state now and at each change. The interactor keeps the
  /// connection.
  @discardableResult
  public func connectController(_ controller: some LoadingController) -> WidgetConnection {
    makeConnection { interactor in
      controller.setItem(interactor.item)
      return [
        interactor.onChange { [weak interactor] in
          guard let interactor else { return }
          controller.setItem(interactor.item)
        }
      ]
    }
  }
}
