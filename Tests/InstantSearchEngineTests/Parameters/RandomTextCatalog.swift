import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

/// Random records of words from a small vocabulary in three searchable attributes, held by an index of
/// one segment and by one of three, for differential tests of the text parameters against a brute force
/// that reads the records one by one.
struct RandomTextCatalog {
  static let attributes = ["name", "description", "tags"]
  let records: [[String: JSON]]
  /// The same records in one segment (matches may stay an unread bitset) and in three.
  let indexes: [LocalIndex]

  /// The catalog of `seed`, with `extra` settings beside its own.
  init(seed: UInt64, perBatch: Int = 700, extra: [String: JSON] = [:]) throws {
    var generator = SplitMix64(seed: seed)
    let vocabulary = ["red", "blue", "shirt", "shoe", "hat", "green", "cotton", "wool", "sale", "new"]
    func phrase() -> String {
      (0..<Int.random(in: 1...4, using: &generator)).map { _ in vocabulary.randomElement(using: &generator) ?? "" }
        .joined(separator: " ")
    }
    let settings = try IndexSettings(
      json: [
        "searchableAttributes": .array(Self.attributes.map(JSON.string)), "typoTolerance": false,
        "paginationLimitedTo": 5000,
      ].merging(extra) { _, given in given })
    var records: [[String: JSON]] = []
    for batch in 0..<3 {
      for number in 0..<perBatch {
        var record: [String: JSON] = ["objectID": .string("\(batch)-\(number)")]
        for attribute in Self.attributes { record[attribute] = .string(phrase()) }
        records.append(record)
      }
    }
    try self.init(records: records, settings: settings)
  }

  /// `records` (three batches of equal size) in one segment and in three, with `settings`; with
  /// `rebuilding`, also in an index given `settings` only once its records are in (built again).
  init(records: [[String: JSON]], settings: IndexSettings, rebuilding: Bool = false) throws {
    let perBatch = records.count / 3
    let single = LocalIndex(name: "single", settings: settings)
    try single.saveRecords(records)
    let several = LocalIndex(name: "several", settings: settings)
    for batch in 0..<3 {
      try several.saveRecords(
        Array(records[(batch * perBatch)..<(batch == 2 ? records.count : (batch + 1) * perBatch)]))
    }
    self.records = records
    var indexes = [single, several]
    if rebuilding {
      let rebuilt = LocalIndex(name: "rebuilt", settings: IndexSettings())
      try rebuilt.saveRecords(Array(records.prefix(perBatch)))
      try rebuilt.saveRecords(Array(records.dropFirst(perBatch)))
      rebuilt.setSettings(settings)
      indexes.append(rebuilt)
    }
    self.indexes = indexes
  }

  /// The words of `attribute` in `record`.
  static func words(_ record: [String: JSON], _ attribute: String) -> [String] {
    record[attribute]?.stringValue?.split(separator: " ").map(String.init) ?? []
  }

  /// Expects every index, with and without a side thread, to find exactly the records `expected` keeps
  /// for `query` (every page read), and as many hits.
  func expectMatches(
    _ query: Query, _ expected: ([String: JSON]) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let wanted = Set(records.filter(expected).compactMap { $0["objectID"]?.stringValue })
    for index in indexes {
      for parallelism in [SearchParallelism.callerOnly, .sideThread()] {
        var pages: [SearchResponse] = []
        repeat {
          var paged = query
          paged.hitsPerPage = 1000
          paged.page = pages.count
          pages.append(try index.search(paged, parallelism: parallelism))
        } while pages.count < (pages.last?.nbPages ?? 0)
        let found = Set(pages.flatMap(Fixture.ids))
        let extra = found.subtracting(wanted).sorted().prefix(3)
        let missing = wanted.subtracting(found).sorted().prefix(3)
        #expect(
          pages.first?.nbHits == wanted.count && extra.isEmpty && missing.isEmpty,
          "\(query.jsonObject) in \(index.name): \(pages.first?.nbHits ?? -1) vs \(wanted.count), extra \(extra), missing \(missing)",
          sourceLocation: sourceLocation)
      }
    }
  }
}
