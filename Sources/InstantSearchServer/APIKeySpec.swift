import Foundation
import InstantSearchCore

/// A search API key the server accepts besides the admin key, with what it may do: a line of the search
/// keys file, `KEY [acl=search,browse] [indexes=products,dev_*] [maxQueriesPerIPPerHour=N]`.
public struct APIKeySpec: Hashable, Sendable {
  /// The key.
  public var key: String
  /// The operations allowed: `search` (queries, facet values, records, settings) and `browse`.
  public var acl: Set<String>
  /// The index patterns it may read (`nil`: all), wildcards as in secured keys.
  public var indexes: [String]?
  /// The most requests per client address per hour (`nil`: no limit); more are answered 429.
  public var maxQueriesPerIPPerHour: Int?

  /// A key allowed to search everything, without limit.
  public init(
    key: String, acl: Set<String> = ["search", "browse"], indexes: [String]? = nil, maxQueriesPerIPPerHour: Int? = nil
  ) {
    self.key = key
    self.acl = acl
    self.indexes = indexes
    self.maxQueriesPerIPPerHour = maxQueriesPerIPPerHour
  }

  /// Reads one line of a search keys file (`nil` for a blank line or a comment).
  ///
  /// - Throws: ``APIError`` (500) naming a field that does not read.
  public init?(line: String) throws(APIError) {
    let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let key = fields.first, !key.hasPrefix("#") else { return nil }
    self.init(key: key)
    for field in fields.dropFirst() {
      let parts = field.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { throw APIError(500, "search keys: \"\(field)\" is not name=value") }
      let values = parts[1].split(separator: ",").map(String.init)
      switch parts[0] {
      case "acl": acl = Set(values)
      case "indexes": indexes = values
      case "maxQueriesPerIPPerHour":
        guard let limit = Int(parts[1]), limit > 0 else {
          throw APIError(500, "search keys: maxQueriesPerIPPerHour must be a positive integer, got \(parts[1])")
        }
        maxQueriesPerIPPerHour = limit
      default: throw APIError(500, "search keys: unknown field \(parts[0])")
      }
    }
  }

  /// Whether the key may read `index`.
  public func allows(index: String) -> Bool {
    guard let indexes else { return true }
    return indexes.contains { IndexPattern.matches($0, index) }
  }
}

/// Index patterns with a leading or trailing `*` (`dev_*`, `*_dev`, `*_products_*`), as API keys hold them.
enum IndexPattern {
  static func matches(_ pattern: String, _ index: String) -> Bool {
    switch (pattern.hasPrefix("*"), pattern.hasSuffix("*")) {
    case (true, true): return pattern.count <= 2 || index.contains(pattern.dropFirst().dropLast())
    case (true, false): return index.hasSuffix(pattern.dropFirst())
    case (false, true): return index.hasPrefix(pattern.dropLast())
    case (false, false): return index == pattern
    }
  }
}

/// Counts requests per key and client address over the current hour.
final class RateLimiter: Sendable {
  private let counts = Locked<(hour: Int, counts: [String: Int])>((0, [:]))

  /// Counts one request of `identity`; `false` when it is past `limit` this hour.
  func allow(_ identity: String, limit: Int, now: Date = Date()) -> Bool {
    let hour = Int(now.timeIntervalSince1970 / 3600)
    return counts.withLock { state in
      if state.hour != hour { state = (hour, [:]) }
      state.counts[identity, default: 0] += 1
      return state.counts[identity, default: 0] <= limit
    }
  }
}
