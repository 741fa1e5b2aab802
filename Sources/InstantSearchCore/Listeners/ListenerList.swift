/// An ordered list of listeners that call back in subscription order.
@MainActor
struct ListenerList<Value> {
  private var listeners: [Listener<Value>] = []
  private var nextID = 0

  /// Whether any listener is registered (alive or not yet purged).
  var isEmpty: Bool { listeners.isEmpty }

  /// Registers `handler`; `remove` is called with the listener's id when its token is cancelled.
  mutating func add(
    _ handler: @escaping @MainActor (Value) -> Void,
    remove: @escaping @MainActor (Int) -> Void
  ) -> SubscriptionToken {
    let id = nextID
    nextID += 1
    let token = SubscriptionToken { remove(id) }
    listeners.append(Listener(id: id, token: token, handler: handler))
    return token
  }

  /// Unregisters the listener with `id`.
  mutating func remove(id: Int) {
    listeners.removeAll { $0.id == id }
  }

  /// The active listeners, in subscription order, after dropping released and cancelled ones.
  ///
  /// Callers iterate the returned copy, so a handler may subscribe or cancel while being called.
  mutating func activeListeners() -> [Listener<Value>] {
    guard !listeners.isEmpty else { return [] }
    listeners.removeAll { !$0.isActive }
    return listeners
  }
}
