import Dispatch
import Foundation
import InstantSearchModel
import Synchronization
import Testing

@testable import InstantSearchEngine

/// Work left for the background thread steps aside while a query runs: it stops at its next pause point
/// until no query runs, or until a caller waits for it. Each test has a thread of its own, so that no other
/// test's queries or waits change when it pauses.
@Suite("Background work pauses for queries")
struct BackgroundThreadTests {
  /// Starts on `thread` work that signals `reached`, passes a pause point, then signals `finished`; returns
  /// once the work has reached its pause point.
  static func startPausingWork(
    on thread: BackgroundThread, finished: DispatchSemaphore, order: Locked<[String]>
  ) {
    let reached = DispatchSemaphore(value: 0)
    thread.start {
      reached.signal()
      thread.yieldToQueries()
      order.withLock { $0.append("work") }
      finished.signal()
    }
    reached.wait()
  }

  /// Returns once `thread` has paused `count` times in all (it must, a query running and no one waiting).
  static func awaitPause(of thread: BackgroundThread, count: Int) {
    while thread.pauseCount < count { sched_yield() }
  }

  /// Wakes `thread` to look at the time, and returns once it has waited again (or its work has finished,
  /// which `order` tells).
  static func awaitQuietWait(of thread: BackgroundThread, order: Locked<[String]>) {
    let waits = thread.quietWaitCount
    thread.clockAdvanced()
    while thread.quietWaitCount == waits, order.withLock({ $0.isEmpty }) { sched_yield() }
  }

  /// On a thread of its own, runs a query during which work started there pauses; calls `inQuery` once it
  /// has paused, then notes the query's end in the order. Returns the thread, the work's `finished`
  /// semaphore and the order in which the query and the work ended.
  static func queryPausingWork(_ inQuery: (BackgroundThread, DispatchSemaphore) -> Void)
    -> (thread: BackgroundThread, finished: DispatchSemaphore, order: Locked<[String]>)
  {
    let thread = BackgroundThread(quietPeriod: .zero)
    let finished = DispatchSemaphore(value: 0)
    let order = Locked<[String]>([])
    thread.querying {
      Self.startPausingWork(on: thread, finished: finished, order: order)
      Self.awaitPause(of: thread, count: 1)
      inQuery(thread, finished)
      order.withLock { $0.append("query") }
    }
    return (thread, finished, order)
  }

  @Test("Work reaching a pause point while a query runs waits until the query ends, then finishes")
  func pausesUntilTheQueryEnds() {
    let (thread, finished, order) = Self.queryPausingWork { _, finished in
      #expect(finished.wait(timeout: .now()) == .timedOut, "paused, not finished")
    }
    finished.wait()
    #expect(order.withLock { $0 } == ["query", "work"])
    #expect(thread.pauseCount == 1)
  }

  @Test("A caller waiting for paused work has it finished while the query still runs")
  func urgentWaitResumes() {
    let (_, _, order) = Self.queryPausingWork { thread, finished in
      thread.urgently { finished.wait() }
    }
    #expect(order.withLock { $0 } == ["work", "query"])
  }

  @Test("With no query running, or a caller already waiting, work passes its pause points")
  func noPauseWithoutQueries() {
    let thread = BackgroundThread(quietPeriod: .zero)
    let finished = DispatchSemaphore(value: 0)
    let order = Locked<[String]>([])
    Self.startPausingWork(on: thread, finished: finished, order: order)
    finished.wait()
    thread.querying {
      thread.urgently {
        Self.startPausingWork(on: thread, finished: finished, order: order)
        finished.wait()
      }
    }
    #expect(thread.pauseCount == 0)
    #expect(order.withLock { $0 } == ["work", "work"])
  }

  /// The test's clock for a thread: it moves only when the test moves it.
  final class ManualClock: Sendable {
    let nanoseconds = Atomic<Int64>(0)
  }

  /// A thread with a quiet period of `quietPeriod` on `clock` (at 0), whose work, started during a query,
  /// paused; the query has ended. Returns the thread, the work's `finished` semaphore and its order.
  static func workPausedByAQuery(quietPeriod: Duration, clock: ManualClock)
    -> (thread: BackgroundThread, finished: DispatchSemaphore, order: Locked<[String]>)
  {
    let thread = BackgroundThread(quietPeriod: quietPeriod) { .nanoseconds(clock.nanoseconds.load(ordering: .relaxed)) }
    let finished = DispatchSemaphore(value: 0)
    let order = Locked<[String]>([])
    thread.querying {
      Self.startPausingWork(on: thread, finished: finished, order: order)
      Self.awaitPause(of: thread, count: 1)
    }
    return (thread, finished, order)
  }

  @Test("After the last query ends, work stays paused for the quiet period, then finishes")
  func staysPausedWhileQuiet() {
    let clock = ManualClock()
    let (thread, finished, order) = Self.workPausedByAQuery(quietPeriod: .milliseconds(5), clock: clock)
    // The query ended at 0 ms: woken to look at the time, the work waits out the quiet period.
    Self.awaitQuietWait(of: thread, order: order)
    #expect(order.withLock { $0 }.isEmpty, "still paused at 0 ms")
    clock.nanoseconds.store(4_999_999, ordering: .relaxed)
    Self.awaitQuietWait(of: thread, order: order)
    #expect(order.withLock { $0 }.isEmpty, "still paused 1 ns before the period ends")
    clock.nanoseconds.store(5_000_000, ordering: .relaxed)
    thread.clockAdvanced()
    finished.wait()
    #expect(order.withLock { $0 } == ["work"])
    #expect(thread.pauseCount == 1)
  }

  @Test("A caller waiting for work during the quiet period has it finished at once")
  func urgentWaitEndsTheQuiet() {
    let (thread, finished, order) = Self.workPausedByAQuery(quietPeriod: .seconds(3600), clock: ManualClock())
    thread.urgently { finished.wait() }
    #expect(order.withLock { $0 } == ["work"])
  }

  @Test("A query that needs a segment's records or ranks while the background verifies them gets them")
  func queryNeedsBackgroundWork() throws {
    let folder = try ScratchFolder()
    let path = folder.file("index")
    let records = (0..<3_000).map { doc -> [String: JSON] in
      ["objectID": .string("r\(doc)"), "name": .string("item \(doc % 7)"), "brand": .string("b\(doc % 5)")]
    }
    try RecordElisionTests.write(records, settings: ["attributesForFaceting": ["brand"]], to: path)
    // Opened and searched inside a query: the background work queued by opening pauses for it, and the
    // search's own waits (the records' verification, the ranks) make it go on.
    let response = try BackgroundThread.querying {
      let durable = try DurableIndex(directory: path, name: "products")
      _ = durable.index.view.segments.map(\.snapshot.customRank.count)
      #expect(durable.index.view.storageFailure() == nil)
      return try durable.index.search(Fixture.query("item 3") { $0.facets = ["brand"] })
    }
    #expect(response.nbHits == 3_000 / 7 + 1)
  }
}
