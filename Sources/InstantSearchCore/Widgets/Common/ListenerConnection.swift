/// A connection made of one subscription: `connect()` runs `subscribe` and keeps the token it returns;
/// `disconnect()` cancels it. The owner keeps the connection while it is connected.
@MainActor
public final class ListenerConnection: Connection {
  private weak var owner: WidgetLinks?
  private let subscribe: @MainActor () -> SubscriptionToken?
  private var token: SubscriptionToken?

  init(owner: WidgetLinks, subscribe: @escaping @MainActor () -> SubscriptionToken?) {
    self.owner = owner
    self.subscribe = subscribe
  }

  /// Whether the connection is active.
  public var isConnected: Bool { token != nil }

  /// Subscribes (once).
  public func connect() {
    guard token == nil, let token = subscribe() else { return }
    self.token = token
    owner?.retain(self)
  }

  /// Cancels the subscription.
  public func disconnect() {
    token?.cancel()
    token = nil
    owner?.release(self)
  }
}
