import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// The differential records and filters on three indexes with the same content: built in memory, written to
/// a directory and reopened, and built by many small writes (saves in chunks, replacements, deletes and
/// re-saves, partial updates, commits) then reopened. Every answer must equal the naive evaluator's, and the
/// three must agree.
@Suite("Differential: in memory, reopened from disk, built by small writes")
struct DurableDifferentialTests {
  typealias Generator = DifferentialTests.Generator

  static let settings: [String: JSON] = [
    "attributesForFaceting": .array(DifferentialTests.facets.map(JSON.string)), "searchableAttributes": ["brand"],
  ]

  /// The index reopened from a directory written with one save and a commit (with `settings`, the
  /// differential ones by default).
  static func reopened(
    _ records: [[String: JSON]], folder: ScratchFolder, settings: [String: JSON] = settings
  ) throws -> LocalIndex {
    let path = folder.file("one")
    do {
      let durable = try DurableIndex(directory: path, name: "products", settings: try IndexSettings(json: settings))
      try durable.saveRecords(records)
      try durable.commit()
    }
    return try DurableIndex(directory: path, name: "products").index
  }

  /// The index reopened from a directory written by many small writes ending with `records` as content.
  static func smallWrites(_ records: [[String: JSON]], folder: ScratchFolder, random: inout Generator) throws
    -> LocalIndex
  {
    let path = folder.file("many")
    do {
      let durable = try DurableIndex(
        directory: path, name: "products", settings: try IndexSettings(json: settings), commitThreshold: 20_000)
      var position = 0
      while position < records.count {
        let chunk = Array(records[position..<min(records.count, position + 1 + random.int(0..<12))])
        // Some records first arrive wrong, or are deleted, before their final version is saved.
        for record in chunk where random.int(0..<4) == 0 {
          var wrong = record
          wrong["brand"] = "placeholder"
          wrong["price"] = .number(-1)
          try durable.saveRecords([wrong])
          if random.bool() { try durable.deleteRecords(objectIDs: [record["objectID"]?.stringValue ?? ""]) }
        }
        try durable.saveRecords(chunk)
        // A partial update writing values the record already has changes nothing.
        if let record = chunk.first, let id = record["objectID"]?.stringValue, let color = record["color"] {
          try durable.partialUpdate(objectID: id, attributes: ["color": color], createIfNotExists: false)
        }
        try durable.deleteRecords(objectIDs: ["never-there-\(position)"])
        if random.int(0..<5) == 0 { try durable.commit() }
        position += chunk.count
      }
    }
    return try DurableIndex(directory: path, name: "products").index
  }

  @Test("nbHits, facet counts and hits agree with the naive evaluator on all three", arguments: [11, 2027])
  func threeBuilds(seed: Int) throws {
    var random = Generator(state: UInt64(seed))
    let records = (0..<250).map { DifferentialTests.record($0, &random) }
    let folder = try ScratchFolder()
    let memory = try Fixture.index(records, settings: Self.settings)
    let reopened = try Self.reopened(records, folder: folder)
    let written = try Self.smallWrites(records, folder: folder, random: &random)
    #expect(reopened.recordCount == records.count && written.recordCount == records.count)
    for _ in 0..<120 {
      let (clauses, text) = DifferentialTests.expression(&random)
      var query = Query(random.bool() ? random.pick(["sony", "LG", "dates", "ünï", "app"]) : nil)
      query.filters = text
      query.facets = DifferentialTests.facets
      query.maxValuesPerFacet = 1000
      query.hitsPerPage = 1000
      let answers = try [memory, reopened, written].map { try $0.search(query) }
      // The filter part against the naive evaluator, on the in-memory index (with no text query).
      if query.query == nil {
        let matching = records.filter { record in
          clauses.allSatisfy { clause in clause.contains { DifferentialTests.naiveMatches($0, record) } }
        }
        #expect(answers[0].nbHits == matching.count, "\(text)")
      }
      // The three builds: the same hits, counts and facets; the reopened one in the same order.
      #expect(answers[1].hits.map(\.objectID) == answers[0].hits.map(\.objectID), "\(text)")
      #expect(Set(answers[2].hits.map(\.objectID)) == Set(answers[0].hits.map(\.objectID)), "\(text)")
      for answer in answers.dropFirst() {
        #expect(answer.nbHits == answers[0].nbHits && answer.facets == answers[0].facets, "\(text)")
      }
    }
  }
}
