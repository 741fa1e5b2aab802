import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// Since format 4 a segment image stores the slices of its coded numeric columns (``RangeCodes``), so that
/// the first range after opening reads a byte a record instead of making them from the codes. The stored
/// slices must be the ones the codes give, be there before any query, answer every range as the index in
/// memory does, and be checked like any array.
@Suite("Segment images: stored range codes")
struct StoredRangeCodesTests {
  typealias Generator = DifferentialTests.Generator

  /// Records whose `price` takes about `distinct` values (some records have none), and a facet of few.
  static func records(count: Int, distinct: Int, seed: UInt64) -> [[String: JSON]] {
    var random = Generator(state: seed)
    return (0..<count).map { number -> [String: JSON] in
      var record: [String: JSON] = [
        "objectID": .string("r\(number)"), "name": .string("item \(number % 7)"),
        "brand": .string(["Sony", "Acme", "Bose"][number % 3]),
      ]
      if random.int(0..<10) > 0 { record["price"] = .number(Double(random.int(0..<distinct)) / 4) }
      return record
    }
  }

  static let settings: [String: JSON] = [
    "searchableAttributes": ["name"], "attributesForFaceting": ["brand", "price"],
  ]

  @Test("Stored slices are the codes' own, there before any range, and ranges answer as in memory")
  func sameAsMade() throws {
    let records = Self.records(count: 3_000, distinct: 2_000, seed: 41)
    let folder = try ScratchFolder()
    let path = folder.file("slices")
    try RecordElisionTests.write(records, settings: Self.settings, to: path)
    let reopened = try DurableIndex(directory: path, name: "products").index
    let column = try #require(reopened.view.segments.first?.snapshot.numerics["price"])
    let coded = try #require(column.coded)
    guard case .shorts = coded.codes else {
      Issue.record("2,000 values are coded in two bytes")
      return
    }
    #expect(column.rangeCodeBytes > 3_000, "read with the image, before any range")
    let stored = try #require(column.rangeCodes)
    let made = try #require(RangeCodes(coded))
    #expect(stored.slices.elementsEqual(made.slices))
    let memory = try Fixture.index(records, settings: Self.settings)
    var random = Generator(state: 42)
    for round in 0..<40 {
      let low = Double(random.int(0..<2_000)) / 4
      let high = low + Double(random.int(0..<(round % 2 == 0 ? 40 : 2_000))) / 4
      let filters = [
        "price:\(low) TO \(high)", "price > \(low)", "price <= \(high) AND brand:Sony", "NOT price:\(low) TO \(high)",
      ][round % 4]
      let request = Fixture.query(round % 3 == 0 ? "item" : "", filters: filters) {
        $0.facets = ["brand", "price"]
        $0.hitsPerPage = 50
      }
      let expected = try memory.search(request)
      let found = try reopened.search(request)
      #expect(found.nbHits == expected.nbHits, "\(filters)")
      #expect(found.hits.map(\.objectID) == expected.hits.map(\.objectID), "\(filters)")
      #expect(found.facets == expected.facets, "\(filters)")
    }
  }

  @Test("Byte codes store no slices; a column with few values reads none")
  func byteCodes() throws {
    let folder = try ScratchFolder()
    let path = folder.file("bytes")
    try RecordElisionTests.write(Self.records(count: 500, distinct: 100, seed: 43), settings: Self.settings, to: path)
    let reopened = try DurableIndex(directory: path, name: "products").index
    let column = try #require(reopened.view.segments.first?.snapshot.numerics["price"])
    #expect(column.rangeCodes == nil && column.rangeCodeBytes == 0)
  }

  @Test("A damaged slice byte fails its checksum at open, naming the array")
  func damaged() throws {
    let folder = try ScratchFolder()
    let path = folder.file("damaged")
    try RecordElisionTests.write(
      Self.records(count: 2_000, distinct: 1_500, seed: 44), settings: Self.settings, to: path)
    let file = try PackedListsImageTests.segmentImage(inIndexAt: path)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    let array = try #require(
      PackedListsImageTests.heads(bytes).first { $0.hash == ImageWriter.hash("numeric.slices") && $0.length > 0 })
    bytes[array.head + 24 + array.length / 2] ^= 0x5A
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    do {
      _ = try DurableIndex(directory: path, name: "products")
      Issue.record("damaged slices opened")
    } catch {
      #expect("\(error)".contains("numeric.slices at offset \(array.head + 24) fails its checksum"), "\(error)")
    }
  }
}
