/// Errors of the Algolia REST client.
public enum AlgoliaError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The service answered with a 4xx status: the request itself is wrong (bad filters, bad key, unknown
  /// index). Not retried. `message` is the server's.
  case httpStatus(status: Int, message: String)
  /// Every host failed; one entry per attempt, in order.
  case unreachableHosts([HostFailure])
  /// A 2xx response whose body is not what the endpoint returns.
  case malformedResponse(ResponseDecodingError)
  /// The request could not be encoded or addressed (for example an index name that makes no URL).
  case invalidRequest(String)

  /// What went wrong.
  public var description: String {
    switch self {
    case .httpStatus(let status, let message): "HTTP \(status): \(message)"
    case .unreachableHosts(let failures):
      "Unreachable hosts: " + failures.map(\.description).joined(separator: "; ")
    case .malformedResponse(let error): "malformed response: \(error)"
    case .invalidRequest(let reason): "invalid request: \(reason)"
    }
  }
}

/// Why one attempt on one host failed.
public struct HostFailure: Hashable, Sendable, CustomStringConvertible {
  /// What happened.
  public enum Reason: Hashable, Sendable {
    /// No answer within the deadline.
    case timeout(Duration)
    /// The connection failed.
    case network(String)
    /// The host answered with a status other than 2xx and 4xx.
    case status(Int, message: String)
  }

  /// The host tried.
  public var host: AlgoliaHost
  /// Why it failed.
  public var reason: Reason

  /// Creates a failure.
  public init(host: AlgoliaHost, reason: Reason) {
    self.host = host
    self.reason = reason
  }

  /// `host: reason`.
  public var description: String {
    switch reason {
    case .timeout(let duration): "\(host): timed out after \(duration)"
    case .network(let message): "\(host): \(message)"
    case .status(let status, let message): "\(host): HTTP \(status) \(message)"
    }
  }
}
