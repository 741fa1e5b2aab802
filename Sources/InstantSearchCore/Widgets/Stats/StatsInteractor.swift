import Observation

/// The state of a stats line: the figures of the latest results.
@MainActor
@Observable
public final class StatsInteractor {
  /// The latest figures, `nil` before any result.
  public private(set) var item: SearchStats?

  @ObservationIgnored let links = WidgetLinks()

  /// Creates an interactor.
  public init() {}

  /// Calls `handler` after each change of the figures.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  func take(_ stats: SearchStats?) {
    guard stats != item else { return }
    item = stats
    links.notify()
  }

  /// Takes the figures of every result of a searcher (and of the latest one). The interactor keeps the
  /// connection.
  @discardableResult
  public func connectSearcher(_ searcher: HitsSearcher) -> ListenerConnection {
    let connection = ListenerConnection(owner: links) { [weak self, weak searcher] in
      guard let self, let searcher else { return nil }
      if let latest = searcher.latestResponse { self.take(SearchStats(latest)) }
      return searcher.onResults { [weak self] response in self?.take(SearchStats(response)) }
    }
    connection.connect()
    return connection
  }

  /// Shows the figures in a view through a presenter, now and after each change. The interactor keeps
  /// the connection.
  @discardableResult
  public func connectController(
    _ controller: some StatsTextController,
    presenter: @escaping @MainActor (SearchStats?) -> String? = DefaultPresenter.Stats.present
  ) -> ListenerConnection {
    let connection = ListenerConnection(owner: links) { [weak self] in
      guard let self else { return nil }
      controller.setItem(presenter(self.item))
      return self.onChange { [weak self] in
        guard let self else { return }
        controller.setItem(presenter(self.item))
      }
    }
    connection.connect()
    return connection
  }
}
