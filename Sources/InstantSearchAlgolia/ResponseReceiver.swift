import Foundation
import InstantSearchModel

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The session delegate of ``URLSessionTransport``: collects each data task's body within its limit and
/// resumes the task's caller when the task completes.
///
/// Per task: a 2xx body over the limit cancels the task and fails with ``HTTPResponseTooLarge``; a body of
/// any other status is kept up to ``HTTPRequest/errorBodyPrefix`` bytes (the message is at its start) and
/// the task is cancelled there, answering with that prefix.
package final class ResponseReceiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // NSObject is not Sendable; the only stored state is the lock below.

  /// What one data task has received so far.
  private struct Pending {
    let continuation: CheckedContinuation<HTTPResponse, any Error>
    let limit: Int?
    var status = 0
    var body = Data()
    /// Set when the receiver itself ended the task: the task's answer, whatever its completion error.
    var outcome: Result<HTTPResponse, any Error>?
  }

  private let pending = Locked<[Int: Pending]>([:])

  /// Whether a task is cancelled before its response arrives. Not with FoundationNetworking: cancelling a
  /// task while its connection fails (refused, say) ends the process there ("Trying to access a behaviour
  /// for a task that in not in the registry", swift-corelibs-foundation #3292). There the caller is
  /// answered at once (see ``settle(_:)``) and the task is cancelled only once a response arrives, the
  /// transfer under way; a task whose connection fails just ends.
  #if canImport(FoundationNetworking)
    static let cancelsBeforeResponse = false
  #else
    static let cancelsBeforeResponse = true
  #endif

  /// Whether `task`'s response has arrived (or its caller was answered already).
  package func hasResponse(_ task: URLSessionTask) -> Bool {
    pending.withLock { ($0[task.taskIdentifier]?.status ?? 1) != 0 }
  }

  /// Answers the caller of `task` with `CancellationError` now; the task is cancelled when its response
  /// arrives, and its completion is ignored.
  package func settle(_ task: URLSessionTask) {
    guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
    entry.continuation.resume(throwing: CancellationError())
  }

  /// Registers a task before it is resumed.
  package func expect(_ task: URLSessionTask, limit: Int?, continuation: CheckedContinuation<HTTPResponse, any Error>) {
    pending.withLock { $0[task.taskIdentifier] = Pending(continuation: continuation, limit: limit) }
  }

  package func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    let refuse = pending.withLock { tasks -> Bool in
      // Its caller answered already (see `settle`): the transfer is not wanted.
      guard var entry = tasks[dataTask.taskIdentifier] else { return true }
      entry.status = status
      defer { tasks[dataTask.taskIdentifier] = entry }
      guard let limit = entry.limit, (200..<300).contains(status), response.expectedContentLength > limit else {
        return false
      }
      entry.outcome = .failure(HTTPResponseTooLarge(limit: limit))
      return true
    }
    completionHandler(refuse ? .cancel : .allow)
    // FoundationNetworking keeps reading after a `.cancel` disposition; cancelling the task closes the
    // connection on every platform.
    if refuse { dataTask.cancel() }
  }

  package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let stop = pending.withLock { tasks -> Bool in
      guard var entry = tasks[dataTask.taskIdentifier] else { return true }
      guard entry.outcome == nil else { return false }
      defer { tasks[dataTask.taskIdentifier] = entry }
      entry.body.append(data)
      guard let limit = entry.limit else { return false }
      if (200..<300).contains(entry.status) {
        guard entry.body.count > limit else { return false }
        entry.body = Data()
        entry.outcome = .failure(HTTPResponseTooLarge(limit: limit))
        return true
      }
      let prefix = min(limit, HTTPRequest.errorBodyPrefix)
      guard entry.body.count > prefix else { return false }
      entry.body = entry.body.prefix(prefix)
      entry.outcome = .success(HTTPResponse(status: entry.status, body: entry.body))
      return true
    }
    if stop { dataTask.cancel() }
  }

  package func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
    if let outcome = entry.outcome {
      entry.continuation.resume(with: outcome)
    } else if let error {
      entry.continuation.resume(throwing: error)
    } else if task.response is HTTPURLResponse {
      entry.continuation.resume(returning: HTTPResponse(status: entry.status, body: entry.body))
    } else {
      entry.continuation.resume(throwing: URLError(.badServerResponse))
    }
  }
}
