import InstantSearchModel

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
