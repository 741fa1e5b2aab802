import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// Dense sets: bitsets built in memory, lists in a segment image decoded into the same bitsets when first
/// asked for. A reopened index must answer as the in-memory one for terms and facet values held by many
/// records.
@Suite("Dense sets: bitsets of frequent terms and facet values")
struct DenseSetsTests {
  typealias Generator = DifferentialTests.Generator

  @Test("Lists decode into the bitsets they were made from, each once")
  func listsRoundTrip() {
    var random = Generator(state: 3)
    let wordsPerSet = 40
    let keys: [UInt32] = [2, 5, 9, 30]
    var words = [UInt64](repeating: 0, count: keys.count * wordsPerSet)
    for index in words.indices where random.int(0..<4) > 0 {
      words[index] = UInt64(random.int(0..<Int(UInt32.max))) << 32 | UInt64(random.int(0..<Int(UInt32.max)))
    }
    words[wordsPerSet] = 0  // an empty word at the start of a set
    let built = DenseSets(keys: Column(keys), words: Column(words), wordsPerSet: wordsPerSet)
    let read = DenseSets(keys: built.keys, lists: built.lists().packed(), wordsPerSet: wordsPerSet)
    #expect(read.slot(of: 9) == 2 && read.slot(of: 10) == nil && read.slots(from: 3, to: 31) == 1..<4)
    let before = read.byteCount
    for slot in 0..<keys.count { #expect(Array(read.bits(slot)) == Array(built.bits(slot)), "\(slot)") }
    let decoded = read.byteCount
    #expect(decoded == before + keys.count * wordsPerSet * 8)
    _ = read.bits(1)
    #expect(read.byteCount == decoded)
    var union = [UInt64](repeating: 0, count: wordsPerSet)
    read.union([0..<1, 2..<4], into: &union)
    #expect(
      union.indices.allSatisfy { union[$0] == words[$0] | words[2 * wordsPerSet + $0] | words[3 * wordsPerSet + $0] })
  }

  /// `records` written to a directory in `folder` and reopened, beside the same records built in memory,
  /// with the reopened index's largest segment (a batch may be built as two).
  static func reopened(_ records: [[String: JSON]], settings: [String: JSON], in folder: ScratchFolder) throws
    -> (memory: LocalIndex, index: LocalIndex, largest: Segment)
  {
    let memory = try Fixture.index(records, settings: settings)
    let path = folder.file("reopened")
    try RecordElisionTests.write(records, settings: settings, to: path)
    let index = try DurableIndex(directory: path, name: "products").index
    let largest = try #require(index.view.segments.max { $0.snapshot.recordCount < $1.snapshot.recordCount })
    return (memory, index, largest)
  }

  @Test("Reopened, frequent terms and facet values answer as in memory, decoded as queries reach them")
  func reopened() throws {
    var random = Generator(state: 17)
    let words = ["common", "usual", "rare", "odd", "thing", "other"]
    // 10,000 records (a batch may be built as two segments): "everyday" and "red" in 90% of them, dense
    // in each segment.
    let records: [[String: JSON]] = (0..<10_000).map { number in
      var name = (0..<3).map { _ in random.pick(words) }
      if number % 10 != 0 { name.append("everyday") }
      return [
        "objectID": .string("r\(number)"), "name": .string(name.joined(separator: " ")),
        "color": .string(number % 10 != 0 ? "red" : random.pick(["blue", "green", "black", "white"])),
        "_tags": .array(number % 4 == 0 ? ["sale", "new"] : ["new"]),
      ]
    }
    let settings: [String: JSON] = ["searchableAttributes": ["name"], "attributesForFaceting": ["color"]]
    let folder = try ScratchFolder()
    let (memory, index, segment) = try Self.reopened(records, settings: settings, in: folder)
    let text = segment.snapshot.text.dense
    #expect(!text.isEmpty && segment.snapshot.facets["color"]?.dense.isEmpty == false)
    let before = text.byteCount
    for (query, filters) in [
      ("everyday", nil), ("e", "color:red"), ("common usual", "NOT color:red"), ("everyday", "color:red"),
      ("", "color:red OR color:blue"), ("thing", "_tags:sale AND NOT color:red"), ("co", nil),
      ("everyday rare", "color:green"),
    ] as [(String, String?)] {
      let request = Fixture.query(query) {
        $0.filters = filters
        $0.hitsPerPage = 30
        $0.facets = ["color", "_tags"]
      }
      try Fixture.expectSameAnswer(request, from: index, as: memory, "\(query) \(filters ?? "")")
    }
    #expect(text.byteCount > before)
  }
}
