import Dispatch
import Foundation

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
}
