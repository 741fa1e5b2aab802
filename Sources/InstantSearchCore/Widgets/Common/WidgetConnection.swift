/// The one kind of connection every widget makes: `connect()` sets the link up and keeps the tokens that
/// undo it; `disconnect()` cancels them, newest first.
///
/// Each part of a link is a ``SubscriptionToken``: a listener of a filter state or a searcher, an intent
/// sink registered with the interactor, a facet added to a request (its token removes it), a view callback
/// (its token detaches it). Undoing a connection is therefore exact by construction: it cancels what
/// connecting registered, nothing else. The interactor (the owner) keeps a connected connection alive;
/// releasing a connection that nothing keeps disconnects it.
@MainActor
public final class WidgetConnection: Connection {
  private weak var owner: WidgetLinks?
  private let start: @MainActor () -> [SubscriptionToken]?
  private var tokens: [SubscriptionToken]?

  /// Creates a connection whose `start` sets the link up and returns the tokens that undo it, or `nil`
  /// when a party to the link is gone (nothing is set up then). Call ``connect()`` to start it.
  init(owner: WidgetLinks?, start: @escaping @MainActor () -> [SubscriptionToken]?) {
    self.owner = owner
    self.start = start
  }

  /// Whether the connection is active.
  public var isConnected: Bool { tokens != nil }

  /// Sets the link up (once).
  public func connect() {
    guard tokens == nil, let tokens = start() else { return }
    self.tokens = tokens
    owner?.retain(self)
  }

  /// Undoes what ``connect()`` did.
  public func disconnect() {
    guard let tokens else { return }
    self.tokens = nil
    for token in tokens.reversed() { token.cancel() }
    owner?.release(self)
  }

  isolated deinit {
    disconnect()
  }
}
