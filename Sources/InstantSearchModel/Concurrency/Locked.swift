#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a `pthread` mutex: the package's one lock, for the few places that share state across
/// threads outside actors (indexes, clients, test doubles).
///
/// It replaces `Synchronization.Mutex` because ThreadSanitizer understands it: on Linux `Mutex` waits on
/// a futex that TSan does not see, so every contended `withLock` was reported as a race and the code it
/// protected went unchecked. TSan intercepts `pthread_mutex_lock`, so with this lock it reports only real
/// races (`scripts/tsan.sh` proves both sides with a deliberately racy control).
package final class Locked<Value>: @unchecked Sendable {
  // Safety: `value` is read and written only between `pthread_mutex_lock` and `pthread_mutex_unlock` of
  // `mutex`; both are allocated once and never move. The value lives behind a pointer rather than in a
  // stored property so that its accesses are plain memory accesses, which TSan orders by the mutex (an
  // `inout` of a stored property is also a dynamic exclusivity access, which TSan reports on its own).
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let value: UnsafeMutablePointer<Value>

  /// A lock guarding `value`.
  package init(_ value: Value) {
    self.value = .allocate(capacity: 1)
    self.value.initialize(to: value)
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    value.deinitialize(count: 1)
    value.deallocate()
  }

  /// Runs `body` with the value, other threads excluded.
  package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value.pointee)
  }
}
