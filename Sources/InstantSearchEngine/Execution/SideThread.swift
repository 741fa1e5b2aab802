import Dispatch
import Synchronization

/// A second thread for parts of one query's work that run while the query goes on: the facet counts of a
/// keystroke need only its matches, so they are counted while the matches are ranked; half of a page's
/// hits are built there while the caller builds the other half.
///
/// A query works in a ``withSession(_:)``: the session takes the thread when it first submits work, if the
/// thread is idle then, and holds it to its end. When the thread is busy, the work waits behind the other
/// query's, and the thread takes it up once free; whatever it has not started when the query needs it,
/// the query runs itself (``SideWork/value``), so that concurrent queries never wait on each other's side
/// work. Taking the thread at the first piece of work rather than at the query's start lets a query whose
/// sibling (a multi-query's small second query) held it a moment ago still use it. Waking the thread
/// costs some ten microseconds: send only larger work. After the last work queued, the thread looks for
/// more for a moment before it sleeps (``lingerLimit``), so that queries in a row (a multi-query's, a busy
/// app's) find it awake.
///
/// A thread belongs to the ``SearchParallelism`` that made it: the caller decides which searches share it.
final class SideThread: Sendable {
  /// A serial queue, whose thread comes from an overcommitting pool: the work runs even while every thread
  /// of the cooperative pool is busy, or blocked waiting for a ``SideWork/value``.
  fileprivate let queue: DispatchQueue
  fileprivate let busy = Atomic<Bool>(false)
  /// Whether a ``warm()`` block is queued or looking for work.
  private let warming = Atomic<Bool>(false)
  /// How many pieces of work have been queued: a ``warm()`` block looks for work until it changes.
  fileprivate let handedOver = Atomic<Int>(0)

  /// How long a ``warm()`` block looks for work before it lets the thread sleep: about what matching a
  /// large query takes before its first side work.
  static let warmLimit = Duration.microseconds(200)
  /// Blocks of work queued and not yet run to their end (see ``linger()``).
  fileprivate let pending = Atomic<Int>(0)
  /// How long the thread looks for more work after running the last piece queued, before it sleeps: a
  /// server's next query follows within microseconds, and waking a sleeping thread cost that query some
  /// 20 µs of a system call on its own thread (W1 at 1M records on this 2-core virtual machine: 7% of the
  /// caller's time), then the wait for the thread to start.
  static let lingerLimit = Duration.microseconds(200)

  /// A side thread of its own (tests use one, so that no other test keeps it busy).
  init(label: String) {
    queue = DispatchQueue(label: label, qos: .userInitiated)
  }

  /// Runs `body` with a session on this thread. The session takes the thread at its first
  /// ``SideSession/submit(_:)`` that finds it idle, and holds it until the work submitted is done, whether
  /// or not its values were read.
  func withSession<R, E: Error>(_ body: (SideSession) throws(E) -> R) throws(E) -> R {
    let session = SideSession(thread: self)
    defer { session.end() }
    return try body(session)
  }

  /// Wakes the thread, when it is idle, for work a query is about to hand over: work handed to a sleeping
  /// thread started 29 µs later on average (W1 at 1M records on this 2-core virtual machine, whose caller
  /// then waited as long for its facets), so it is woken while the query matches and looks for work for up
  /// to ``warmLimit`` before sleeping again. It takes no session: the first query to submit work still
  /// takes the thread.
  func warm() {
    guard !busy.load(ordering: .relaxed),
      warming.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
    else { return }
    let seen = handedOver.load(ordering: .acquiring)
    queue.async {
      // The work is queued behind this block before the count changes, so the queue runs it next
      // without the thread going back to sleep.
      _ = SpinWait.watch(upTo: Self.warmLimit, clockEvery: 1024) {
        self.handedOver.load(ordering: .acquiring) != seen
      }
      self.warming.store(false, ordering: .relaxed)
    }
  }

  /// Runs `block` on the thread after what is queued; once no other block is queued behind it, the
  /// thread lingers (``linger()``).
  fileprivate func enqueue(_ block: @escaping @Sendable () -> Void) {
    pending.add(1, ordering: .relaxed)
    queue.async {
      block()
      if self.pending.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { self.linger() }
    }
  }

  /// Looks for more work for up to ``lingerLimit``, as a ``warm()`` block does (which it stands for
  /// meanwhile: a query warming the thread then finds it awake), so that work queued meanwhile starts at
  /// once, without waking the thread.
  private func linger() {
    guard warming.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
    _ = SpinWait.watch(upTo: Self.lingerLimit, clockEvery: 1024) { pending.load(ordering: .acquiring) > 0 }
    warming.store(false, ordering: .relaxed)
  }

  /// Takes the thread when it is idle.
  fileprivate func take() -> Bool {
    busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
  }

  /// Waits until everything handed to this thread so far has run, sessions given up included (for tests).
  func drain() {
    queue.sync {}
  }

  /// Starts `work` in a session of its own, or returns `nil` when the thread is busy; the thread is given
  /// up as soon as the work is done, before its value is handed over.
  func start<Value: Sendable>(_ work: @escaping @Sendable () -> Value) -> SideWork<Value>? {
    guard take() else { return nil }
    // Given up by whoever runs the work, this thread or the reader of its value, once it is done.
    let side = SideWork(work) { self.busy.store(false, ordering: .releasing) }
    enqueue { side.run() }
    handedOver.add(1, ordering: .releasing)
    return side
  }
}

