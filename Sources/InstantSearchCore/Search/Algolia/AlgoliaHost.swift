import Foundation

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
  func url(path: String) -> URL? {
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

/// Tracks which hosts are down, shared by every request of one client.
actor HostPool {
  private let hosts: [AlgoliaHost]
  private let downDuration: Duration
  private let clock: ClockFunctions
  /// When each host that failed may be tried again, as elapsed time on the clock.
  private var downUntil: [AlgoliaHost: Duration] = [:]

  init(hosts: [AlgoliaHost], downDuration: Duration, clock: ClockFunctions) {
    self.hosts = hosts
    self.downDuration = downDuration
    self.clock = clock
  }

  /// The hosts to try, in order: those that are up; every host again when all are down.
  func candidates() -> [AlgoliaHost] {
    let now = clock.elapsed()
    let up = hosts.filter { host in downUntil[host].map { $0 <= now } ?? true }
    if up.isEmpty {
      downUntil = [:]
      return hosts
    }
    return up
  }

  /// Skips `host` for the down duration.
  func markDown(_ host: AlgoliaHost) {
    downUntil[host] = clock.elapsed() + downDuration
  }

  /// Makes `host` available again.
  func markUp(_ host: AlgoliaHost) {
    downUntil[host] = nil
  }
}
