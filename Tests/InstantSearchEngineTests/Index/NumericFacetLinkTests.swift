import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// A numeric facet counted by its number codes (``NumericFacetLink``) must count and summarize exactly as
/// counting its facet ids and reading its numbers does, and the link must refuse attributes where the two
/// columns disagree.
@Suite("Numeric facets counted by their codes")
struct NumericFacetLinkTests {
  typealias Generator = DifferentialTests.Generator

  static let settings: [String: JSON] = ["attributesForFaceting": ["price", "brand"]]

  static func snapshot(_ prices: [JSON?]) throws -> IndexSnapshot {
    let records: [[String: JSON]] = prices.enumerated().map { doc, price in
      var record: [String: JSON] = ["objectID": .string("r\(doc)"), "brand": .string(doc % 2 == 0 ? "a" : "b")]
      if let price { record["price"] = price }
      return record
    }
    return try #require(try Fixture.index(records, settings: Self.settings).view.soleSnapshot)
  }

  @Test("Counts and statistics by code equal those by facet id and by record, on random subsets")
  func sameCounts() throws {
    var random = Generator(state: 0x11CE)
    // Over 255 distinct values (two-byte codes), fractions, records without a price.
    let prices: [JSON?] = (0..<2_000).map { _ in
      random.int(0..<8) == 0 ? nil : .number(Double(random.int(0..<1_200)) / 4)
    }
    let snapshot = try Self.snapshot(prices)
    let column = try #require(snapshot.facets["price"])
    let numeric = try #require(snapshot.numerics["price"])
    #expect(snapshot.numericFacetLink("price") != nil)
    #expect(snapshot.numericFacetLink("brand") == nil, "brand is no number")
    let executor = SearchExecutor(snapshot: snapshot, query: Query())
    let everyCount = executor.valueCounts(column, nil, complement: nil)
    #expect(executor.linkedStatistics("price", everyCount)?.stats == executor.statistics(numeric, nil).stats)
    for round in 0..<40 {
      let keep = random.int(1..<65)
      let records = (0..<UInt32(prices.count)).filter { _ in round == 0 || random.int(0..<64) < keep }
      let linked = try #require(executor.linkedCounts("price", records))
      let expected = executor.valueCounts(column, records, complement: nil)
      #expect(Self.byKey(linked.pairs, column) == Self.byKey(expected, column), "round \(round)")
      #expect(linked.statistics.stats == executor.statistics(numeric, records).stats, "round \(round)")
      // The statistics from facet counts however they were counted: directly, by the complement, or of all.
      let complement = SearchExecutor.complement(of: records, universe: prices.count)
      let byComplement = executor.valueCounts(column, records, complement: complement)
      #expect(executor.linkedStatistics("price", expected)?.stats == linked.statistics.stats, "round \(round)")
      #expect(executor.linkedStatistics("price", byComplement)?.stats == linked.statistics.stats, "round \(round)")
      // Other segments' counts added by facet id (repeated ids too): in the counts, not the statistics.
      let extras = (0..<random.int(0..<6)).map { _ in
        (value: random.int(0..<column.keys.count), count: random.int(1..<4))
      }
      let withExtras = try #require(executor.linkedCounts("price", records, adding: extras))
      #expect(
        Self.byKey(withExtras.pairs, column)
          == Self.byKey(executor.valueCounts(column, records, complement: nil, adding: extras), column),
        "round \(round)")
      #expect(withExtras.statistics.stats == linked.statistics.stats)
    }
  }

  @Test("No link when a facet value is no number, when a code has two facet values, or a value two codes")
  func refused() throws {
    // A string "12" is a facet value but not a number.
    #expect(try Self.snapshot([.number(12), .string("12"), .number(3)]).numericFacetLink("price") == nil)
    // 0 and -0 are one number; whether their facet keys differ or not, counting by code must match.
    let zeros = try Self.snapshot([.number(0), .number(-0.0), .number(1)])
    let executor = SearchExecutor(snapshot: zeros, query: Query())
    let column = try #require(zeros.facets["price"])
    if let linked = executor.linkedCounts("price", [0, 1, 2]) {
      #expect(
        Self.byKey(linked.pairs, column)
          == Self.byKey(executor.valueCounts(column, [0, 1, 2], complement: nil), column))
    }
    // Several values a record: no single-valued facet column to link.
    #expect(try Self.snapshot([.array([.number(1), .number(2)]), .number(3)]).numericFacetLink("price") == nil)
  }

  @Test("A large snapshot has its links made when built; a small one makes them on first use")
  func madeWhenBuilt() throws {
    let large = try Self.snapshot((0..<SnapshotBuilder.parallelBuildThreshold).map { .number(Double($0 % 500)) })
    let made = large.numericFacetMemo.withLock { $0["price"] }
    #expect(made != nil && made?.map(\.codes.count) == large.facets["price"]?.keys.count)
    // brand is a facet but no number: nothing to link.
    #expect(large.numericFacetMemo.withLock { $0.keys.sorted() } == ["price"])
    // A settings change that keeps the structures (another custom ranking, a replica) keeps the links.
    let records: [[String: JSON]] = (0..<SnapshotBuilder.parallelBuildThreshold).map {
      ["objectID": .string("r\($0)"), "price": .number(Double($0 % 500))]
    }
    let index = try Fixture.index(records, settings: Self.settings)
    var settings = index.settings
    settings.customRanking = [.init(path: "price", isAscending: false)]
    index.setSettings(settings)
    let reranked = try #require(index.view.soleSnapshot)
    #expect(reranked.ordering.criteria == [.init(path: "price", isAscending: false)])
    #expect(reranked.numericFacetMemo.withLock { $0.keys.sorted() } == ["price"])
    let small = try Self.snapshot([.number(1), .number(2)])
    #expect(small.numericFacetMemo.withLock { $0.isEmpty })
    #expect(small.numericFacetLink("price") != nil)
  }

  @Test("A filtered search reports the price facet and its statistics through the link")
  func searchAnswers() throws {
    let prices: [JSON?] = [.number(10), .number(2.5), nil, .number(10), .number(99), .number(2.5), .number(7)]
    let records: [[String: JSON]] = prices.enumerated().map { doc, price in
      var record: [String: JSON] = ["objectID": .string("r\(doc)"), "brand": .string(doc % 2 == 0 ? "a" : "b")]
      if let price { record["price"] = price }
      return record
    }
    let index = try Fixture.index(records, settings: Self.settings)
    #expect(index.view.soleSnapshot?.numericFacetLink("price") != nil)
    // Brand a: records 0, 2, 4 and 6, priced 10, none, 99 and 7.
    let response = try index.search(Fixture.query(filters: "brand:a") { $0.facets = ["price"] })
    #expect(response.facets["price"] == ["10": 1, "99": 1, "7": 1])
    #expect(response.facetsStats["price"] == FacetStats(min: 7, max: 99, avg: 116.0 / 3, sum: 116))
    // Most records match (counted by the complement), or all of them (an empty query).
    let all = FacetStats(min: 2.5, max: 99, avg: 131.0 / 6, sum: 131)
    let most = try index.search(Fixture.query(filters: "price < 50") { $0.facets = ["price"] })
    #expect(most.facetsStats["price"] == FacetStats(min: 2.5, max: 10, avg: 32.0 / 5, sum: 32))
    #expect(try index.search(Fixture.query { $0.facets = ["price"] }).facetsStats["price"] == all)
  }

  static func byKey(_ pairs: [(value: Int, count: Int)], _ column: FacetColumn) -> [String: Int] {
    Dictionary(uniqueKeysWithValues: pairs.map { (column.keys[$0.value], $0.count) })
  }

  @Test(
    "The codes' facet ids, read a width at a time, are those a record-by-record pass finds, or none where it finds none",
    arguments: [200, 3_000, 70_000])
  func facetIDsAsByRecord(codeValues: Int) {
    var random = Generator(state: 0xFAC7 + UInt64(codeValues))
    for round in 0..<30 {
      let recordCount = random.int(0..<2_000)
      let idValues = random.pick([100, 1_000, 80_000])
      // A function from codes to ids (the link holds) in most rounds; broken by a few records in others.
      let idOfCode = (0..<codeValues).map { _ in UInt32(random.int(0..<idValues)) }
      var codes = [UInt32](repeating: .max, count: recordCount)
      var ids = [UInt32](repeating: .max, count: recordCount)
      for doc in 0..<recordCount where random.int(0..<10) > 0 {
        let code = random.int(0..<codeValues)
        codes[doc] = UInt32(code)
        ids[doc] = idOfCode[code]
      }
      for _ in 0..<random.pick([0, 0, 1, 3]) where recordCount > 0 {
        let doc = random.int(0..<recordCount)
        switch random.int(0..<3) {
        case 0: codes[doc] = .max
        case 1: ids[doc] = .max
        default: ids[doc] = UInt32(random.int(0..<idValues))
        }
      }
      // The reference: each record in turn, through the optional reads.
      let codeColumn = NarrowIDs(codes, valueCount: codeValues)
      let idColumn = NarrowIDs(ids, valueCount: idValues)
      var expected: [UInt32]? = [UInt32](repeating: .max, count: codeValues)
      for doc in 0..<recordCount {
        let code = codeColumn.value(doc)
        let id = idColumn.value(doc)
        guard let code, let id else {
          if code == nil, id == nil { continue }
          expected = nil
          break
        }
        if expected?[code] == .max {
          expected?[code] = UInt32(id)
        } else if expected?[code] != UInt32(id) {
          expected = nil
          break
        }
      }
      let found = NumericFacetLink.facetIDs(codes: codeColumn, ids: idColumn, valueCount: codeValues)
      #expect(found == expected, "round \(round)")
    }
  }
}
