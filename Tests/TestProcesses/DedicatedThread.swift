import Foundation

/// Runs `body` on a thread of its own and returns its result, so that blocking work (waiting for a child
/// process, reading a pseudo-terminal) never holds a thread of Swift concurrency's cooperative pool. That
/// pool has as many threads as cores (two on the CI machine); tests that block them starve every other test.
///
/// `stackSize` (bytes) gives the thread a stack of that size, e.g. 512 KB as iOS gives secondary threads, to
/// prove that some work fits in it.
public func onDedicatedThread<Result: Sendable>(
  stackSize: Int? = nil, _ body: @escaping @Sendable () throws -> Result
) async throws -> Result {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread {
      do {
        continuation.resume(returning: try body())
      } catch {
        continuation.resume(throwing: error)
      }
    }
    if let stackSize { thread.stackSize = stackSize }
    thread.start()
  }
}
