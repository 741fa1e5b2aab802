import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// An index built by many small writes holds its records in several segments with deletions; it must
/// answer exactly as one built at once with the same records in the same first-saved order: the same
/// hits in the same order on every page, the same counts, facets, statistics and facet value search.
@Suite("Segments: small writes answer as one build")
struct SegmentTests {
  typealias Generator = DifferentialTests.Generator

  static let settings: [String: JSON] = [
    "attributesForFaceting": .array(
      DifferentialTests.facets.map { JSON.string($0 == "brand" ? "searchable(brand)" : $0) }),
    "searchableAttributes": ["brand", "meta.kind"], "customRanking": ["desc(rating)", "asc(price)"],
  ]

  /// `records` written one to a dozen at a time, some first saved wrong and replaced (in place), some
  /// updated partially, with deletes of records that come back later in the stream as new records.
  static func written(
    _ records: [[String: JSON]], random: inout Generator, settings: [String: JSON] = settings
  ) throws -> LocalIndex {
    let index = LocalIndex(name: "products", settings: try IndexSettings(json: settings))
    var position = 0
    while position < records.count {
      let chunk = Array(records[position..<min(records.count, position + 1 + random.int(0..<12))])
      var first = chunk
      for index in first.indices where random.int(0..<3) == 0 {
        first[index]["brand"] = "placeholder"
        first[index]["rating"] = .number(9)
      }
      try index.saveRecords(first)
      for record in chunk where random.int(0..<4) == 0 {
        try index.saveRecords([record])
      }
      try index.saveRecords(chunk)
      if let record = chunk.last, let id = record["objectID"]?.stringValue, let brand = record["brand"] {
        index.partialUpdate(objectID: id, attributes: ["brand": brand])
      }
      position += chunk.count
    }
    return index
  }

  static func queries(_ random: inout Generator) -> [Query] {
    (0..<60).map { round in
      let (_, text) = DifferentialTests.expression(&random)
      var query = Query(random.bool() ? random.pick(["sony", "LG", "sonx", "dates", "ünï", "app", "a", "10"]) : nil)
      if random.bool() { query.filters = text }
      query.facets = DifferentialTests.facets + ["price", "rating"]
      query.maxValuesPerFacet = random.pick([1, 2, 1000])
      query.hitsPerPage = random.pick([1, 7, 50])
      if round % 3 == 0 { query.typoTolerance = random.pick([.min, .strict, .enabled(false)]) }
      if round % 4 == 0 { query.sortFacetValuesBy = .alpha }
      return query
    }
  }

