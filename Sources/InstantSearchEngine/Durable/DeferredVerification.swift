import Dispatch
import InstantSearchModel
import Synchronization

/// The checksums of arrays an image maps in place but does not need while it opens — the records (two
/// thirds of the bytes of a segment image), the text index, the objectID index (``VerifiedPart``) — verified
/// after the image opens, on the background thread, before anything trusts them: whoever needs the bytes
/// first (a query reading the text, a write, a commit) waits for the verification, or runs it itself when
/// no thread has started it yet. The outcome is the same whichever thread verifies, and it is kept: an
/// array that failed stays failed. Tests that read several of the arrays (a part's structure, ``Test``)
/// run once their checksums have passed, as part of the same verification.
///
/// Opening thus reads none of them; a first query does its filters and facets meanwhile and waits only
/// for what it reads (records block by block where the image allows: ``RecordBlocks``).
final class DeferredVerification: Sendable {
  /// The image file.
  let path: String
  private let work: Work
  /// Set by the thread that verifies (one only).
  private let claimed = Atomic<Bool>(false)
  /// Set once the checks have passed: what a record read looks at first.
  private let passedFlag = Atomic<Bool>(false)
  private let outcome = Locked<DurableError?>(nil)
  /// Set once a read was turned away (see ``admits()``).
  private let turnedAway = Atomic<Bool>(false)
  /// Left once the outcome is known: waiters wait on it.
  private let done = DispatchGroup()

  /// What a part defers: the checks of its mapped arrays, then the tests that read several of them.
  struct Work: Sendable {
    var checks: [ImageVerification.Check] = []
    var tests: [Test] = []

    /// Whether there is nothing to verify.
    var isEmpty: Bool { checks.isEmpty && tests.isEmpty }
  }

  /// A test of several arrays (``ImageReader/require(_:_:)``), run once their checksums have passed.
  struct Test: Sendable {
    /// Whether the arrays hold together (reads them: only once their checksums have passed).
    let holds: @Sendable () -> Bool
    /// The reason the error gives when it does not hold.
    let failure: String
  }

  /// Runs `work` for the image at `path` (not yet).
  init(_ work: Work, in path: String) {
    self.path = path
    self.work = work
    done.enter()
  }

  /// Checks `checks` of the image at `path` (not yet).
  convenience init(_ checks: [ImageVerification.Check], in path: String) {
    self.init(Work(checks: checks), in: path)
  }

  /// Whether the arrays are verified and sound (never waits).
  var passed: Bool { passedFlag.load(ordering: .acquiring) }

  /// Whether a read may trust the arrays: they are verified and sound, waiting for (or running) the
  /// verification if it is not done. A read turned away is remembered (see ``readFailure``).
  @inline(__always)
  func admits() -> Bool {
    if passed { return true }
    return admitsAfterWaiting()
  }

  @inline(never)
  private func admitsAfterWaiting() -> Bool {
    guard wait() != nil else { return true }
    turnedAway.store(true, ordering: .releasing)
    return false
  }

  /// The failure, once some read has been turned away for it (see ``admits()``); `nil` before, without
  /// waiting: what tells a search that it read something it could not trust.
  var readFailure: DurableError? {
    turnedAway.load(ordering: .acquiring) ? outcome.withLock { $0 } : nil
  }

  /// Starts the verification on a background thread below queries' priority (``BackgroundThread``), unless
  /// a thread has started it.
  func start() {
    BackgroundThread.start { self.run(yieldingToQueries: true) }
  }

  /// The failure, once the verification is done: waits for it (verifying on this thread when no thread
  /// has started); `nil` when the arrays are sound.
  func wait() -> DurableError? {
    if passed { return nil }
    // The background thread may hold the work, paused for queries: it goes on while this waits.
    return BackgroundThread.urgently {
      run()
      done.wait()
      return outcome.withLock { $0 }
    }
  }

  /// Verifies the arrays on this thread, unless another thread has claimed the work; with
  /// `yieldingToQueries`, pausing while queries run (the background thread's way).
  func run(yieldingToQueries: Bool = false) {
    guard claimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
      return
    }
    var failure: DurableError?
    do throws(DurableError) {
      // On one thread: the first queries after opening, which read their records block by block where
      // the image allows (``RecordBlocks``), keep the other core.
      try ImageVerification.verify(
        work.checks, in: path, threads: 1, pause: yieldingToQueries ? BackgroundThread.yieldToQueries : nil)
      if let test = work.tests.first(where: { !$0.holds() }) { throw .corrupt(path: path, reason: test.failure) }
    } catch {
      failure = error
    }
    outcome.withLock { $0 = failure }
    if failure == nil { passedFlag.store(true, ordering: .releasing) }
    done.leave()
  }
}
