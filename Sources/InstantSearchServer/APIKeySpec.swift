import Foundation
import InstantSearchModel

/// An API key the server accepts besides the admin key, with what it may do: a line of the search keys
/// file (`KEY [acl=search,browse] [indexes=products,dev_*] [maxQueriesPerIPPerHour=N]`), or a key made through
/// `POST /1/keys` with every field of Algolia's key object.
public struct APIKeySpec: Hashable, Sendable {
  /// The key.
  public var key: String
  /// The operations allowed, by Algolia's ACL names (see ``APIKeySpec/knownACL``): `search` (queries, facet
  /// values, records, settings), `browse`, `addObject`, `deleteObject`, `deleteIndex`, `settings`,
  /// `editSettings`, `listIndexes`. In the order given (answered back in that order, as Algolia does).
  public var acl: [String]
  /// The index patterns it may use (`nil`: all), wildcards as in secured keys.
  public var indexes: [String]?
  /// The most requests per client address per hour (`nil`: no limit); more are answered 429.
  public var maxQueriesPerIPPerHour: Int?
  /// The most hits a query may ask for (`nil`: no limit); `hitsPerPage` and `length` are capped to it.
  public var maxHitsPerQuery: Int?
  /// Search parameters forced on every query (URL-encoded, as a secured key's), such as `filters=brand:Acme`.
  public var queryParameters: String
  /// The `Referer` (or `Origin`) patterns a request must come from, `*` matching anything (empty: any).
  public var referers: [String]
  /// What the key is for.
  public var description: String
  /// How long the key lives after ``createdAt``, in seconds (0: forever).
  public var validity: Int
  /// When the key was made.
  public var createdAt: Date

  /// A key allowed to search everything, without limit.
  public init(
    key: String, acl: [String] = ["search", "browse"], indexes: [String]? = nil, maxQueriesPerIPPerHour: Int? = nil,
    maxHitsPerQuery: Int? = nil, queryParameters: String = "", referers: [String] = [], description: String = "",
    validity: Int = 0, createdAt: Date = Date()
  ) {
    self.key = key
    self.acl = acl
    self.indexes = indexes
    self.maxQueriesPerIPPerHour = maxQueriesPerIPPerHour
    self.maxHitsPerQuery = maxHitsPerQuery
    self.queryParameters = queryParameters
    self.referers = referers
    self.description = description
    self.validity = validity
    self.createdAt = createdAt
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
      case "acl": acl = values.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
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

  /// Whether the key may use `index`.
  public func allows(index: String) -> Bool {
    guard let indexes else { return true }
    return indexes.contains { IndexPattern.matches($0, index) }
  }

  /// Whether the key's ``validity`` has run out at `now`.
  public func isExpired(at now: Date = Date()) -> Bool {
    validity > 0 && createdAt.addingTimeInterval(TimeInterval(validity)) < now
  }

  /// Whether a request from `referer` (its `Referer` or `Origin` header) may use the key.
  public func allows(referer: String?) -> Bool {
    guard !referers.isEmpty else { return true }
    guard let referer else { return false }
    return referers.contains { Glob.matches($0, referer) }
  }
}

/// Patterns where `*` matches any run of characters (`https://example.com/*`, `*.example.com*`).
enum Glob {
  static func matches(_ pattern: String, _ text: String) -> Bool {
    let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
    guard parts.count > 1 else { return pattern == text }
    guard text.hasPrefix(parts[0]), let last = parts.last else { return false }
    var rest = Substring(text.dropFirst(parts[0].count))
    for middle in parts.dropFirst().dropLast() where !middle.isEmpty {
      guard let found = rest.range(of: middle) else { return false }
      rest = rest[found.upperBound...]
    }
    return rest.hasSuffix(last)
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
