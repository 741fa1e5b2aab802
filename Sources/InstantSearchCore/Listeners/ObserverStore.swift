/// The ``Observer``s of one object, made on first use and kept, so that every read of a property such as
/// `searcher.onResults` gives the same observer (and ``Observer/cancelSubscription(for:)`` finds what an
/// earlier read subscribed).
@MainActor
final class ObserverStore {
  private var observers: [String: AnyObject] = [:]

  /// The observer kept under `name`, made by `make` the first time.
  func observer<Value>(_ name: String, make: () -> Observer<Value>) -> Observer<Value> {
    if let kept = observers[name] as? Observer<Value> { return kept }
    let made = make()
    observers[name] = made
    return made
  }

  /// The observer kept under `name` of `owner`'s events: `subscribe` subscribes a handler to them at the
  /// source, `latest` reads the latest value; the owner is held weakly (once it is gone, nothing is
  /// subscribed and there is no latest value).
  func observer<Owner: AnyObject, Value>(
    _ name: String, of owner: Owner,
    subscribe: @escaping @MainActor (Owner, @escaping @MainActor (Value) -> Void) -> SubscriptionToken,
    latest: @escaping @MainActor (Owner) -> Value?
  ) -> Observer<Value> {
    observer(name) {
      Observer(
        source: { [weak owner] handler in owner.map { subscribe($0, handler) } ?? SubscriptionToken() },
        latest: { [weak owner] in owner.flatMap(latest) })
    }
  }
}
