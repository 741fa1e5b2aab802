import Dispatch
import Foundation
import InstantSearchModel
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Work that opening an index leaves for later — the records' verification, the inverse of the ranking
/// order, the numeric facet links — run in turn on one thread of the process, below the priority of
/// queries.
///
/// On two cores, that work ran beside a first query at the same priority and took half the machine from
/// it: at 1M records the first W1 after opening took 12.4 ms against 5.9 ms with no work left behind (six
/// alternated reopens, medians); at nice 10, 8.1-10.2 ms (nice 19 gave no more). Below queries' priority
/// it still runs whenever a core is free (a query waiting for it leaves one). A caller that needs a
/// result first never waits for work still queued: it runs that work itself, or waits for the run in
/// progress (see ``DeferredVerification/wait()`` and ``RankPermutation/ranks``).
///
/// One thread, however many segments or indexes open at once: a directory naming thousands of segments
/// starts no more threads than one of a single segment.
///
/// Below queries' priority is not enough on two cores: the work still took a share of them from a first
/// query, and streamed tens of megabytes through the caches it used. So the work also steps aside: while
/// a query runs (``querying(_:)``), the thread stops at its next pause point (``yieldToQueries()``, every
/// few hundred kilobytes verified) until no query runs — unless some caller waits for work the thread
/// may hold (``urgently(_:)``), which it then finishes at once. Under a steady stream of queries the work
/// thus waits; whoever needs its result runs it, or wakes the thread, and never waits for a pause.
///
/// Nor does the work go on the moment a query ends: it stays paused for ``quietPeriod`` after the last
/// query's end, while the query's caller takes its answer (a task resumed, a frame drawn). At a million
/// records the first W1 after opening took 2.7–8.2 ms when the work went on at once (its caller resumed
/// late, the work on a core), 2.5–4.2 ms with 5 ms of quiet (15 alternated reopens each). With a quiet
/// period the paused thread looks at the time when its wait runs out (no query wakes it), so that a stream
/// of queries costs it one wake-up a period, not one a query.
final class BackgroundThread: Sendable {
  /// The nice value of the thread where the C library is Glibc (Linux; queries run at 0): about a tenth of
  /// a core when both compete. Elsewhere the thread runs at the utility quality of service.
  static let niceness: Int32 = 10

  /// The process's thread, started by its first work.
  static let shared = BackgroundThread()

  private let queued = Locked<[@Sendable () -> Void]>([])
  private let available = DispatchSemaphore(value: 0)
  /// Queries running (see ``querying(_:)``).
  private let queries = Atomic<Int>(0)
  /// Callers waiting for work the thread may hold (see ``urgently(_:)``).
  private let waiters = Atomic<Int>(0)
  /// Whether the thread is stopped (or about to stop) at a pause point; read by whoever may end the pause.
  private let pausing = Atomic<Bool>(false)
  /// Where the thread waits while paused.
  private let resumed = NSCondition()
  /// How many times the thread has paused.
  private let pauses = Atomic<Int>(0)
  /// How long the work stays paused after the last query ends.
  let quietPeriod: Duration
  /// The time now, from a fixed start (the process's clock, or a test's).
  private let now: @Sendable () -> Duration
  /// When the last query ended (``now``); long before any time when none has.
  private let lastQueryEnd = Atomic<Int64>(Int64.min / 2)
  /// How many times the thread has waited out a quiet period.
  private let quietWaits = Atomic<Int>(0)

  /// The quiet period of the process's thread.
  static let defaultQuietPeriod = Duration.milliseconds(5)

  /// A thread of its own (the process uses ``shared``; tests make others), which lives as long as the
  /// process and holds this instance; its work stays paused for `quietPeriod` after each query, as `now`
  /// tells the time (a test passes its own clock, and calls ``clockAdvanced()`` when it moves it).
  init(quietPeriod: Duration = defaultQuietPeriod, now: (@Sendable () -> Duration)? = nil) {
    self.quietPeriod = quietPeriod
    if let now {
      self.now = now
    } else {
      let clock = ContinuousClock()
      let start = clock.now
      self.now = { start.duration(to: clock.now) }
    }
    let thread = Thread { [self] in
      #if canImport(Glibc)
        // The calling thread only: Linux keeps a nice value per thread. Raising it needs no privilege; a
        // refusal leaves the thread at the normal priority, which is only slower for the first queries.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, BackgroundThread.niceness)
      #endif
      while true {
        self.available.wait()
        let work = self.queued.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        work?()
      }
    }
    #if !canImport(Glibc)
      thread.qualityOfService = .utility
    #endif
    thread.start()
  }

