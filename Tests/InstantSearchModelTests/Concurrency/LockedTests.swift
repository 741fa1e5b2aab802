import Foundation
import Synchronization
import TestProcesses
import Testing

@testable import InstantSearchModel

/// The package's lock, and the control that proves ThreadSanitizer checks code behind it
/// (`scripts/tsan.sh`): under TSan, the unlocked counter must be reported and the locked one must not.
@Suite("Locked")
struct LockedTests {
  /// A counter with no synchronization at all.
  final class Unprotected: @unchecked Sendable {
    var count = 0
  }

  static func lockedIncrement(_ counter: Locked<Int>, times: Int) {
    for _ in 0..<times { counter.withLock { $0 += 1 } }
  }

  static func unlockedIncrement(_ counter: Unprotected, times: Int) {
    for _ in 0..<times { counter.count += 1 }
  }

  /// Runs `body` on two threads at once and waits for both.
  static func onTwoThreads(_ body: @escaping @Sendable () -> Void) async throws {
    async let first: Void = onDedicatedThread(body)
    async let second: Void = onDedicatedThread(body)
    _ = try await (first, second)
  }

  @Test("Two threads × 100,000 locked increments lose none")
  func excludes() async throws {
    let counter = Locked(0)
    try await Self.onTwoThreads { Self.lockedIncrement(counter, times: 100_000) }
    #expect(counter.withLock { $0 } == 200_000)
  }

  @Test("withLock passes typed errors through and keeps the value changed before them")
  func typedErrors() {
    struct Stop: Error, Equatable {}
    let counter = Locked(1)
    #expect(throws: Stop()) {
      try counter.withLock { (value: inout Int) throws(Stop) in
        value = 2
        throw Stop()
      }
    }
    #expect(counter.withLock { $0 } == 2)
  }

  /// Holds two threads until both run, with relaxed atomics only: TSan orders nothing by them, so the
  /// threads overlap without any happens-before edge between them.
  final class StartLine: Sendable {
    let arrived = Atomic<Int>(0)

    func wait() {
      arrived.add(1, ordering: .relaxed)
      var spins = 0
      while arrived.load(ordering: .relaxed) < 2, spins < 1_000_000_000 { spins += 1 }
    }
  }

  /// The TSan control: a real race beside a locked counter. Run only by `scripts/tsan.sh`, which expects
  /// TSan to report `unlockedIncrement` and nothing in `lockedIncrement`. The threads meet at a start line
  /// and race first, so that no lock hand-off orders the unlocked increments by chance.
  @Test(
    "TSan control: a deliberate race",
    .enabled(if: ProcessInfo.processInfo.environment["INSTANTSEARCH_TSAN_CONTROL"] == "1"))
  func racyControl() async throws {
    // TSan sees a race only when it samples both threads' accesses; ten rounds make a miss unlikely.
    for _ in 0..<10 {
      let counter = Locked(0)
      let unprotected = Unprotected()
      let start = StartLine()
      try await Self.onTwoThreads {
        start.wait()
        Self.unlockedIncrement(unprotected, times: 20_000)
        Self.lockedIncrement(counter, times: 20_000)
      }
      #expect(counter.withLock { $0 } == 40_000)
    }
  }
}
