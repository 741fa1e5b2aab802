/// Keeps a listener or a connection alive: cancel it, or let it go, to stop the callbacks.
///
/// Every `on…` listener and every `connect()` of this library returns a token. The listener stays
/// registered while the token is alive and not cancelled; dropping the last reference to the token has
/// the same effect as ``cancel()``. Keep tokens in a property or a set:
///
/// ```swift
/// var tokens: Set<SubscriptionToken> = []
/// filterState.onChange { filters in print(filters) }.store(in: &tokens)
/// ```
@MainActor
public final class SubscriptionToken: Hashable {
  private var onCancel: (@MainActor () -> Void)?

  /// Whether ``cancel()`` was called.
  public private(set) var isCancelled = false

  /// Creates a token that runs `onCancel` once, when it is cancelled.
  public init(onCancel: (@MainActor () -> Void)? = nil) {
    self.onCancel = onCancel
  }

  /// Stops the callbacks this token keeps alive. Calling it again does nothing.
  public func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    let action = onCancel
    onCancel = nil
    action?()
  }

  /// Keeps the token alive as long as `set` holds it.
  public func store(in set: inout Set<SubscriptionToken>) {
    set.insert(self)
  }

  /// Keeps the token alive as long as `array` holds it.
  public func store(in array: inout [SubscriptionToken]) {
    array.append(self)
  }

  /// Tokens are equal only to themselves.
  public nonisolated static func == (lhs: SubscriptionToken, rhs: SubscriptionToken) -> Bool {
    lhs === rhs
  }

  /// Hashes the token's identity.
  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

/// A main-actor callback kept alive by a ``SubscriptionToken`` that it references weakly.
@MainActor
struct Listener<Value> {
  let id: Int
  weak var token: SubscriptionToken?
  let handler: @MainActor (Value) -> Void

  /// Whether the token is still alive and not cancelled.
  var isActive: Bool {
    guard let token else { return false }
    return !token.isCancelled
  }
}

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
