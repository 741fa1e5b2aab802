import Observation

/// The current filters of a filter state, optionally restricted to some groups, and their removal.
@MainActor
@Observable
public final class CurrentFiltersInteractor {
  /// The filters shown, in the filter state's order.
  public internal(set) var items: [FilterAndID] = [] {
    didSet { if items != oldValue { notify() } }
  }

  @ObservationIgnored var changeListeners = ListenerList<Void>()
  @ObservationIgnored var removers: [ObjectIdentifier: (FilterAndID) -> Void] = [:]
  @ObservationIgnored var connections: [ObjectIdentifier: any Connection] = [:]

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
    changeListeners.add { _ in
      handler()
    } remove: { [weak self] id in
      self?.changeListeners.remove(id: id)
    }
  }

  private func notify() {
    for listener in changeListeners.activeListeners() where listener.isActive { listener.handler(()) }
  }

  func retain(_ connection: any Connection) { connections[ObjectIdentifier(connection)] = connection }
  func release(_ connection: any Connection) { connections[ObjectIdentifier(connection)] = nil }
}
