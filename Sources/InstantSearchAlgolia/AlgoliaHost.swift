import Foundation
import InstantSearchModel

/// A host the Algolia client can send requests to.
public struct AlgoliaHost: Hashable, Sendable, CustomStringConvertible {
  /// `https` for Algolia; `http` for a local server.
  public var scheme: String
  /// The host name or address.
  public var host: String
  /// The port, or `nil` for the scheme's default.
  public var port: Int?

  /// Creates a host.
  public init(scheme: String = "https", host: String, port: Int? = nil) {
    self.scheme = scheme
    self.host = host
    self.port = port
  }

  /// `scheme://host[:port]`.
  public var description: String {
    port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
  }

  /// The URL of `path` on this host; `path` must already be percent-encoded.
  package func url(path: String) -> URL? {
    URL(string: description + path)
  }

  /// Algolia's read hosts for an application: `{appID}-dsn.algolia.net` first, then
  /// `{appID}-1/2/3.algolianet.com` in an order shuffled once per client.
  public static func readHosts(appID: String) -> [AlgoliaHost] {
    var generator = SystemRandomNumberGenerator()
    return readHosts(appID: appID, using: &generator)
  }

  /// Algolia's read hosts, with the fallbacks shuffled by `generator`.
  public static func readHosts(appID: String, using generator: inout some RandomNumberGenerator) -> [AlgoliaHost] {
    let fallbacks = (1...3).map { AlgoliaHost(host: "\(appID)-\($0).algolianet.com") }
    return [AlgoliaHost(host: "\(appID)-dsn.algolia.net")] + fallbacks.shuffled(using: &generator)
  }
}
