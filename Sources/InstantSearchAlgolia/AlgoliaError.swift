import InstantSearchModel

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
  /// A 2xx response body longer than ``AlgoliaSearchClient/Configuration/maximumResponseBytes``; reading
  /// stopped there. Not retried on another host.
  case responseTooLarge(limit: Int)

  /// What went wrong.
  public var description: String {
    switch self {
    case .httpStatus(let status, let message): "HTTP \(status): \(message)"
    case .unreachableHosts(let failures):
      "Unreachable hosts: " + failures.map(\.description).joined(separator: "; ")
    case .malformedResponse(let error): "malformed response: \(error)"
    case .invalidRequest(let reason): "invalid request: \(reason)"
    case .responseTooLarge(let limit): "response body larger than \(limit) bytes (maximumResponseBytes)"
    }
  }
}
