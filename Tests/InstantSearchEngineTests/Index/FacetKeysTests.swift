import Foundation
import InstantSearchCore
import InstantSearchModel
import Testing

@testable import InstantSearchEngine

/// A facet column read from an image reads its keys and numbers in place and makes a key's string when it
/// is asked for: the same keys and numbers as the column built in memory, and keys that would end outside
/// their bytes are refused at open.
@Suite("Facet keys and numbers read in place")
struct FacetKeysTests {
  typealias Generator = DifferentialTests.Generator

  /// Keys as the image stores them: UTF-8 bytes back to back, and where each ends.
  static func packed(_ keys: [String]) -> (bytes: [UInt8], ends: [UInt32]) {
    var bytes: [UInt8] = []
    var ends: [UInt32] = []
    for key in keys {
      bytes += Array(key.utf8)
      ends.append(UInt32(bytes.count))
    }
    return (bytes, ends)
  }

  @Test("Keys read in place are the strings they were written from, in random trials")
  func sameKeys() throws {
    var random = Generator(state: 31)
    let pieces = ["Sony", "", "10", "12.5", "Émile & Fils", "🙂", "a", " "]
    for trial in 0..<100 {
      let keys = (0..<random.int(0..<300)).map { _ in
        (0..<random.int(0..<4)).map { _ in random.pick(pieces) }.joined()
      }
      let (bytes, ends) = Self.packed(keys)
      let read = try #require(FacetKeys.packed(bytes: Column(bytes), ends: Column(ends)), "trial \(trial)")
      #expect(read.count == keys.count)
      #expect(Array(read) == keys, "trial \(trial)")
      #expect(read == FacetKeys(keys))
      if let id = keys.indices.randomElement() { #expect(read[id] == keys[id]) }
    }
  }

  @Test("Ends that fall back or pass the bytes are refused")
  func damagedEnds() {
    var random = Generator(state: 32)
    for trial in 0..<100 {
      let keys = (0..<random.int(2..<50)).map { "key\($0)" }
      var (bytes, ends) = Self.packed(keys)
      let at = random.int(0..<ends.count)
      if random.bool(), at > 0 {
        ends[at] = ends[at - 1] - 1
      } else {
        ends[at] = UInt32(bytes.count + 1 + random.int(0..<10))
      }
      #expect(FacetKeys.packed(bytes: Column(bytes), ends: Column(ends)) == nil, "trial \(trial)")
      bytes.removeLast()
      #expect(FacetKeys.packed(bytes: Column(bytes), ends: Column(Self.packed(keys).ends)) == nil)
    }
  }

  @Test("The walk an image's verification runs on the ends refuses what the check at open refused, in random trials")
  func walkedEnds() {
    var random = Generator(state: 35)
    for trial in 0..<300 {
      let keys = (0..<random.int(0..<60)).map { "key\($0)" }
      var (bytes, ends) = Self.packed(keys)
      switch random.int(0..<4) {
      case 0 where ends.count > 1:
        let at = random.int(1..<ends.count)
        ends[at] = ends[at - 1] &- UInt32(random.int(1..<3))
      case 1 where !ends.isEmpty: ends[random.int(0..<ends.count)] += UInt32(random.int(1..<4))
      case 2 where !bytes.isEmpty: bytes.removeLast(random.int(1..<bytes.count + 1))
      default: break
      }
      let accepted = FacetKeys.packed(bytes: Column(bytes), ends: Column(ends)) != nil
      let walked = ArrayStructureTests.fed(FacetKeys.endsStructure(byteCount: bytes.count), ends, &random)
      #expect(walked == accepted, "trial \(trial)")
    }
  }

  @Test("Numbers read in place are the optionals they were written from; flags and numbers of two lengths are refused")
  func sameNumbers() {
    var random = Generator(state: 33)
    for trial in 0..<50 {
      let values: [Double?] = (0..<random.int(0..<200)).map { _ in
        random.bool() ? Double(random.int(-50..<50)) / 4 : nil
      }
      let flags = values.map { UInt8($0 == nil ? 0 : 1) }
      let numbers = values.map { $0 ?? 0 }
      let read = FacetNumbers.packed(flags: Column(flags), numbers: Column(numbers))
      #expect(read.map(Array.init) == values, "trial \(trial)")
      #expect(read == FacetNumbers(values))
      #expect(FacetNumbers.packed(flags: Column(flags + [1]), numbers: Column(numbers)) == nil)
    }
  }

  @Test(
    "Reopened, facet counts, stats and filters on many values equal the in-memory index's; damaged ends are refused at open"
  )
  func reopened() throws {
    var random = Generator(state: 34)
    let records = (0..<600).map { number -> [String: JSON] in
      [
        "objectID": .string("r\(number)"), "name": .string("item \(number % 9)"),
        "brand": .string(["Sony", "Émile & Fils", "10", ""][number % 4]),
        "price": .number(Double(random.int(0..<400)) / 4),
      ]
    }
    let settings: [String: JSON] = ["searchableAttributes": ["name"], "attributesForFaceting": ["brand", "price"]]
    let folder = try ScratchFolder()
    let path = folder.file("keys")
    try RecordElisionTests.write(records, settings: settings, to: path)
    let memory = try Fixture.index(records, settings: settings)
    let reopened = try DurableIndex(directory: path, name: "products").index
    for filters in ["", "brand:Sony", "price:12.5", "brand:\"Émile & Fils\" AND price < 20"] {
      let request = Fixture.query("item", filters: filters.isEmpty ? nil : filters) {
        $0.facets = ["brand", "price"]
        $0.maxValuesPerFacet = 1_000
      }
      let expected = try memory.search(request)
      let found = try reopened.search(request)
      #expect(found.facets == expected.facets, "\(filters)")
      #expect(found.facetsStats == expected.facetsStats, "\(filters)")
      #expect(found.hits.map(\.objectID) == expected.hits.map(\.objectID), "\(filters)")
      if filters.isEmpty { #expect((found.facets["price"]?.count ?? 0) > 100) }
    }
    let damaged = try PackedListsImageTests.rewrite(array: "facet.keys.ends", inIndexAt: path) { bytes, payload in
      for index in 0..<4 { bytes[payload + index] = 0xFF }
    }
    #expect(damaged.length >= 8)
    do {
      _ = try DurableIndex(directory: path, name: "products")
      Issue.record("keys ending outside their bytes opened")
    } catch {
      #expect("\(error)".contains("end outside their bytes"), "\(error)")
    }
  }
}
