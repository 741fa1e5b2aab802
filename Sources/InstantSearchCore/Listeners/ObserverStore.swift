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
}
