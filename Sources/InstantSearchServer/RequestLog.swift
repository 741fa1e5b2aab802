import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import InstantSearchModel
import NIOCore

/// The server's own request log, answered by `GET /1/logs` with Algolia's fields: the newest
/// ``capacity`` API requests (Algolia keeps up to 1,000 per server), newest first, in memory (a restart
/// starts it afresh). `GET /1/logs` itself is not logged, as on Algolia.
final class RequestLog: Sendable {
  /// The most entries kept: 1,000.
  static let capacity = 1_000
  /// The most bytes of a request or response body kept in an entry: 1,000 (Algolia's `maxLength`).
  static let bodyBytes = 1_000

  /// What kind of request an entry is, as `GET /1/logs?type=` selects them.
  enum Kind: String, Sendable {
    /// Searches, browses, facet value searches, record reads.
    case query
    /// Writes: records, settings, synonyms, rules, indices, keys.
    case build
  }

  /// One request and its answer.
  struct Entry: Sendable {
    let started: Started
    let status: Int
    /// The answer's first bytes, or what it was when compressed.
    let answer: [UInt8]
  }

  private let entries = Locked<[Entry]>([])

  /// Appends `entry`, dropping the oldest past ``capacity``.
  func append(_ entry: Entry) {
    entries.withLock { entries in
      entries.append(entry)
      if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    }
  }

  /// The entries `GET /1/logs` asks for: newest first, from `offset`, at most `length`, of `index` (the
  /// request's index, or one of a multi-query's) and of `type` (`all`, `query`, `build`, `error`).
  func entries(offset: Int, length: Int, index: String?, type: String) -> [JSON] {
    let newestFirst = entries.withLock { Array($0.reversed()) }
    let selected = newestFirst.filter { entry in
      if let index, entry.started.index != index, !entry.started.innerQueries.contains(where: { $0.index == index }) {
        return false
      }
      switch type {
      case "query": return entry.started.kind == .query
      case "build": return entry.started.kind == .build
      case "error": return entry.status >= 400
      default: return true
      }
    }
    return selected.dropFirst(offset).prefix(length).map { .object(Self.fields(of: $0)) }
  }

  /// `response` to `request`, its body passed through so that the entry can keep its first bytes; the
  /// entry is appended once the body is written. `requestBody` is the body as received and `json` what it
  /// read as; `took`, the time to answer (not counting writing the answer out).
  func recording(
    _ response: Response, of request: Request, from address: String?, requestBody: ByteBuffer?, json: JSON?,
    took: Duration
  ) -> Response {
    guard request.uri.path != "/1/logs" else { return response }
    let captured = Locked<[UInt8]>([])
    let limit = Self.bodyBytes
    var response = response
    let status = response.status.code
    let compressed = response.headers[.contentEncoding] != nil
    let started = Self.describe(request, from: address, requestBody: requestBody, json: json, took: took)
    let body = response.body
    response.body = ResponseBody(contentLength: body.contentLength) { [self] writer in
      try await body.write(
        writer.map { buffer in
          captured.withLock { kept in
            guard kept.count < limit else { return }
            kept += buffer.getBytes(at: buffer.readerIndex, length: min(buffer.readableBytes, limit - kept.count)) ?? []
          }
          return buffer
        })
      let kept = compressed ? Array("(gzip, \(body.contentLength ?? 0) bytes)".utf8) : captured.withLock { $0 }
      append(Entry(started: started, status: status, answer: kept))
    }
    return response
  }
}
