import Foundation
import InstantSearchModel

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// ``HTTPTransport`` on `URLSession` (`FoundationNetworking` on Linux).
///
/// The body is received piece by piece through a session delegate, so a limit is enforced while it
/// arrives: a `Content-Length` over ``HTTPRequest/maximumResponseBytes`` is refused before any body byte,
/// and a body that grows past it is cancelled then; nothing larger is ever held. Cancelling the calling
/// task (the client's deadline does) cancels the data task, which closes the connection; with
/// FoundationNetworking (Linux), which crashes when a task is cancelled as its connection fails, a task
/// without a response yet is cancelled only once one arrives, its caller answered at once.
public final class URLSessionTransport: HTTPTransport, @unchecked Sendable {
  // URLSession is documented as thread-safe; the session and its delegate are the only stored state and
  // are never reassigned (the delegate keeps its own state under a lock).
  private let session: URLSession
  private let receiver: ResponseReceiver

  /// Creates a transport on an ephemeral session (no cache, no cookies).
  public init() {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    receiver = ResponseReceiver()
    session = URLSession(configuration: configuration, delegate: receiver, delegateQueue: nil)
  }

  deinit {
    // Cancelling tasks whose connections fail crashes FoundationNetworking (see
    // `ResponseReceiver.cancelsBeforeResponse`): there the tasks still running finish first.
    if ResponseReceiver.cancelsBeforeResponse {
      session.invalidateAndCancel()
    } else {
      session.finishTasksAndInvalidate()
    }
  }

  /// Sends the request with a data task whose body the delegate collects within the request's limit.
  public func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPResponse {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method
    urlRequest.httpBody = request.body
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    urlRequest.timeoutInterval = max(seconds, 0.001)
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    let box = DataTaskBox(receiver: receiver)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
        let task = session.dataTask(with: urlRequest)
        receiver.expect(task, limit: request.maximumResponseBytes, continuation: continuation)
        box.start(task)
      }
    } onCancel: {
      box.cancel()
    }
  }
}

/// Holds a data task so that cancellation can reach it, even when it arrives before the task starts.
/// Where a task must not be cancelled before its response (see `ResponseReceiver.cancelsBeforeResponse`),
/// cancellation then answers the caller with `CancellationError` at once, and a task not started yet is
/// never started.
private final class DataTaskBox: Sendable {
  private struct State {
    var task: URLSessionDataTask?
    var isCancelled = false
  }

  private let state = Locked(State())
  private let receiver: ResponseReceiver

  package init(receiver: ResponseReceiver) {
    self.receiver = receiver
  }

  package func start(_ task: URLSessionDataTask) {
    let cancelled = state.withLock { state in
      state.task = task
      return state.isCancelled
    }
    guard cancelled else { return task.resume() }
    if ResponseReceiver.cancelsBeforeResponse { task.cancel() } else { receiver.settle(task) }
  }

  package func cancel() {
    let task = state.withLock { state in
      state.isCancelled = true
      return state.task
    }
    guard let task else { return }
    if ResponseReceiver.cancelsBeforeResponse || receiver.hasResponse(task) {
      task.cancel()
    } else {
      receiver.settle(task)
    }
  }
}
