import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Work that opening an index leaves for later — the records' verification, the inverse of the ranking
/// order, the numeric facet links — on a thread of its own below the priority of queries.
///
/// On two cores, that work ran beside a first query at the same priority and took half the machine from
/// it: at 1M records the first W1 after opening took 12.4 ms against 5.9 ms with no work left behind (six
/// alternated reopens, medians); at nice 10, 8.1-10.2 ms (nice 19 gave no more). Below queries' priority
/// it still runs whenever a core is free (a query waiting for it leaves one), and a caller that needs its
/// result first runs it itself or waits for it (see ``DeferredVerification/wait()`` and
/// ``RankPermutation/ranks``).
enum BackgroundThread {
  /// The nice value of the thread on Linux (queries run at 0): about a tenth of a core when both compete.
  static let niceness: Int32 = 10

  /// Starts `body` on a new thread of low priority and returns at once.
  static func start(_ body: @escaping @Sendable () -> Void) {
    let thread = Thread {
      #if os(Linux)
        // The calling thread only: Linux keeps a nice value per thread. Raising it needs no privilege; a
        // refusal leaves the thread at the normal priority, which is only slower for the first queries.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
      #endif
      body()
    }
    #if !os(Linux)
      thread.qualityOfService = .utility
    #endif
    thread.start()
  }
}