  @Test("Hits on every page, counts, facets and statistics equal one build's", arguments: [5, 99])
  func sameAnswers(seed: Int) throws {
    var random = Generator(state: UInt64(seed))
    let records = (0..<300).map { DifferentialTests.record($0, &random) }
    let whole = try Fixture.index(records, settings: Self.settings)
    let written = try Self.written(records, random: &random)
    let view = written.view
    #expect(view.segments.count > 1, "the writes left one segment: the test would not merge anything")
    #expect(view.segments.contains { $0.deletedCount > 0 }, "no segment has deletions")
    #expect(written.recordCount == records.count)
    for query in Self.queries(&random) {
      var page = query
      for number in 0..<3 {
        page.page = number
        let expected = try whole.search(page)
        let answer = try written.search(page)
        #expect(answer.hits.map(\.objectID) == expected.hits.map(\.objectID), "\(page.urlEncodedParameters)")
        #expect(answer.hits == expected.hits, "\(page.urlEncodedParameters)")
        #expect(answer.nbHits == expected.nbHits && answer.nbPages == expected.nbPages)
        #expect(answer.facets == expected.facets, "\(page.urlEncodedParameters)")
        #expect(answer.facetsStats == expected.facetsStats, "\(page.urlEncodedParameters)")
      }
      let facetQuery = random.pick(["", "s", "l", "d"])
      #expect(
        try written.searchForFacetValues(attribute: "brand", facetQuery: facetQuery, query: query)
          == whole.searchForFacetValues(attribute: "brand", facetQuery: facetQuery, query: query))
    }
  }

  @Test("Single writes keep few segments; replacing every record twice keeps the stored records near the live ones")
  func mergePolicy() throws {
    let index = LocalIndex(name: "p", settings: try IndexSettings(json: ["searchableAttributes": ["name"]]))
    var most = 0
    for number in 0..<600 {
      try index.saveRecords([["objectID": .string("r\(number)"), "name": .string("item \(number)")]])
      most = max(most, index.view.segments.count)
    }
    // At most three segments per size tier (log₄ 600 < 5 tiers), and one being added.
    #expect(most <= 3 * 5 + 1)
    for round in 0..<2 {
      for number in stride(from: 0, to: 600, by: 10) {
        try index.saveRecords(
          (number..<number + 10).map { ["objectID": .string("r\($0)"), "name": .string("round \(round) \($0)")] })
      }
    }
    let stored = index.view.segments.reduce(0) { $0 + $1.snapshot.recordCount }
    #expect(index.recordCount == 600)
    #expect(stored <= 2 * 600, "\(stored) records stored for 600 live")
    #expect(try index.search(Query("round 1 599")).hits.first?.objectID == "r599")
    #expect(try index.search(Query("item")).nbHits == 0)
  }

  @Test("Facet counts of every live record are kept per view, and follow the next write")
  func liveFacetTotals() throws {
    let index = LocalIndex(name: "p", settings: try IndexSettings(json: ["attributesForFaceting": ["color"]]))
    try index.saveRecords(
      (0..<20).map { ["objectID": .string("r\($0)"), "color": .string($0 % 2 == 0 ? "red" : "blue")] })
    index.deleteRecords(objectIDs: ["r0"])
    try index.saveRecords([["objectID": "new", "color": "green"]])
    #expect(index.view.segments.count > 1)
    let query = Fixture.query { $0.facets = ["color"] }
    let first = try index.search(query)
    #expect(first.facets["color"] == ["red": 9, "blue": 10, "green": 1])
    #expect(try index.search(query).facets == first.facets)
    #expect(index.view.liveFacetTotals.withLock { $0.count } == 1)
    index.deleteRecords(objectIDs: ["new"])
    #expect(try index.search(query).facets["color"] == ["red": 9, "blue": 10])
  }

  @Test("A replaced record keeps its place among ties; a deleted and saved again one goes last")
  func tieOrder() throws {
    let index = LocalIndex(name: "p")
    try index.saveRecords((0..<5).map { ["objectID": .string("r\($0)")] })
    try index.saveRecords([["objectID": "r1", "v": 1]])
    index.deleteRecords(objectIDs: ["r2"])
    try index.saveRecords([["objectID": "r2"], ["objectID": "r5"]])
    #expect(index.view.segments.count > 1)
    #expect(try index.search(Query()).hits.map(\.objectID) == ["r0", "r1", "r3", "r4", "r2", "r5"])
  }
}

@Suite("Segments: merges in the background")
struct BackgroundMergeTests {
  typealias Generator = DifferentialTests.Generator

