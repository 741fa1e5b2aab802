import Observation

/// The current filters of a filter state, optionally restricted to some groups, and their removal.
@MainActor
@Observable
public final class CurrentFiltersInteractor: WidgetInteractor {
  /// The filters shown, in the filter state's order.
  public internal(set) var items: [FilterAndID] = []

  @ObservationIgnored let links = WidgetLinks()
  /// Where removals go while a filter state is connected.
  @ObservationIgnored let removalRequests = IntentSinks<FilterAndID>()

  /// Creates an interactor.
  public init() {}

  /// Removes exactly this filter from exactly its group.
  public func remove(_ item: FilterAndID) {
    guard !removalRequests.send(item) else { return }
    update { $0.items.removeAll { $0.filter == item.filter && $0.id == item.id } }
  }

  /// Calls `handler` after each change of the items.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  var changeSnapshot: some Equatable { ChangeKey(items) }
}
