import Foundation

/// Runs `body` on a thread of its own and returns its result, so that blocking work (waiting for a child
/// process, reading a pseudo-terminal) never holds a thread of Swift concurrency's cooperative pool. That
/// pool has as many threads as cores (two on the CI machine); tests that block them starve every other test.
public func onDedicatedThread<Result: Sendable>(
  _ body: @escaping @Sendable () throws -> Result
) async throws -> Result {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread {
      do {
        continuation.resume(returning: try body())
      } catch {
        continuation.resume(throwing: error)
      }
    }
    thread.start()
  }
}
