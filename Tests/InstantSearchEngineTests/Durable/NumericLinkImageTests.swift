import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// A segment image stores the numeric facet links (``NumericLinkImage``): read back, each is the link the
/// columns make, or none where the records break it; a stored link that cannot be one is refused.
@Suite("Segment images: numeric facet links")
struct NumericLinkImageTests {
  typealias Generator = DifferentialTests.Generator

  /// Records with a price (a number, or, `breaking`, in one record a string, which breaks the link), a rating
  /// (always a number) and a brand; all three facets.
  static func records(count: Int, breaking: Bool, seed: UInt64) -> [[String: JSON]] {
    var random = Generator(state: seed)
    return (0..<count).map { doc in
      var record: [String: JSON] = [
        "objectID": .string("r\(doc)"), "brand": .string("b\(random.int(0..<9))"),
        "rating": .number(Double(random.int(0..<5))),
      ]
      if breaking && doc == count / 2 {
        record["price"] = .string("12")
      } else if random.int(0..<10) > 0 {
        record["price"] = .number(Double(random.int(0..<700)) / 4)
      }
      return record
    }
  }

  static let settings: [String: JSON] = ["attributesForFaceting": ["price", "brand", "rating"]]

  @Test("Read back, every link is the one the columns make, or none where they make none", arguments: [false, true])
  func roundTrip(breaking: Bool) throws {
    let folder = try ScratchFolder()
    for (round, count) in [40, 900, SnapshotBuilder.parallelBuildThreshold + 10].enumerated() {
      let records = Self.records(count: count, breaking: breaking, seed: 0x11AC + UInt64(round))
      let index = try Fixture.index(records, settings: Self.settings)
      let segment = try #require(index.view.segments.first)
      let path = folder.file("links-\(breaking)-\(round)")
      _ = try SnapshotImage.write(segment, to: path, durability: .process)
      // Read as a query runs: the background thread, which would make missing links, waits meanwhile
      // (at its first pause point, in the ranking's inverse queued before them).
      let (read, stored) = try BackgroundThread.querying {
        let (read, _, _) = try SnapshotImage.read(path, name: "products", settings: index.view.settings)
        return (read, read.numericFacetMemo.withLock { $0 })
      }
      #expect(stored.keys.sorted() == ["price", "rating"], "round \(round): the links are read, not made")
      for attribute in ["price", "rating"] {
        let numbers = try #require(read.numerics[attribute]?.coded)
        let facet = try #require(read.facets[attribute])
        let made = NumericFacetLink(numbers: numbers, facet: facet)
        let loaded = try #require(stored[attribute])
        #expect((made == nil) == (loaded == nil), "round \(round) \(attribute)")
        #expect(made?.facetIDs == loaded?.facetIDs, "round \(round) \(attribute)")
        #expect(made?.codes == loaded?.codes, "round \(round) \(attribute)")
        #expect(made.map { $0.numbers.map(\.bitPattern) } == loaded.map { $0.numbers.map(\.bitPattern) })
      }
      #expect(((stored["price"] ?? nil) == nil) == breaking, "round \(round): a string price breaks the link")
    }
  }

  @Test("A reopened directory counts its price facet through the stored link as the records in memory do")
  func searches() throws {
    let folder = try ScratchFolder()
    let records = Self.records(count: 3_000, breaking: false, seed: 0x5EA)
    let path = folder.file("index")
    try RecordElisionTests.write(records, settings: Self.settings, to: path)
    let memory = try Fixture.index(records, settings: Self.settings)
    let durable = try DurableIndex(directory: path, name: "products")
    let snapshot = try #require(durable.index.view.soleSnapshot)
    #expect(snapshot.numericFacetMemo.withLock { $0.keys.sorted() } == ["price", "rating"])
    // Reported in the storage table: per code an id, per facet value a code; and a number per facet value
    // once the statistics of a query have made them (opening leaves the column's values untouched).
    let links = ["price", "rating"].compactMap { snapshot.numericFacetLink($0) }
    #expect(links.count == 2)
    #expect(
      durable.index.storageStatistics["numeric facet links"]
        == links.reduce(0) { $0 + $1.facetIDs.count * 4 + $1.codes.count * 4 })
    for filters in ["rating >= 2", "brand:b3", "price < 20"] {
      let query = Fixture.query(filters: filters) { $0.facets = ["price", "rating"] }
      try Fixture.expectSameAnswer(query, from: durable.index, as: memory, filters)
    }
    // Most records: counted as the totals less the records missing, the statistics come from the counts by
    // facet value, through the link's numbers.
    let most = Fixture.query(filters: "NOT brand:b3") { $0.facets = ["price", "rating"] }
    try Fixture.expectSameAnswer(most, from: durable.index, as: memory, "most records")
    #expect(
      durable.index.storageStatistics["numeric facet links"]
        == links.reduce(0) { $0 + $1.facetIDs.count * 4 + $1.codes.count * 12 })
  }

  @Test("A stored link is refused: an id that is no facet value, two codes sharing one, counts that differ")
  func refused() throws {
    let records = Self.records(count: 500, breaking: false, seed: 0x5107)
    let snapshot = try #require(try Fixture.index(records, settings: Self.settings).view.soleSnapshot)
    let numbers = try #require(snapshot.numerics["price"]?.coded)
    let facet = try #require(snapshot.facets["price"])
    let link = try #require(NumericFacetLink(numbers: numbers, facet: facet))
    #expect(NumericFacetLink(facetIDs: link.facetIDs, numbers: numbers, facet: facet)?.codes == link.codes)
    var random = Generator(state: 0xBAD)
    for round in 0..<50 {
      var ids = link.facetIDs
      let slot = random.int(0..<ids.count)
      switch round % 3 {
      case 0: ids[slot] = UInt32(facet.keys.count + random.int(0..<3))
      case 1:
        let other = (slot + 1 + random.int(0..<(ids.count - 1))) % ids.count
        ids[slot] = ids[other] == .max ? 0 : ids[other]
        if ids[other] == .max { ids[other] = 0 }
      default: ids.removeLast(1 + random.int(0..<3))
      }
      #expect(NumericFacetLink(facetIDs: ids, numbers: numbers, facet: facet) == nil, "round \(round)")
    }
    let rating = try #require(snapshot.numerics["rating"]?.coded)
    #expect(NumericFacetLink(facetIDs: link.facetIDs, numbers: rating, facet: facet) == nil, "another column's codes")
  }
}
