import Observation

/// The current filters of a filter state, optionally restricted to some groups, and their removal.
@MainActor
@Observable
public final class CurrentFiltersInteractor {
  /// The filters shown, in the filter state's order.
  public internal(set) var items: [FilterAndID] = [] {
    didSet { if items != oldValue { notify() } }
  }

  @ObservationIgnored let links = WidgetLinks()
  @ObservationIgnored var removers: [ObjectIdentifier: (FilterAndID) -> Void] = [:]

  /// Creates an interactor.
  public init() {}

  /// Removes exactly this filter from exactly its group.
  public func remove(_ item: FilterAndID) {
    if removers.isEmpty {
      items.removeAll { $0.filter == item.filter && $0.id == item.id }
    } else {
      for remove in removers.values { remove(item) }
    }
  }

  /// Calls `handler` after each change of the items.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  private func notify() {
    links.notify()
  }

  func retain(_ connection: any Connection) { links.retain(connection) }
  func release(_ connection: any Connection) { links.release(connection) }
}
