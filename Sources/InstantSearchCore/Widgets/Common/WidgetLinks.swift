/// What every interactor keeps: the listeners of its changes and the connections made with its
/// `connect…` methods (kept alive for as long as the interactor lives, or until disconnected).
@MainActor
final class WidgetLinks {
  private var listeners = ListenerList<Void>()
  private var connections: [ObjectIdentifier: any Connection] = [:]
  /// The interactor's observer-style events (``Observer``), made on first use.
  let observers = ObserverStore()

  /// Registers a listener of the interactor's changes.
  func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    listeners.add { _ in
      handler()
    } remove: { [weak self] id in
      self?.listeners.remove(id: id)
    }
  }

  /// Calls the active listeners once.
  func notify() {
    for listener in listeners.activeListeners() where listener.isActive { listener.handler(()) }
  }

  /// Keeps `connection` alive.
  func retain(_ connection: any Connection) {
    connections[ObjectIdentifier(connection)] = connection
  }

  /// Lets `connection` go.
  func release(_ connection: any Connection) {
    connections[ObjectIdentifier(connection)] = nil
  }
}
