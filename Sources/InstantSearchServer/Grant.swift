import Foundation
import HTTPTypes
import Hummingbird
import InstantSearchEngine
import InstantSearchModel
import NIOCore

/// What a request's key allows.
enum Grant: Sendable {
  /// The admin key: everything.
  case admin
  /// Another key: what its ACL allows, within its indices, with its forced parameters.
  case key(APIKeySpec)
  /// A secured key made from a search key: searches restricted by its parameters and its parent's.
  case secured(SecuredAPIKey, APIKeySpec)

  /// Throws a 403 when the key may not read `index`.
  func check(index: String) throws(APIError) {
    switch self {
    case .admin: return
    case .key(let spec):
      if !spec.allows(index: index) { throw APIError(403, "Index not allowed with this API key") }
    case .secured(let key, let spec):
      if !key.allows(index: index) || !spec.allows(index: index) {
        throw APIError(403, "Index not allowed with this API key")
      }
    }
  }

  /// Throws a 403 unless the key has `acl` (the admin key has every one).
  func require(_ acl: String) throws(APIError) {
    switch self {
    case .admin: return
    case .key(let spec):
      if !spec.acl.contains(acl) { throw APIError(403, "Method not allowed with this API key") }
    case .secured: throw APIError(403, "Method not allowed with this API key")
    }
  }

  /// Throws a 403 unless the key may apply `writes` to `index`: the index allowed, and the ACL of each
  /// kind of write (`addObject` for saves and partial updates, `deleteObject`, `deleteIndex` for clearing,
  /// `editSettings`).
  func check(writes: [IndexWrite], to index: String) throws(APIError) {
    try check(index: index)
    for write in writes {
      switch write {
      case .save, .partialUpdate: try require("addObject")
      case .delete: try require("deleteObject")
      case .clear: try require("deleteIndex")
      case .settings, .replicaSettings: try require("editSettings")
      }
    }
  }

  /// `query` with the key's forced parameters: a secured key's, then its parent's `queryParameters` and
  /// `maxHitsPerQuery`.
  func restrict(_ query: Query) throws(APIError) -> Query {
    switch self {
    case .admin: return query
    case .key(let spec): return try spec.restrict(query)
    case .secured(let key, let spec): return try spec.restrict(try key.restrict(query))
    }
  }
}

extension Grant {
  /// Whether searches with this key keep the indexes' `unretrievableAttributes` in their hits: the admin
  /// key, or a key with the `seeUnretrievableAttributes` ACL (a secured key, as its parent).
  var seesUnretrievableAttributes: Bool {
    switch self {
    case .admin: true
    case .key(let spec), .secured(_, let spec): spec.acl.contains("seeUnretrievableAttributes")
    }
  }

  /// Who reads records by objectID with this key: the attributes asked for (`retrieve`, comma-separated)
  /// within the key's forced parameters (filters a record must pass, `attributesToRetrieve`); only the
  /// admin key sees `unretrievableAttributes`.
  func reader(retrieving retrieve: String?) throws(APIError) -> RecordReader {
    var query = Query()
    if let retrieve, !retrieve.isEmpty {
      query.attributesToRetrieve = retrieve.split(separator: ",").map {
        String($0).trimmingCharacters(in: .whitespaces)
      }
    }
    if case .admin = self { return RecordReader(query: query, seesUnretrievableAttributes: true) }
    return RecordReader(query: try restrict(query), seesUnretrievableAttributes: false)
  }
}

/// One request as a handler sees it: the request, its context, its JSON body and what its key allows.
struct Call: Sendable {
  let request: Request
  let context: ServerContext
  let json: JSON?
  let grant: Grant
  /// The body's size as received (inflated when it came gzipped).
  var bodyBytes = 0

  /// Who searches, for analytics: the `X-Algolia-UserToken` header, else the client's address.
  var analyticsUser: String {
    HTTPField.Name("x-algolia-usertoken").flatMap { request.headers[$0] } ?? context.remoteAddress?.ipAddress
      ?? "unknown"
  }
}

/// The request context of the server: Hummingbird's, plus the client's address (for `restrictSources`).
struct ServerContext: RequestContext, RemoteAddressRequestContext {
  var coreContext: CoreRequestContextStorage
  let remoteAddress: SocketAddress?
  /// The connection, closed after answering a body past the limit (the rest is never read).
  let channel: any Channel

  init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress
    channel = source.channel
  }
}

/// IPv4 ranges written `a.b.c.d/n` (or a single address), as a secured key's `restrictSources` holds them,
/// separated by `;`.
enum SourceRange {
  /// Whether `address` is in one of the ranges of `text` (`false` for an address that is not IPv4).
  static func contains(_ text: String, address: String?) -> Bool {
    guard let address, let value = ipv4(address) else { return false }
    for range in text.split(separator: ";") {
      let parts = range.split(separator: "/")
      guard let base = ipv4(String(parts[0]).trimmingCharacters(in: .whitespaces)) else { continue }
      let bits = parts.count > 1 ? Int(parts[1]) ?? 32 : 32
      guard (0...32).contains(bits) else { continue }
      let mask: UInt32 = bits == 0 ? 0 : ~UInt32(0) << UInt32(32 - bits)
      if value & mask == base & mask { return true }
    }
    return false
  }

  static func ipv4(_ text: String) -> UInt32? {
    let parts = text.split(separator: ".")
    guard parts.count == 4 else { return nil }
    var value: UInt32 = 0
    for part in parts {
      guard let byte = UInt8(part) else { return nil }
      value = value << 8 | UInt32(byte)
    }
    return value
  }
}
