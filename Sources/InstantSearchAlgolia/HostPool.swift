import InstantSearchModel

/// Tracks which hosts are down, shared by every request of one client.
package actor HostPool {
  private let hosts: [AlgoliaHost]
  private let downDuration: Duration
  private let clock: ClockFunctions
  /// When each host that failed may be tried again, as elapsed time on the clock.
  private var downUntil: [AlgoliaHost: Duration] = [:]

  package init(hosts: [AlgoliaHost], downDuration: Duration, clock: ClockFunctions) {
    self.hosts = hosts
    self.downDuration = downDuration
    self.clock = clock
  }

  /// The hosts to try, in order: those that are up; every host again when all are down.
  package func candidates() -> [AlgoliaHost] {
    let now = clock.elapsed()
    let up = hosts.filter { host in downUntil[host].map { $0 <= now } ?? true }
    if up.isEmpty {
      downUntil = [:]
      return hosts
    }
    return up
  }

  /// Skips `host` for the down duration.
  package func markDown(_ host: AlgoliaHost) {
    downUntil[host] = clock.elapsed() + downDuration
  }

  /// Makes `host` available again.
  package func markUp(_ host: AlgoliaHost) {
    downUntil[host] = nil
  }
}