  /// Runs `body` on the process's background thread (see ``start(_:)-instance``).
  static func start(_ body: @escaping @Sendable () -> Void) { shared.start(body) }

  /// Runs `body`, a query, while the process's background work pauses (see ``querying(_:)-instance``).
  static func querying<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    try shared.querying(body)
  }

  /// Runs `body`, which may wait for the process's background work (see ``urgently(_:)-instance``).
  static func urgently<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    try shared.urgently(body)
  }

  /// A pause point of the process's background work (see ``yieldToQueries()-instance``).
  static func yieldToQueries() { shared.yieldToQueries() }

  /// Runs `body` on this thread, after the work queued before it; returns at once.
  func start(_ body: @escaping @Sendable () -> Void) {
    queued.withLock { $0.append(body) }
    available.signal()
  }

  /// Runs `body`, a query: this thread's work pauses meanwhile (see ``yieldToQueries()-instance``).
  func querying<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    queries.add(1, ordering: .sequentiallyConsistent)
    defer {
      lastQueryEnd.store(Self.nanoseconds(now()), ordering: .sequentiallyConsistent)
      queries.subtract(1, ordering: .sequentiallyConsistent)
      // With a quiet period the paused thread looks at the time again by itself: waking it at every query's
      // end cost a switch of threads a query (about 1.5 % of a 0.19 ms W1 in a stream of them).
      if quietPeriod == .zero { wake() }
    }
    return try body()
  }

  /// Runs `body`, which may wait for work this thread holds: the thread does not pause meanwhile, and
  /// resumes at once if it was paused.
  func urgently<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    waiters.add(1, ordering: .sequentiallyConsistent)
    wake()
    defer { waiters.subtract(1, ordering: .sequentiallyConsistent) }
    return try body()
  }

  /// A pause point of the work this thread runs, called between pieces of it: while a query runs, or
  /// within ``quietPeriod`` of the last one's end, and no caller waits for the work, waits.
  func yieldToQueries() {
    guard mustPause else { return }
    resumed.lock()
    defer { resumed.unlock() }
    // Announced before the counters are read again: whoever changes one after this reads the flag, sees
    // it set and wakes the thread under the lock, so no wake-up is lost.
    pausing.store(true, ordering: .sequentiallyConsistent)
    var paused = false
    while mustPause {
      if !paused { pauses.add(1, ordering: .relaxed) }
      paused = true
      if quietPeriod == .zero {
        resumed.wait()
      } else {
        // Until the quiet period ends, or for a whole period while a query runs (then again), unless an
        // urgent caller wakes the thread.
        quietWaits.add(1, ordering: .relaxed)
        let left = quietLeft ?? Self.nanoseconds(quietPeriod)
        _ = resumed.wait(until: Date(timeIntervalSinceNow: Double(left) / 1e9))
      }
    }
    pausing.store(false, ordering: .sequentiallyConsistent)
  }

  /// How many times this thread's work has paused for queries.
  var pauseCount: Int { pauses.load(ordering: .relaxed) }

  /// How many times this thread has waited out a quiet period (see ``quietPeriod``).
  var quietWaitCount: Int { quietWaits.load(ordering: .relaxed) }

  /// Wakes the thread to look at the time again: for a test that moved the clock it passed.
  func clockAdvanced() { wake() }

  private var mustPause: Bool {
    guard waiters.load(ordering: .sequentiallyConsistent) == 0 else { return false }
    return queries.load(ordering: .sequentiallyConsistent) > 0 || quietLeft != nil
  }

  /// The nanoseconds of the quiet period left when no query runs (`nil` once it is over).
  private var quietLeft: Int64? {
    guard queries.load(ordering: .sequentiallyConsistent) == 0 else { return nil }
    let end = lastQueryEnd.load(ordering: .sequentiallyConsistent) + Self.nanoseconds(quietPeriod)
    let left = end - Self.nanoseconds(now())
    return left > 0 ? left : nil
  }

  /// `duration` in nanoseconds (within ±292 years).
  private static func nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
  }

  /// Wakes the thread if it is paused (it pauses again if it must).
  private func wake() {
    guard pausing.load(ordering: .sequentiallyConsistent) else { return }
    resumed.lock()
    resumed.broadcast()
    resumed.unlock()
  }
}