  @Test("Deletions and replacements made while a merge runs are carried into the merged segment")
  func writesDuringAMerge() throws {
    var random = Generator(state: 31)
    let records = (0..<400).map { DifferentialTests.record($0, &random) }
    let index = LocalIndex(name: "products", settings: try IndexSettings(json: SegmentTests.settings))
    // Three segments of one tier: no merge is due yet.
    for range in [0..<200, 200..<300, 300..<400] { try index.saveRecords(Array(records[range])) }
    index.waitForMerges()
    var final = records
    let view = index.view
    #expect(view.segments.count == 3)
    index.merge(Array(view.segments.indices), of: view) {
      // Meanwhile: deletes, replacements and new records, in segments the merge has read.
      index.deleteRecords(objectIDs: ["r3", "r150", "r399"])
      var changed = records[10]
      changed["brand"] = "changed"
      try? index.saveRecords([changed])
      final[10] = changed
    }
    final.removeAll { ["r3", "r150", "r399"].contains($0["objectID"]?.stringValue ?? "") }
    // The merged segment replaced the three; the replacement made meanwhile is a segment of its own.
    #expect(index.view.segments.count == 2)
    #expect(index.recordCount == final.count)
    let whole = try Fixture.index(final, settings: SegmentTests.settings)
    for query in SegmentTests.queries(&random).prefix(30) {
      let expected = try whole.search(query)
      let answer = try index.search(query)
      #expect(answer.hits.map(\.objectID) == expected.hits.map(\.objectID), "\(query.urlEncodedParameters)")
      #expect(answer.nbHits == expected.nbHits && answer.facets == expected.facets)
    }
  }

  @Test("Large merges run on the merge thread while writers go on; the result answers as one build")
  func concurrentWrites() async throws {
    var random = Generator(state: 47)
    // At least 24,576 records in chunks of at least 4,096 (the sizes this test had when writes merged up
    // to 8,192 records themselves): merges of every size up to the whole run on the merge thread.
    let count = max(MergePolicy.inlineLimit, 8_192) * 3
    let records = (0..<count).map { DifferentialTests.record($0, &random) }
    let index = LocalIndex(name: "products", settings: try IndexSettings(json: SegmentTests.settings))
    let chunk = max(MergePolicy.inlineLimit, 8_192) / 2
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        for start in stride(from: 0, to: count, by: chunk) {
          try index.saveRecords(Array(records[start..<min(count, start + chunk)]))
        }
      }
      group.addTask {
        for _ in 0..<20 { _ = try index.search(Query("sony")) }
      }
      try await group.waitForAll()
    }
    index.waitForMerges()
    // Once merges have caught up, no tier holds more than three segments.
    let tiers = Dictionary(grouping: index.view.segments) { MergePolicy.tier($0.liveCount) }
    #expect(tiers.values.allSatisfy { $0.count < MergePolicy.factor }, "\(index.view.segments.map(\.liveCount))")
    let whole = try Fixture.index(records, settings: SegmentTests.settings)
    for query in SegmentTests.queries(&random).prefix(20) {
      #expect(try index.search(query).hits.map(\.objectID) == whole.search(query).hits.map(\.objectID))
      #expect(try index.search(query).facets == whole.search(query).facets)
    }
  }
}

@Suite("Segments: a large logged batch packed on two threads")
struct LargeBatchTests {
  @Test("A batch of 9,000 saves with replacements, a partial update and a delete answers as one build")
  func twoHalves() throws {
    var random = DifferentialTests.Generator(state: 61)
    let records = (0..<9_500).map { DifferentialTests.record($0, &random) }
    let index = LocalIndex(name: "products", settings: try IndexSettings(json: SegmentTests.settings))
    try index.saveRecords(Array(records[0..<500]))
    var final = records
    var replaced = records[7]
    replaced["brand"] = "replaced"
    final[7] = replaced
    final[9_000]["rating"] = 9
    let batch = Array(records[500..<9_500]) + [replaced]
    try index.apply([
      .save(batch), .partialUpdate(objectID: "r9000", attributes: ["rating": 9], createIfNotExists: false),
      .delete(["r12"]),
    ])
    final.remove(at: 12)
    index.waitForMerges()
    // The batch became two segments (its halves), beside the first save's.
    #expect(index.view.segments.count >= 2)
    #expect(index.recordCount == final.count)
    let whole = try Fixture.index(final, settings: SegmentTests.settings)
    for query in SegmentTests.queries(&random).prefix(20) {
      let expected = try whole.search(query)
      let answer = try index.search(query)
      #expect(answer.hits.map(\.objectID) == expected.hits.map(\.objectID), "\(query.urlEncodedParameters)")
      #expect(answer.nbHits == expected.nbHits && answer.facets == expected.facets)
    }
  }
}
