import Observation

/// The state of a stats line: the figures of the latest results.
@MainActor
@Observable
public final class StatsInteractor: WidgetInteractor {
  /// The latest figures, `nil` before any result.
  public private(set) var item: SearchStats?

  @ObservationIgnored let links = WidgetLinks()

  /// Creates an interactor.
  public init() {}

  /// Calls `handler` after each change of the figures.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  var changeSnapshot: some Equatable { ChangeKey(item) }

  func take(_ stats: SearchStats?) {
    update { $0.item = stats }
  }

  /// Takes the figures of every result of a searcher (and of the latest one). The interactor keeps the
  /// connection.
  @discardableResult
  public func connectSearcher(_ searcher: HitsSearcher) -> WidgetConnection {
    makeConnection { [weak searcher] interactor in
      guard let searcher else { return nil }
      return [searcher.followResults { [weak interactor] response in interactor?.take(SearchStats(response)) }]
    }
  }

  /// Shows the figures in a view through a presenter, now and after each change. The interactor keeps
  /// the connection.
  @discardableResult
  public func connectController(
    _ controller: some StatsTextController,
    presenter: @escaping @MainActor (SearchStats?) -> String? = DefaultPresenter.Stats.present
  ) -> WidgetConnection {
    makeConnection { interactor in
      controller.setItem(presenter(interactor.item))
      return [
        interactor.onChange { [weak interactor] in
          guard let interactor else { return }
          controller.setItem(presenter(interactor.item))
        }
      ]
    }
  }

  /// Hands the figures themselves to a view (``StatsObservableController``, or a view of the app's own that
  /// formats them), now and after each change. The interactor keeps the connection.
  @discardableResult
  public func connectController<Controller: ItemController>(_ controller: Controller) -> WidgetConnection
  where Controller.Item == SearchStats? {
    makeConnection { interactor in
      controller.setItem(interactor.item)
      return [interactor.onChange { [weak interactor] in interactor.map { controller.setItem($0.item) } }]
    }
  }
}
