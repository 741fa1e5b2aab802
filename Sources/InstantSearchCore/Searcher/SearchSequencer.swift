/// Orders the searches of one searcher: every request gets a number that only goes up, and a response
/// (or error) is delivered only if it is newer than the newest one already delivered.
///
/// A pure value: the searcher calls ``issue()`` when it sends and ``complete(_:)`` when an answer
/// arrives, and publishes only what `complete` allows.
public struct SearchSequencer: Hashable, Sendable {
  /// The number of the last request issued (0 before the first).
  public private(set) var lastIssued = 0
  /// The number of the last answer delivered (0 before the first).
  public private(set) var lastDelivered = 0
  /// Requests sent and not answered yet.
  public private(set) var pending: Set<Int> = []

  /// Creates an empty sequencer.
  public init() {}

  /// Numbers a new request.
  public mutating func issue() -> Int {
    lastIssued += 1
    pending.insert(lastIssued)
    return lastIssued
  }

  /// Records the answer to request `number`; returns whether it may be delivered (it is newer than
  /// every answer delivered so far).
  public mutating func complete(_ number: Int) -> Bool {
    pending.remove(number)
    guard number > lastDelivered else { return false }
    lastDelivered = number
    return true
  }

  /// Forgets request `number` without delivering anything (it was cancelled).
  public mutating func abandon(_ number: Int) {
    pending.remove(number)
  }

  /// Whether an answer that could still be delivered is awaited.
  public var isLoading: Bool {
    pending.contains { $0 > lastDelivered }
  }
}
