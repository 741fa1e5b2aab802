import InstantSearchCore

/// A clock that moves only when told to: inject it wherever a `Clock<Duration>` is taken, then
/// ``advance(by:)`` to wake the sleepers whose deadline has come. No real time passes in tests.
///
/// ```swift
/// let clock = ManualClock()
/// let searcher = HitsSearcher(client: client, indexName: "products", clock: clock)
/// searcher.scheduleSearch()
/// await clock.waitForSleepers(count: 1)
/// clock.advance(by: .milliseconds(150))
/// ```
public final class ManualClock: Clock, Sendable {
  /// A point on the manual clock: the time advanced since its creation.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// Time since the clock's origin.
    public let offset: Duration

    /// Creates an instant.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

    /// The time from this instant to `other`.
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Orders instants.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var nextID = 0
    var sleepers: [Int: Sleeper] = [:]
    var countWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = Locked(State())

  /// Creates a clock at offset zero.
  public init() {}

  /// The current instant.
  public var now: Instant { state.withLock { $0.now } }

  /// Always zero.
  public var minimumResolution: Duration { .zero }

  /// The number of tasks sleeping on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// The deadlines of the sleeping tasks, soonest first.
  public var sleeperDeadlines: [Instant] { state.withLock { $0.sleepers.values.map(\.deadline).sorted() } }

  /// Suspends until the clock reaches `deadline`, or throws `CancellationError` when the task is
  /// cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state -> Int in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let (resumeNow, waiters) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
          if deadline <= state.now { return (true, []) }
          state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          let count = state.sleepers.count
          let ready = state.countWaiters.filter { $0.count <= count }.map(\.continuation)
          state.countWaiters.removeAll { $0.count <= count }
          return (false, ready)
        }
        if resumeNow { continuation.resume() }
        for waiter in waiters { waiter.resume() }
      }
    } onCancel: {
      let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward and wakes, in deadline order, every sleeper whose deadline has come.
  public func advance(by duration: Duration) {
    let woken = state.withLock { state -> [Sleeper] in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let due = state.sleepers.filter { $0.value.deadline <= now }.sorted { $0.value.deadline < $1.value.deadline }
      for (id, _) in due { state.sleepers[id] = nil }
      return due.map(\.value)
    }
    for sleeper in woken { sleeper.continuation.resume() }
  }

  /// Moves the clock to `instant` (if it is later) and wakes the sleepers that are due.
  public func advance(to instant: Instant) {
    let duration = now.duration(to: instant)
    if duration > .zero { advance(by: duration) }
  }

  /// Waits, without real time passing, until at least `count` tasks sleep on this clock.
  public func waitForSleepers(count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if state.sleepers.count >= count { return true }
        state.countWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }
}
