import Crypto
import DequeModule
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
    /// The answer's first bytes.
    let answer: [UInt8]
  }

  /// The first bytes of the JSON answer being written for the request being handled (set by the handler
  /// around its work; `Response.jsonText` fills it).
  final class Answer: Sendable {
    private let kept = Locked<[UInt8]>([])

    /// Keeps the first ``RequestLog/bodyBytes`` of `bytes` (the first answer written wins).
    func keep(_ bytes: [UInt8]) {
      kept.withLock { kept in
        if kept.isEmpty { kept = Array(bytes.prefix(RequestLog.bodyBytes)) }
      }
    }

    var bytes: [UInt8] { kept.withLock { $0 } }
  }

  /// The answer of the request being handled on this task, if it is logged.
  @TaskLocal static var answer: Answer?

  private let entries = Locked<Deque<Entry>>([])

  /// Appends the entry of `request`, answered with `status` and `answer`, dropping the oldest past
  /// ``capacity``. `requestBody` is the body as received and `json` what it read as; `took`, the time to
  /// answer. `GET /1/logs` itself is not logged.
  func record(
    _ request: Request, from address: String?, requestBody: ByteBuffer?, json: JSON?, took: Duration, status: Int,
    answer: [UInt8]
  ) {
    guard request.uri.path != "/1/logs" else { return }
    let started = Self.describe(request, from: address, requestBody: requestBody, json: json, took: took)
    let entry = Entry(started: started, status: status, answer: answer)
    entries.withLock { entries in
      entries.append(entry)
      if entries.count > Self.capacity { entries.removeFirst() }
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
}
