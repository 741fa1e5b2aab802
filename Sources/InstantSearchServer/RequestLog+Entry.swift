import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import InstantSearchModel
import NIOCore

/// How a request becomes an entry of the log: Algolia's fields (all strings but `inner_queries`), API
/// keys shown by their first three characters only, wherever they appear (headers, query string).
extension RequestLog {
  /// What is known of a request before its answer is written, kept as it came: the fields are written
  /// only when `GET /1/logs` asks, so that logging costs a request a few copies.
  struct Started: Sendable {
    let date: Date
    let method: HTTPRequest.Method
    let path: String
    let query: String
    let address: String
    let headers: HTTPFields
    let body: [UInt8]
    let took: Duration
    let kind: Kind
    let innerQueries: [(index: String, userToken: String?)]

    /// The index of a `/1/indexes/{index}/…` path, unless it is `*` (a multi-index call).
    var index: String? {
      let segments = path.split(separator: "/", maxSplits: 3)
      guard segments.count >= 3, segments[1] == "indexes", segments[2] != "*" else { return nil }
      return String(segments[2]).removingPercentEncoding ?? String(segments[2])
    }
  }

  /// What the log keeps of `request` (its body as it reads: a gzip body inflated, cut at ``bodyBytes``).
  static func describe(
    _ request: Request, from address: String?, requestBody: ByteBuffer?, json: JSON?, took: Duration
  ) -> Started {
    let path = request.uri.path
    var inner: [(index: String, userToken: String?)] = []
    if path.hasSuffix("/queries") || path.hasSuffix("/objects"), case .array(let requests)? = json?["requests"] {
      for request in requests.prefix(100) {
        guard let name = request["indexName"]?.stringValue else { continue }
        inner.append((name, request["userToken"]?.stringValue))
      }
    }
    let isRead =
      request.method == .get || path.hasSuffix("/query") || path.hasSuffix("/queries") || path.hasSuffix("/browse")
      || path.hasSuffix("/objects") || path.contains("/facets/") || path.hasSuffix("/search")
    return Started(
      date: Date(), method: request.method, path: path, query: request.uri.query ?? "", address: address ?? "",
      headers: request.headers, body: requestBody.map { Array($0.readableBytesView.prefix(bodyBytes)) } ?? [],
      took: took, kind: isRead ? .query : .build, innerQueries: inner)
  }

  /// An entry's fields as Algolia writes them (all strings but `inner_queries`), signed with the SHA-1 of
  /// the others.
  static func fields(of entry: Entry) -> [String: JSON] {
    let started = entry.started
    let query = obfuscated(query: started.query)
    let headers = started.headers.map { field in
      let value = field.name.canonicalName == "x-algolia-api-key" ? obfuscated(key: field.value) : field.value
      return "\(field.name.rawName): \(value)\n"
    }.joined()
    var fields: [String: JSON] = [
      "timestamp": SearchServer.timestamp(started.date), "method": .string(started.method.rawValue),
      "url": .string(query.isEmpty ? started.path : started.path + "?" + query), "ip": .string(started.address),
      "query_headers": .string(headers), "query_body": .string(String(decoding: started.body, as: UTF8.self)),
      "nb_api_calls": "1", "processing_time_ms": .string(String(Int((started.took / .milliseconds(1)).rounded(.down)))),
      "query_params": .string(query), "answer_code": .string(String(entry.status)),
      "answer": .string(String(decoding: entry.answer, as: UTF8.self)),
    ]
    if let index = started.index { fields["index"] = .string(index) }
    if !started.innerQueries.isEmpty {
      fields["inner_queries"] = .array(
        started.innerQueries.map { query in
          var inner: [String: JSON] = ["index_name": .string(query.index)]
          if let token = query.userToken { inner["user_token"] = .string(token) }
          return .object(inner)
        })
    }
    let digest = Insecure.SHA1.hash(data: Array(JSON.object(fields).description.utf8))
    fields["sha1"] = .string(digest.map { String(format: "%02x", $0) }.joined())
    return fields
  }

  /// An API key as the log shows it: its first three characters, the rest as stars.
  static func obfuscated(key: String) -> String {
    String(key.prefix(3)) + String(repeating: "*", count: max(0, min(key.count, 64) - 3))
  }

  /// A query string with its `x-algolia-api-key` obfuscated.
  static func obfuscated(query: String) -> String {
    query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, parts[0].lowercased() == "x-algolia-api-key" else { return String(pair) }
      return "\(parts[0])=\(obfuscated(key: String(parts[1])))"
    }.joined(separator: "&")
  }
}
