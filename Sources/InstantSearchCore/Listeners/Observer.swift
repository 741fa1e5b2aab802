/// InstantSearch iOS's observer-style events: `searcher.onResults.subscribe(with: self) { owner, response in … }`.
///
/// Each subscription names an owner object, held weakly and passed back to the callback (so the callback
/// need not capture `self`); it ends when the owner is released, when ``cancelSubscription(for:)`` names
/// the owner, or when its ``ObserverSubscription`` is cancelled. Events come on the main actor, in
/// subscription order, as they do through the token-based `on…` listeners this is built on (both can be
/// used side by side).
///
/// ```swift
/// searcher.onResults.subscribe(with: self) { viewController, response in
///   viewController.countLabel.text = "\(response.nbHits) hits"
/// }.onQueue(.main)
/// ```
@MainActor
public final class Observer<Value> {
  /// Subscribes a handler to the events at their source; the token ends it.
  private let source: @MainActor (@escaping @MainActor (Value) -> Void) -> SubscriptionToken
  /// The latest value, for ``subscribePast(with:callback:)``.
  private let latest: @MainActor () -> Value?
  private var subscriptions: [ObserverSubscription<Value>] = []

  /// An observer of the events `source` subscribes to, whose latest value `latest` reads.
  init(
    source: @escaping @MainActor (@escaping @MainActor (Value) -> Void) -> SubscriptionToken,
    latest: @escaping @MainActor () -> Value?
  ) {
    self.source = source
    self.latest = latest
  }

  /// The latest value of the events (such as the latest response), or `nil` before the first.
  public var lastDataFired: Value? { latest() }

  /// Calls `callback` with `observer` and each event until `observer` is released or the subscription is
  /// cancelled.
  @discardableResult
  public func subscribe<O: AnyObject>(
    with observer: O, callback: @escaping @MainActor (O, Value) -> Void
  ) -> ObserverSubscription<Value> {
    add(observer, once: false, callback: callback)
  }

  /// Like ``subscribe(with:callback:)``, for the next event only.
  @discardableResult
  public func subscribeOnce<O: AnyObject>(
    with observer: O, callback: @escaping @MainActor (O, Value) -> Void
  ) -> ObserverSubscription<Value> {
    add(observer, once: true, callback: callback)
  }

  /// Like ``subscribe(with:callback:)``, calling `callback` at once with the latest value when there is
  /// one.
  @discardableResult
  public func subscribePast<O: AnyObject>(
    with observer: O, callback: @escaping @MainActor (O, Value) -> Void
  ) -> ObserverSubscription<Value> {
    let subscription = add(observer, once: false, callback: callback)
    if let value = latest() { subscription.deliver(value) }
    return subscription
  }

  /// Like ``subscribeOnce(with:callback:)``, satisfied at once by the latest value when there is one.
  @discardableResult
  public func subscribePastOnce<O: AnyObject>(
    with observer: O, callback: @escaping @MainActor (O, Value) -> Void
  ) -> ObserverSubscription<Value> {
    let subscription = add(observer, once: true, callback: callback)
    if let value = latest() { subscription.deliver(value) }
    return subscription
  }

  /// Ends every subscription of `observer`.
  public func cancelSubscription(for observer: AnyObject) {
    for subscription in subscriptions where subscription.isOwned(by: observer) { subscription.cancel() }
    prune()
  }

  /// Ends every subscription.
  public func cancelAllSubscriptions() {
    for subscription in subscriptions { subscription.cancel() }
    subscriptions.removeAll()
  }

  /// The owners of the live subscriptions.
  public var observers: [AnyObject] {
    prune()
    return subscriptions.compactMap(\.owner)
  }

  private func add<O: AnyObject>(
    _ observer: O, once: Bool, callback: @escaping @MainActor (O, Value) -> Void
  ) -> ObserverSubscription<Value> {
    prune()
    let subscription = ObserverSubscription<Value>(owner: observer, once: once) { owner, value in
      guard let owner = owner as? O else { return }
      callback(owner, value)
    }
    subscription.token = source { [weak subscription] value in subscription?.deliver(value) }
    subscriptions.append(subscription)
    return subscription
  }

  private func prune() {
    subscriptions.removeAll { !$0.isLive }
  }
}
