import Foundation
import InstantSearchCore
import InstantSearchModel
import Testing

@testable import InstantSearchEngine

/// Arrays whose structure the verifying threads walk from the chunks they read aside, rather than the
/// opening thread through the mapping: a facet's key ends, a numeric column's record starts by value, the
/// starts of the values the records leave out. Large enough to be mapped (not read: see
/// ``ImageReader/readBelow``), each is refused at open once made to fall with a matching checksum; sound,
/// the reopened index answers facets, statistics and range filters as the in-memory one does, through the
/// facet's largest count, the numeric link's numbers and the range slices it now makes on first use.
@Suite("Structures walked while verifying")
struct VerifiedStructureTests {
  static let settings: [String: JSON] = [
    "searchableAttributes": ["name"], "attributesForFaceting": ["brand", "price"],
  ]

  /// 6,000 records, each with a brand and a price of its own: 6,000 keys and values, so that the arrays
  /// by value take 24 KB.
  static func records() -> [[String: JSON]] {
    (0..<6_000).map { number -> [String: JSON] in
      [
        "objectID": .string("r\(number)"), "name": .string("item \(number % 7)"),
        "brand": .string("b\(number)"), "price": .number(Double(number) / 4),
      ]
    }
  }

  static let arrays = [
    ("facet.keys.ends", "the keys of facet column brand end outside their bytes"),
    ("numeric.valueStarts", "the numeric column price does not hold together"),
    ("elision.valueStarts", "the left-out values of brand do not hold together"),
  ]

  @Test("Sound, the mapped arrays are large enough to be mapped and the reopened index answers as in memory")
  func sound() throws {
    let folder = try ScratchFolder()
    let path = folder.file("sound")
    let records = Self.records()
    try RecordElisionTests.write(records, settings: Self.settings, to: path)
    let file = try PackedListsImageTests.segmentImage(inIndexAt: path)
    let heads = PackedListsImageTests.heads([UInt8](try Data(contentsOf: URL(fileURLWithPath: file))))
    for (name, _) in Self.arrays {
      let longest = heads.filter { $0.hash == ImageWriter.hash(name) }.map(\.length).max() ?? 0
      #expect(longest >= ImageReader.readBelow, "\(name) takes \(longest) bytes")
    }
    let memory = try Fixture.index(records, settings: Self.settings)
    let reopened = try DurableIndex(directory: path, name: "products").index
    for filters in ["", "price:100 TO 900", "price > 1200 AND brand:b5000", "NOT price:10 TO 1400"] {
      let request = Fixture.query("item", filters: filters.isEmpty ? nil : filters) {
        $0.facets = ["brand", "price"]
        $0.maxValuesPerFacet = 50
        $0.hitsPerPage = 30
      }
      let expected = try memory.search(request)
      let found = try reopened.search(request)
      #expect(found.nbHits == expected.nbHits, "\(filters)")
      #expect(found.facets == expected.facets, "\(filters)")
      #expect(found.facetsStats == expected.facetsStats, "\(filters)")
      #expect(found.hits.map(\.objectID) == expected.hits.map(\.objectID), "\(filters)")
    }
  }

  @Test("A mapped array made to fall, its checksum matching, is refused at open", arguments: Self.arrays)
  func falling(array: String, message: String) throws {
    let folder = try ScratchFolder()
    let path = folder.file("falling")
    try RecordElisionTests.write(Self.records(), settings: Self.settings, to: path)
    let damaged = try PackedListsImageTests.rewrite(array: array, inIndexAt: path, largest: true) { bytes, payload in
      // The second number becomes the largest there is: the third falls below it.
      for index in 4..<8 { bytes[payload + index] = 0xFF }
    }
    #expect(damaged.length >= ImageReader.readBelow)
    do {
      _ = try DurableIndex(directory: path, name: "products")
      Issue.record("\(array) falling opened")
    } catch {
      #expect("\(error)".contains(message), "\(error)")
    }
  }
}
