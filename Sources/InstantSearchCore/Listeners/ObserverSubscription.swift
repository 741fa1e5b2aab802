/// One subscription of an ``Observer``: cancel it, narrow it with ``filter(_:)``, or state where its
/// events come with ``onQueue(_:)``.
@MainActor
public final class ObserverSubscription<Value> {
  /// The subscribing object, held weakly: the subscription ends with it.
  private(set) weak var owner: AnyObject?
  private let once: Bool
  private let callback: @MainActor (AnyObject, Value) -> Void
  private var predicates: [@MainActor (Value) -> Bool] = []
  private var isCancelled = false
  /// The subscription at the events' source.
  var token: SubscriptionToken?

  init(owner: AnyObject, once: Bool, callback: @escaping @MainActor (AnyObject, Value) -> Void) {
    self.owner = owner
    self.once = once
    self.callback = callback
  }

  /// Whether events still reach the callback: not cancelled, owner alive.
  var isLive: Bool { !isCancelled && owner != nil }

  /// Whether `object` owns this subscription.
  func isOwned(by object: AnyObject) -> Bool { owner === object }

  /// Ends the subscription.
  public func cancel() {
    isCancelled = true
    token?.cancel()
    token = nil
  }

  /// Passes on only the events `isIncluded` accepts (several filters must all accept).
  @discardableResult
  public func filter(_ isIncluded: @escaping @MainActor (Value) -> Bool) -> Self {
    predicates.append(isIncluded)
    return self
  }

  /// States where the events come: `.main`, the only queue they come on (they are delivered on the main
  /// actor as they happen, so nothing is deferred).
  @discardableResult
  public func onQueue(_ queue: ObserverQueue) -> Self {
    self
  }

  /// Calls the callback with `value` if the subscription is live and its filters accept it.
  func deliver(_ value: Value) {
    guard !isCancelled else { return }
    guard let owner else {
      cancel()
      return
    }
    guard predicates.allSatisfy({ $0(value) }) else { return }
    if once { cancel() }
    callback(owner, value)
  }
}

/// Where an ``Observer``'s events come: the main queue, always (UI code reads and writes state there).
/// InstantSearch iOS also took background queues; here a callback that needs one hops there itself.
public enum ObserverQueue: Sendable {
  /// The main queue (the main actor).
  case main
}
