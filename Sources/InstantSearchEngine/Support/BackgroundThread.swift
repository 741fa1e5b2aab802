import Dispatch
import Foundation
import InstantSearchModel

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
final class BackgroundThread: Sendable {
  /// The nice value of the thread where the C library is Glibc (Linux; queries run at 0): about a tenth of
  /// a core when both compete. Elsewhere the thread runs at the utility quality of service.
  static let niceness: Int32 = 10

  /// The process's thread, started by its first work.
  static let shared = BackgroundThread()

  private let queued = Locked<[@Sendable () -> Void]>([])
  private let available = DispatchSemaphore(value: 0)

  private init() {
    // The shared instance lives as long as the process; its thread holds it.
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

  /// Runs `body` on the process's background thread, after the work queued before it; returns at once.
  static func start(_ body: @escaping @Sendable () -> Void) {
    shared.queued.withLock { $0.append(body) }
    shared.available.signal()
  }
}
