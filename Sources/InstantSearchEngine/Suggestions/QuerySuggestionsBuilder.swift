import Foundation
import InstantSearchModel

/// Builds a query suggestions index from past queries: each query people searched often enough (and,
/// with a source index, that finds something there) becomes a record `{"query", "popularity", "nb_words"}`,
/// the shape of Algolia's Query Suggestions indices, searched as you type beside the main index.
///
/// ```swift
/// var builder = QuerySuggestionsBuilder()
/// try builder.addLog(contentsOf: logURL)            // one query a line, or {"query": …, "count": …}
/// let index = LocalIndex(name: "products_query_suggestions", settings: QuerySuggestionsBuilder.settings)
/// try index.saveRecords(try builder.records(checkingHitsIn: products))
/// ```
///
/// Queries are compared normalized — spaces trimmed and collapsed, lower case — and the most frequent
/// spelling is the one suggested (the normalized one among equally frequent ones).
public struct QuerySuggestionsBuilder: Sendable {
  /// The fewest searches a query needs to be suggested (2).
  public var minimumCount = 2
  /// The fewest letters and digits a query needs (3): "a" or "ip" suggest nothing useful.
  public var minimumLetters = 3
  /// With a source index, the fewest hits a query must find there (1): never suggest a dead end.
  public var minimumHits = 1
  /// The most suggestions kept, the most popular first (10,000).
  public var maximumSuggestions = 10_000

  private var counts: [String: Int] = [:]
  private var spellings: [String: [String: Int]] = [:]

  /// A builder with the default thresholds.
  public init() {}

  /// The settings of a suggestions index: the query searchable, the most popular first, then the shortest.
  public static var settings: IndexSettings {
    var settings = IndexSettings()
    settings.searchableAttributes = [.init(path: "query", priority: 0, isOrdered: true)]
    settings.customRanking = [
      .init(path: "popularity", isAscending: false), .init(path: "nb_words", isAscending: true),
    ]
    settings.hitsPerPage = 5
    return settings
  }

  /// Counts `count` searches of `query`.
  public mutating func add(query: String, count: Int = 1) {
    let key = Self.normalized(query)
    guard !key.isEmpty, count > 0 else { return }
    counts[key, default: 0] += count
    let spelling = query.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    spellings[key, default: [:]][spelling, default: 0] += count
  }

  /// Counts the queries of a log: one query a line, or a JSON object a line with a string `query` and
  /// an optional integer `count` (a line starting with `{` is read as JSON).
  ///
  /// - Throws: ``EngineError/invalidRecord(line:reason:)`` for a JSON line without a string `query`,
  ///   naming the line (1-based); the queries before it stay counted.
  public mutating func addLog(_ text: String) throws(EngineError) {
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !trimmed.isEmpty else { continue }
      guard trimmed.hasPrefix("{") else {
        add(query: trimmed)
        continue
      }
      let json: JSON
      do {
        json = try JSONDecoder().decodeBounded(JSON.self, from: Data(trimmed.utf8))
      } catch {
        throw .invalidRecord(line: offset + 1, reason: "not JSON: \(error)")
      }
      guard case .object(let object) = json, let query = object["query"]?.stringValue else {
        throw .invalidRecord(line: offset + 1, reason: "a JSON line needs a string \"query\"")
      }
      let count = object["count"]?.doubleValue.flatMap { Int(exactly: $0) } ?? 1
      add(query: query, count: count)
    }
  }

  /// Counts the queries of the log file at `url` (see ``addLog(_:)``).
  public mutating func addLog(contentsOf url: URL) throws {
    try addLog(String(contentsOf: url, encoding: .utf8))
  }

  /// The suggestion records, the most popular first (ties alphabetical). With `source`, each query is
  /// searched there: one finding fewer than ``minimumHits`` is left out, the others record the hits
  /// found under the source's name (`{"products": {"exact_nb_hits": 12}}`).
  public func records(checkingHitsIn source: LocalIndex? = nil) throws(EngineError) -> [[String: JSON]] {
    let kept = counts.filter { key, count in
      count >= minimumCount && key.unicodeScalars.filter(TextTokens.isWordScalar).count >= minimumLetters
    }
    .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    var records: [[String: JSON]] = []
    for (key, count) in kept {
      guard records.count < maximumSuggestions else { break }
      // The most frequent spelling; among equals, the normalized one, else the first in byte order.
      let spelling =
        spellings[key]?.max { lhs, rhs in
          if lhs.value != rhs.value { return lhs.value < rhs.value }
          if (lhs.key == key) != (rhs.key == key) { return rhs.key == key }
          return lhs.key > rhs.key
        }?.key ?? key
      var record: [String: JSON] = [
        "objectID": .string(key), "query": .string(spelling), "popularity": .number(Double(count)),
        "nb_words": .number(Double(TextTokens.words(of: key).count)),
      ]
      if let source {
        var query = Query(spelling)
        query.hitsPerPage = 0
        let hits = try source.search(query).nbHits
        guard hits >= minimumHits else { continue }
        record[source.name] = ["exact_nb_hits": .number(Double(hits))]
      }
      records.append(record)
    }
    return records
  }

  /// The form queries are compared in: trimmed, inner spaces collapsed, lower case.
  static func normalized(_ query: String) -> String {
    query.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
  }
}
