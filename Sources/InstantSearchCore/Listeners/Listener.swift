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
