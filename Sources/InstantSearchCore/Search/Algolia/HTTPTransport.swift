import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An HTTP request as the Algolia client sends it.
public struct HTTPRequest: Hashable, Sendable {
  /// `GET`, `POST`, …
  public var method: String
  /// The full URL.
  public var url: URL
  /// Header fields.
  public var headers: [String: String]
  /// The body, if any.
  public var body: Data?

  /// Creates a request.
  public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
  }
}

/// An HTTP response.
public struct HTTPResponse: Hashable, Sendable {
  /// The status code.
  public var status: Int
  /// The body.
  public var body: Data

  /// Creates a response.
  public init(status: Int, body: Data) {
    self.status = status
    self.body = body
  }
}

/// Sends HTTP requests. ``URLSessionTransport`` is the default; tests and other stacks can plug in
/// their own.
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the response, whatever its status. Throws for network failures.
  /// `timeout` is a hint for the transport's own safety net; the client enforces its deadline itself.
  func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPResponse
}

/// ``HTTPTransport`` on `URLSession` (`FoundationNetworking` on Linux). Cancelling the calling task
/// cancels the data task.
public final class URLSessionTransport: HTTPTransport, @unchecked Sendable {
  // URLSession is documented as thread-safe; it is the only stored state and is never mutated.
  private let session: URLSession

  /// Creates a transport on an ephemeral session (no cache, no cookies).
  public init() {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    session = URLSession(configuration: configuration)
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// Sends the request with a data task.
  public func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPResponse {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method
    urlRequest.httpBody = request.body
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    urlRequest.timeoutInterval = max(seconds, 0.001)
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    let box = DataTaskBox()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
        let task = session.dataTask(with: urlRequest) { data, response, error in
          if let error {
            continuation.resume(throwing: error)
          } else if let http = response as? HTTPURLResponse {
            continuation.resume(returning: HTTPResponse(status: http.statusCode, body: data ?? Data()))
          } else {
            continuation.resume(throwing: URLError(.badServerResponse))
          }
        }
        box.start(task)
      }
    } onCancel: {
      box.cancel()
    }
  }
}

/// Holds a data task so that cancellation can reach it, even when it arrives before the task starts.
private final class DataTaskBox: Sendable {
  private struct State {
    var task: URLSessionDataTask?
    var isCancelled = false
  }

  private let state = Mutex(State())

  func start(_ task: URLSessionDataTask) {
    let cancelled = state.withLock { state in
      state.task = task
      return state.isCancelled
    }
    if cancelled { task.cancel() } else { task.resume() }
  }

  func cancel() {
    let task = state.withLock { state in
      state.isCancelled = true
      return state.task
    }
    task?.cancel()
  }
}
