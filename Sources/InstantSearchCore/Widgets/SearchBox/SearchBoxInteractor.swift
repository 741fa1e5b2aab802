import Observation

/// The state of a search box: the query text, kept in step with a searcher's query.
@MainActor
@Observable
public final class SearchBoxInteractor: WidgetInteractor {
  /// The query text.
  public private(set) var query: String?

  @ObservationIgnored let links = WidgetLinks()
  @ObservationIgnored var submitListeners = ListenerList<String?>()

  /// Creates an interactor with an initial query.
  public init(query: String? = nil) {
    self.query = query
  }

  /// Takes a new text (from the user or from the searcher); listeners hear of it only when it differs.
  public func setQuery(_ newQuery: String?) {
    update { $0.query = newQuery }
  }

  /// Submits the current text.
  public func submit() {
    let query = self.query
    for listener in submitListeners.activeListeners() where listener.isActive { listener.handler(query) }
  }

  /// Calls `handler` after each change of the text.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  /// Calls `handler` with the text on each submission.
  public func onSubmit(_ handler: @escaping @MainActor (String?) -> Void) -> SubscriptionToken {
    submitListeners.add(handler) { [weak self] id in self?.submitListeners.remove(id: id) }
  }

  var changeSnapshot: some Equatable { ChangeKey(query) }
}
