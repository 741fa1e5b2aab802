/// Where an interactor sends what the user asks for (select a key, apply a range, remove a filter …)
/// while a connection writes it elsewhere, usually to a ``FilterState`` whose change then comes back as
/// the interactor's new state.
///
/// A connection registers a sink and keeps the returned token; with no sink registered, the interactor
/// applies the intent to itself (it works unconnected).
@MainActor
final class IntentSinks<Intent> {
  private var sinks = ListenerList<Intent>()

  /// Registers `sink` until the token is cancelled or released.
  func add(_ sink: @escaping @MainActor (Intent) -> Void) -> SubscriptionToken {
    sinks.add(sink) { [weak self] id in self?.sinks.remove(id: id) }
  }

  /// Sends `intent` to every registered sink, in registration order; returns `false` when there is none.
  @discardableResult
  func send(_ intent: Intent) -> Bool {
    let active = sinks.activeListeners()
    for sink in active where sink.isActive { sink.handler(intent) }
    return !active.isEmpty
  }
}
