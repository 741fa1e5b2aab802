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
