import InstantSearchModel

/// Thrown when an operation does not finish within its deadline.
package struct DeadlineExceeded: Error {}

/// Runs `operation` and fails with ``DeadlineExceeded`` if `timeout` elapses first on `clock`.
///
/// The operation runs in its own task, which is cancelled once the race is decided, so an operation
/// that ignores cancellation cannot hold the caller past the deadline. Cancelling the caller cancels
/// both and throws `CancellationError`.
package func withDeadline<T: Sendable>(
  _ timeout: Duration, clock: ClockFunctions, operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  let race = Race<T>()
  return try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { continuation in
      race.install(continuation)
      let work = Task {
        do { race.finish(.success(try await operation())) } catch { race.finish(.failure(error)) }
      }
      let timer = Task {
        do {
          try await clock.sleep(timeout)
          race.finish(.failure(DeadlineExceeded()))
        } catch {}
      }
      race.track(work, timer)
    }
  } onCancel: {
    race.finish(.failure(CancellationError()))
  }
}

/// The shared state of one race: the first result wins, resumes the caller and cancels the tasks.
private final class Race<T: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<T, any Error>?
    var result: Result<T, any Error>?
    var tasks: [Task<Void, Never>] = []
    var isDecided = false
  }

  private let state = Locked(State())

  package func install(_ continuation: CheckedContinuation<T, any Error>) {
    let pending: Result<T, any Error>? = state.withLock { state in
      if let result = state.result { return result }
      state.continuation = continuation
      return nil
    }
    if let pending { continuation.resume(with: pending) }
  }

  package func track(_ tasks: Task<Void, Never>...) {
    let cancelNow = state.withLock { state in
      state.tasks.append(contentsOf: tasks)
      return state.isDecided
    }
    if cancelNow {
      for task in tasks { task.cancel() }
    }
  }

  package func finish(_ result: Result<T, any Error>) {
    let (continuation, tasks): (CheckedContinuation<T, any Error>?, [Task<Void, Never>]) = state.withLock { state in
      guard !state.isDecided else { return (nil, []) }
      state.isDecided = true
      if state.continuation == nil { state.result = result }
      let continuation = state.continuation
      state.continuation = nil
      return (continuation, state.tasks)
    }
    continuation?.resume(with: result)
    for task in tasks { task.cancel() }
  }
}
