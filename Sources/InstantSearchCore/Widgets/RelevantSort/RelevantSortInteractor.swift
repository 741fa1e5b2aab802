import Observation

/// The logic of a Relevant Sort toggle on a virtual replica: the priority the latest results were
/// sorted with, and a toggle between the most relevant hits and all of them.
///
/// Connected to a searcher, toggling sets the request's `relevancyStrictness` (100 or 0) and searches;
/// each response sets ``item`` (see ``RelevantSortPriority/init(_:)``), `nil` when the index searched
/// is not a virtual replica, so that a view can hide the toggle.
@MainActor
@Observable
public final class RelevantSortInteractor: WidgetInteractor {
  /// The priority of the latest results, `nil` before any or from an index that does not sort relevantly.
  public internal(set) var item: RelevantSortPriority?

  @ObservationIgnored let links = WidgetLinks()
  /// Where toggles go while a searcher is connected.
  @ObservationIgnored let priorityRequests = IntentSinks<RelevantSortPriority>()

  /// Creates an interactor, with `priority` shown until results say otherwise.
  public init(priority: RelevantSortPriority? = nil) {
    item = priority
  }

  /// Asks for the other priority (nothing happens while ``item`` is `nil`).
  public func toggle() {
    guard let item else { return }
    if !priorityRequests.send(item.toggled) { update { $0.item = item.toggled } }
  }

  /// Calls `handler` after each change of the priority.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  var changeSnapshot: some Equatable { ChangeKey(item) }

  /// Takes the priority of every result of `searcher` (and of its latest one), and applies toggles to its
  /// request. The interactor keeps the connection.
  @discardableResult
  public func connectSearcher(_ searcher: HitsSearcher) -> WidgetConnection {
    makeConnection { [weak searcher] interactor in
      guard let searcher else { return nil }
      return [
        searcher.followResults { [weak interactor] response in
          interactor?.update { $0.item = RelevantSortPriority(response) }
        },
        interactor.priorityRequests.add { [weak interactor, weak searcher] priority in
          guard let searcher else { return }
          interactor?.update { $0.item = priority }
          searcher.request.relevancyStrictness = priority.relevancyStrictness
          searcher.search()
        },
      ]
    }
  }

  /// Shows the priority in a view through `presenter`, now and after each change; the view's toggle
  /// toggles. The interactor keeps the connection.
  @discardableResult
  public func connectController(
    _ controller: some RelevantSortController,
    presenter: @escaping @MainActor (RelevantSortPriority?) -> RelevantSortTextualRepresentation? =
      DefaultPresenter.RelevantSort.present
  ) -> WidgetConnection {
    makeConnection { interactor in
      controller.setItem(presenter(interactor.item))
      controller.didToggle = { [weak interactor] in interactor?.toggle() }
      return [
        .undoing { controller.didToggle = nil },
        interactor.onChange { [weak interactor] in
          guard let interactor else { return }
          controller.setItem(presenter(interactor.item))
        },
      ]
    }
  }
}
