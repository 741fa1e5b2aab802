import Dispatch
import Foundation
import InstantSearchModel

/// Work split over threads started for it: iteration 0 on the caller, each other on a thread of its own.
///
/// For work of tens of milliseconds and more (a million records' elision check and stripping, see
/// ``Halves``), where starting a thread (tens of microseconds) costs nothing. Called from a thread of
/// Swift's cooperative pool (`instantsearch import`), `DispatchQueue.concurrentPerform` ran every
/// iteration on the caller in about one call of three: the elision check of a million records took 0.75 s
/// instead of 0.37.
enum OwnThreads {
  /// Calls `body` with each of `0..<iterations` at once and returns when every call has returned.
  static func run(iterations: Int, _ body: @escaping @Sendable (Int) -> Void) {
    guard iterations > 1 else {
      if iterations == 1 { body(0) }
      return
    }
    let done = DispatchSemaphore(value: 0)
    for index in 1..<iterations {
      let thread = Thread {
        body(index)
        done.signal()
      }
      thread.start()
    }
    body(0)
    for _ in 1..<iterations { done.wait() }
  }

  /// Starts `body` on a thread of its own and returns at once: ``Job/join()`` waits for it to finish and
  /// throws what it threw.
  static func start<Failure: Error>(_ body: @escaping @Sendable () throws(Failure) -> Void) -> Job<Failure> {
    let job = Job<Failure>()
    let thread = Thread {
      do throws(Failure) {
        try body()
        job.finish(nil)
      } catch {
        job.finish(error)
      }
    }
    thread.start()
    return job
  }

  /// Work running on a thread of its own (``start(_:)``).
  final class Job<Failure: Error>: Sendable {
    private let done = DispatchGroup()
    private let failure = Locked<Failure?>(nil)

    fileprivate init() {
      done.enter()
    }

    fileprivate func finish(_ error: Failure?) {
      failure.withLock { $0 = error }
      done.leave()
    }

    /// Waits for the work to finish (any number of calls), and throws what it threw.
    func join() throws(Failure) {
      done.wait()
      if let error = failure.withLock({ $0 }) { throw error }
    }
  }
}
