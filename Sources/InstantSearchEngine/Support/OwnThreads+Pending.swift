import Dispatch
import Foundation
import InstantSearchModel

extension OwnThreads {
  /// A value made on a thread of its own, started at once: ``value`` waits for it. For work of tens of
  /// milliseconds that the caller overlaps with its own (see ``OwnThreads``).
  final class Pending<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let result = Locked<Value?>(nil)
    private let done = DispatchGroup()

    /// Starts making the value with `make` on a thread of its own.
    init(_ make: @escaping @Sendable () -> Value) {
      self.make = make
      done.enter()
      let result = result
      let done = done
      Thread {
        let value = make()
        result.withLock { $0 = value }
        done.leave()
      }.start()
    }

    /// The value, once made (waits for its thread; any number of calls).
    var value: Value {
      done.wait()
      // The thread always stores the value before it leaves the group: making it again is never reached.
      return result.withLock { $0 } ?? make()
    }
  }
}
