import Crypto
import Foundation
import InstantSearchModel

/// A secured API key, as Algolia's clients generate them: `base64(hex(HMAC-SHA256(parent, params)) +
/// params)`, where `params` is a URL-encoded query string of restrictions (`filters`, `validUntil`,
/// `restrictIndices`, `restrictSources`, `userToken`) and search parameters the key forces.
///
/// The server checks the hash over the parameters exactly as received (clients encode them differently),
/// against each search key it knows; the admin key is never a parent.
public struct SecuredAPIKey: Sendable, Hashable {
  /// The parent key it was made from.
  public let parent: String
  /// The restrictions and forced parameters, decoded.
  public let parameters: [String: String]

  /// The key `key` made from one of `parents`, or `nil` when it is not a secured key of theirs.
  public init?(_ key: String, parents: some Sequence<String>) {
    guard key.count > 64, let data = Data(base64Encoded: key), let text = String(data: data, encoding: .utf8),
      text.count > 64
    else { return nil }
    let hash = String(text.prefix(64)).lowercased()
    let params = String(text.dropFirst(64))
    let message = Data(params.utf8)
    var found: String?
    for parent in parents where !parent.isEmpty {
      let digest = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: Data(parent.utf8)))
      let hex = digest.map { String(format: "%02x", $0) }.joined()
      if SearchServer.equal(hex, hash) { found = parent }
    }
    guard let found else { return nil }
    parent = found
    guard let parameters = Self.pairs(params) else { return nil }
    self.parameters = parameters
  }

  /// A secured key made from `parentKey` with `parameters` (restrictions such as `validUntil`,
  /// `restrictIndices`, `restrictSources`, `userToken`, and search parameters such as `filters`), encoded in
  /// name order — what Algolia's clients' `generateSecuredApiKey` makes, for a Swift backend handing keys to
  /// front ends.
  public static func generate(parentKey: String, parameters: [String: String]) -> String {
    let params = parameters.sorted { $0.key < $1.key }.map { encode($0.key) + "=" + encode($0.value) }
      .joined(separator: "&")
    let digest = HMAC<SHA256>.authenticationCode(
      for: Data(params.utf8), using: SymmetricKey(data: Data(parentKey.utf8)))
    let hex = digest.map { String(format: "%02x", $0) }.joined()
    return Data((hex + params).utf8).base64EncodedString()
  }

  /// The Unix time the key expires at, if it does.
  public var validUntil: Double? { parameters["validUntil"].flatMap(Double.init) }

  /// The index patterns the key may search (`products`, `dev_*`, `*_dev`), if restricted.
  public var restrictIndices: [String]? {
    parameters["restrictIndices"].map {
      $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
    }
  }

  /// Whether the key may search `index`.
  public func allows(index: String) -> Bool {
    guard let patterns = restrictIndices else { return true }
    return patterns.contains { IndexPattern.matches($0, index) }
  }

  /// The search parameters the key forces on every query (the restrictions left out).
  public var forcedParameters: [String: String] {
    parameters.filter {
      !["validUntil", "restrictIndices", "restrictSources", "userToken", "referers"].contains($0.key)
    }
  }

  /// `query` with the key's parameters: its `filters` (and `facetFilters`, `tagFilters`, `numericFilters`)
  /// ANDed with the query's, every other forced parameter replacing the query's.
  public func restrict(_ query: Query) throws(APIError) -> Query {
    try ForcedParameters.apply(forcedParameters, to: query, owner: "the secured API key")
  }

  /// The name-value pairs of a URL-encoded query string, or `nil` when a name does not decode.
  static func pairs(_ text: String) -> [String: String]? {
    var parameters: [String: String] = [:]
    for pair in text.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = Self.decode(parts[0]) else { return nil }
      parameters[name] = parts.count > 1 ? Self.decode(parts[1]) ?? "" : ""
    }
    return parameters
  }

  static func decode(_ text: Substring) -> String? {
    text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
  }

  /// Percent-encoding of everything but RFC 3986's unreserved characters, as the official clients encode.
  static func encode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
  }

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