/// A query's hold on a ``SideThread``, taken at the first work submitted while the thread is idle: the
/// work it submits runs there in turn. Work submitted while another session (or a piece of work of its
/// own) holds the thread waits behind that work, for the thread to take it up if it frees up in time; the
/// query reading its value first runs it itself (see ``SideWork/value``).
final class SideSession {
  private let thread: SideThread
  /// Whether the session holds the thread.
  private(set) var holdsThread = false
  /// The work submitted so far.
  private var submitted: [SideCompletion] = []

  fileprivate init(thread: SideThread) {
    self.thread = thread
  }

  /// Starts `work` on the side thread, after the work submitted before it. When another session or a
  /// started piece of work holds the thread, `work` is queued behind theirs all the same: the thread takes
  /// it up once it is free, unless the caller has read its ``SideWork/value`` first, which then runs it on
  /// the caller's thread. So a query never waits on another's side work, and is still helped as soon as
  /// the thread is free: the products query of the showcase's keystroke, whose suggestions query (the
  /// request's second) held the thread at its first work, had counted all its facets alone.
  func submit<Value: Sendable>(_ work: @escaping @Sendable () -> Value) -> SideWork<Value> {
    if !holdsThread { holdsThread = thread.take() }
    let side = SideWork(work)
    // Work queued behind another holder's is no reason to hold the thread past this session.
    if holdsThread { submitted.append(side.completion) }
    thread.enqueue { side.run() }
    thread.handedOver.add(1, ordering: .releasing)
    return side
  }

  /// Wakes the thread for work this session is about to submit (see ``SideThread/warm()``).
  func warm() {
    thread.warm()
  }

  /// Gives the thread up, if held: at once when the submitted work is done (its values read, say), else
  /// once it is.
  fileprivate func end() {
    guard holdsThread else { return }
    let thread = self.thread
    guard submitted.allSatisfy(\.isDone) else {
      thread.enqueue { thread.busy.store(false, ordering: .releasing) }
      return
    }
    thread.busy.store(false, ordering: .releasing)
  }
}

/// Whether a piece of side work has its value.
final class SideCompletion: Sendable {
  private let done = Atomic<Bool>(false)

  var isDone: Bool { done.load(ordering: .acquiring) }

  fileprivate func finish() {
    done.store(true, ordering: .releasing)
  }
}

/// The states of a ``SideWork``.
private enum SideWorkState {
  /// Handed to the thread, not started.
  static let queued: UInt8 = 0
  /// Started by the side thread.
  static let started: UInt8 = 1
  /// Taken by the reader of its value, before the side thread started it.
  static let taken: UInt8 = 2
}

/// Work handed to a ``SideThread``, and its value once it is done: run there, or by the reader of its
/// value when the thread has not started it by then.
final class SideWork<Value: Sendable>: Sendable {
  private let finished = DispatchSemaphore(value: 0)
  private let result = Mutex<Value?>(nil)
  private let work: @Sendable () -> Value
  fileprivate let completion = SideCompletion()
  /// Who runs the work: queued until the side thread starts it or the reader of its value takes it,
  /// exactly one of them (see ``SideWorkState``).
  private let state = Atomic<UInt8>(SideWorkState.queued)

  /// Called once the work is done, by whoever ran it, before its value is handed over.
  private let whenDone: @Sendable () -> Void

  fileprivate init(_ work: @escaping @Sendable () -> Value, whenDone: @escaping @Sendable () -> Void = {}) {
    self.work = work
    self.whenDone = whenDone
  }

  /// Runs the work on the side thread and keeps its value, unless the reader of its value has taken it.
  fileprivate func run() {
    guard claim(SideWorkState.started) else { return }
    keep(work())
  }

  /// Whether the work was still queued, and is now `owner`'s to run.
  private func claim(_ owner: UInt8) -> Bool {
    state.compareExchange(expected: SideWorkState.queued, desired: owner, ordering: .acquiring).exchanged
  }

  /// Keeps `value`, then hands it over, ``whenDone`` first: a reader that sees the value finds the thread
  /// a started piece of work held given up (a new start right after reading it had found it busy).
  private func keep(_ value: Value) {
    result.withLock { $0 = value }
    whenDone()
    completion.finish()
    finished.signal()
  }

  /// Whether the work is done (its value is then handed over without waiting).
  var isDone: Bool { completion.isDone }

  /// How long ``value`` watches for the work to finish before it sleeps until it does.
  static var spinLimit: Duration { .microseconds(100) }

  /// The work's value: run here when the side thread has not started it, else waited for while it runs:
  /// first by watching for it (the side work is about
  /// as long as what the caller did meanwhile, so it is mostly done within microseconds, and a thread put to
  /// sleep on this machine woke some 30 µs after the value was there), then asleep.
  var value: Value {
    // Not started yet (the thread is busy with other work, or has not woken up): run here, never waited for.
    if claim(SideWorkState.taken) {
      let value = work()
      keep(value)
      return value
    }
    _ = SpinWait.watch(upTo: Self.spinLimit, clockEvery: 256) { completion.isDone }
    // Stored before the work is marked done.
    if completion.isDone, let value = result.withLock({ $0 }) { return value }
    finished.wait()
    finished.signal()
    // Signalled only once the value is stored; were it missing all the same, the work would run here.
    return result.withLock { $0 } ?? work()
  }
}
