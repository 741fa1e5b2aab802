import Dispatch
import Synchronization

/// A second thread for a part of one query's work that runs while the query goes on: the facet counts of
/// a keystroke need only its matches, so they are counted while the matches are ranked and the hits built.
///
/// One piece of work runs at a time: ``start(_:)`` hands work over only while the thread is idle, and
/// otherwise returns `nil` for the caller to do the work itself, so that concurrent queries never wait on
/// each other's side work. Waking the thread costs some ten microseconds: send only larger work.
final class SideThread: Sendable {
  /// The side thread the engine's queries share.
  static let shared = SideThread(label: "InstantSearchEngine.SideThread")

  /// A serial queue, whose thread comes from an overcommitting pool: the work runs even while every thread
  /// of the cooperative pool is busy, or blocked waiting for a ``SideWork/value``.
  private let queue: DispatchQueue
  private let busy = Atomic<Bool>(false)

  /// A side thread of its own (tests use one, so that no other test keeps it busy).
  init(label: String) {
    queue = DispatchQueue(label: label, qos: .userInitiated)
  }

  /// Starts `work` on this thread, or returns `nil` when the thread is busy with other work.
  func start<Value: Sendable>(_ work: @escaping @Sendable () -> Value) -> SideWork<Value>? {
    guard busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else { return nil }
    let side = SideWork(work)
    queue.async {
      side.run()
      self.busy.store(false, ordering: .releasing)
      side.finish()
    }
    return side
  }
}

/// Work started on a ``SideThread``, and its value once it is done.
final class SideWork<Value: Sendable>: Sendable {
  private let finished = DispatchSemaphore(value: 0)
  private let result = Mutex<Value?>(nil)
  private let work: @Sendable () -> Value

  fileprivate init(_ work: @escaping @Sendable () -> Value) {
    self.work = work
  }

  fileprivate func run() {
    let value = work()
    result.withLock { $0 = value }
  }

  fileprivate func finish() {
    finished.signal()
  }

  /// The work's value, waiting for it while it still runs.
  var value: Value {
    finished.wait()
    finished.signal()
    // Signalled only once the value is stored; were it missing all the same, the work would run here.
    return result.withLock { $0 } ?? work()
  }
}
