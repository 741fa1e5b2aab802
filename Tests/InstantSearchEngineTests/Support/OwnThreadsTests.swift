import Dispatch
import InstantSearchModel
import Testing

@testable import InstantSearchEngine

/// Work split over threads started for it runs every iteration once and returns only when all have run;
/// halves come back in order whatever thread ran them.
@Suite("Work on threads of its own")
struct OwnThreadsTests {
  @Test("Every iteration runs exactly once, all before run returns", arguments: [0, 1, 2, 3, 7])
  func everyIteration(iterations: Int) {
    let runs = Locked([Int](repeating: 0, count: iterations))
    OwnThreads.run(iterations: iterations) { index in runs.withLock { $0[index] += 1 } }
    #expect(runs.withLock { $0 } == [Int](repeating: 1, count: iterations))
  }

  @Test("Halves give the results of the two halves in order, or of the whole below the threshold")
  func halves() {
    let sums = Halves.map(1_000, twoThreadsFrom: 100) { range in range.reduce(0, +) }
    #expect(sums == [(0..<500).reduce(0, +), (500..<1_000).reduce(0, +)])
    let whole = Halves.map(99, twoThreadsFrom: 100) { range in [range.lowerBound, range.upperBound] }
    #expect(whole == [[0, 99]])
  }

  @Test("A pending value is made once, on its own thread, and every read gets it after it is made")
  func pending() {
    let makes = Locked(0)
    // The maker waits until the caller has asked for the value: the read must wait for it.
    let asked = DispatchSemaphore(value: 0)
    let pending = OwnThreads.Pending { () -> [Int] in
      asked.wait()
      makes.withLock { $0 += 1 }
      return Array(0..<1_000)
    }
    asked.signal()
    #expect(pending.value == Array(0..<1_000))
    #expect(pending.value.count == 1_000)
    #expect(makes.withLock { $0 } == 1)
  }
}
