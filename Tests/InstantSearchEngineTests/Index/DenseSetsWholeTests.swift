import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// Dense sets stored whole (segment-image format 7): a key whose packed list would take at least its
/// bitset's bytes keeps its bitset, read in place; the other keys keep their lists, decoded when first
/// asked for. Either way a set gives the records it was built from.
@Suite("Dense sets: bitsets stored whole beside lists")
struct DenseSetsWholeTests {
  typealias Generator = DifferentialTests.Generator

  /// Random bitsets of `keys` keys, each of its own density (a fiftieth to nine tenths of the records).
  static func bitsets(keys: Int, wordsPerSet: Int, random: inout Generator) -> [UInt64] {
    var words = [UInt64](repeating: 0, count: keys * wordsPerSet)
    for key in 0..<keys {
      let percent = [2, 5, 12, 25, 50, 90][random.int(0..<6)]
      for bit in 0..<wordsPerSet * 64 where random.int(0..<100) < percent {
        words[key * wordsPerSet + bit / 64] |= 1 << UInt64(bit % 64)
      }
    }
    return words
  }

  @Test("Some keys whole, the others listed: each gives its bitset, the whole ones decoding nothing")
  func mixedRoundTrip() {
    var random = Generator(state: 41)
    for round in 0..<60 {
      let wordsPerSet = random.int(1..<80)
      let count = random.int(1..<12)
      let keys = (0..<count).map { UInt32($0 * 3 + 1) }
      let words = Self.bitsets(keys: count, wordsPerSet: wordsPerSet, random: &random)
      let built = DenseSets(keys: Column(keys), words: Column(words), wordsPerSet: wordsPerSet)
      let packed = built.lists().packed()
      let whole = (0..<count).filter { _ in random.int(0..<2) == 0 }
      let wholeWords = whole.flatMap { Array(built.bits($0)) }
      let read = DenseSets(
        keys: built.keys, lists: packed.emptying(Set(whole)), whole: Column(whole.map { UInt32($0) }),
        words: Column(wholeWords), wordsPerSet: wordsPerSet)
      // In a random order: reading one slot must not change another's.
      let order = (0..<count).map { ($0, random.int(0..<1_000)) }.sorted { $0.1 < $1.1 }.map(\.0)
      for slot in order {
        let before = read.byteCount
        #expect(Array(read.bits(slot)) == Array(built.bits(slot)), "round \(round), slot \(slot)")
        let grown = read.byteCount - before
        #expect(grown == (whole.contains(slot) ? 0 : wordsPerSet * 8), "round \(round), slot \(slot)")
      }
      // What an image stores again: every key's records, the whole ones' from their bitsets.
      let lists = read.lists()
      for slot in 0..<count { #expect(lists.records(slot) == built.lists().records(slot), "round \(round)") }
      var union = [UInt64](repeating: 0, count: wordsPerSet)
      read.union([0..<count], into: &union)
      #expect(
        union.indices.allSatisfy { word in union[word] == (0..<count).reduce(0) { $0 | words[$1 * wordsPerSet + word] }
        })
    }
  }

  @Test("Emptying lists keeps the others' records, packed or plain")
  func emptying() {
    var random = Generator(state: 43)
    for _ in 0..<40 {
      let count = random.int(1..<10)
      var starts: [UInt32] = [0]
      var records: [UInt32] = []
      for _ in 0..<count {
        var record = UInt32(random.int(0..<50))
        for _ in 0..<random.int(0..<300) {
          records.append(record)
          record += UInt32(random.int(1..<40))
        }
        starts.append(UInt32(records.count))
      }
      let plain = PostingLists(starts: starts, records: records)
      let emptied = Set((0..<count).filter { _ in random.int(0..<3) == 0 })
      for lists in [plain, plain.packed()] {
        let kept = lists.emptying(emptied)
        #expect(kept.keyCount == count)
        for key in 0..<count {
          #expect(kept.records(key) == (emptied.contains(key) ? [] : plain.records(key)), "\(key)")
        }
      }
    }
  }

  @Test("A byte changed in a facet's whole bitsets fails the open, naming the array; in the text's, the search")
  func damagedWholeBitsets() throws {
    // 12,000 records, "on" in 80% of both attributes at random (a regular pattern would pack smaller than
    // a bitset): stored whole in the facet and in the text index.
    var random = Generator(state: 53)
    let records: [[String: JSON]] = (0..<12_000).map { number in
      let on = random.int(0..<5) != 0
      return [
        "objectID": .string("r\(number)"), "name": .string(on ? "item on" : "item"), "flag": .string(on ? "on" : "off"),
      ]
    }
    let settings: [String: JSON] = ["searchableAttributes": ["name"], "attributesForFaceting": ["flag"]]
    let folder = try ScratchFolder()
    let path = folder.file("damaged")
    try RecordElisionTests.write(records, settings: settings, to: path)
    let segment = path + "/segment-1-0.seg"
    let original = try Data(contentsOf: URL(fileURLWithPath: segment))
    // The facet columns are verified at open; the text index before its first read, by the search.
    for (name, atOpen) in [("facet.dense.wholeWords", true), ("text.dense.wholeWords", false)] {
      // Each array's head: its name's hash, its element size, its count (then its checksum and payload).
      let hash = ImageWriter.hash(name)
      var heads: [Int] = []
      original.withUnsafeBytes { bytes in
        for offset in stride(from: 0, to: bytes.count - 24, by: 8)
        where bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self) == hash
          && bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self) == 8
          && bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self) > 0
        {
          heads.append(offset)
        }
      }
      let head = try #require(heads.first, "\(name) holds no bitset")
      var damaged = original
      damaged[head + 24 + 100] ^= 0x04
      try damaged.write(to: URL(fileURLWithPath: segment))
      let opened: LocalIndex
      do {
        opened = try DurableIndex(directory: path, name: "products").index
      } catch {
        #expect(atOpen, "\(name): \(error)")
        #expect("\(error)".contains(segment) && "\(error)".contains(name), "\(name): \(error)")
        continue
      }
      #expect(!atOpen, "a changed byte in \(name) was not noticed at open")
      #expect {
        _ = try opened.search(Fixture.query("on") { $0.filters = "flag:on" })
      } throws: { error in
        "\(error)".contains(segment)
      }
    }
    try original.write(to: URL(fileURLWithPath: segment))
    #expect(try DurableIndex(directory: path, name: "products").index.recordCount == records.count)
  }

  @Test("Reopened: a value most records hold is read in place, a less common one decoded; answers as in memory")
  func reopened() throws {
    var random = Generator(state: 47)
    // 70,000 records (a batch may be built as two segments): "a" on 60% of them (its packed list would
    // outgrow its bitset), "b" on 15% (dense in each segment, listed); "everyday" in 90% of the names,
    // "usual" in 15%.
    let records: [[String: JSON]] = (0..<70_000).map { number in
      let roll = random.int(0..<100)
      let level = roll < 60 ? "a" : roll < 75 ? "b" : "c\(random.int(0..<40))"
      var name = [random.pick(["thing", "other", "item"])]
      if random.int(0..<10) < 9 { name.append("everyday") }
      if random.int(0..<100) < 15 { name.append("usual") }
      return [
        "objectID": .string("r\(number)"), "name": .string(name.joined(separator: " ")), "level": .string(level),
      ]
    }
    let settings: [String: JSON] = ["searchableAttributes": ["name"], "attributesForFaceting": ["level"]]
    let folder = try ScratchFolder()
    let (memory, index, segment) = try DenseSetsTests.reopened(records, settings: settings, in: folder)
    let column = try #require(segment.snapshot.facets["level"])
    let dense = column.dense
    let a = try #require(column.exactIDs["a"].flatMap { dense.slot(of: $0) })
    let b = try #require(column.exactIDs["b"].flatMap { dense.slot(of: $0) })
    let before = dense.byteCount
    _ = dense.bits(a)
    #expect(dense.byteCount == before, "the bitset of a value most records hold is stored whole")
    _ = dense.bits(b)
    #expect(dense.byteCount == before + dense.wordsPerSet * 8, "a less common value's list is decoded")
    for (query, filters) in [
      ("", "level:a"), ("", "level:b"), ("everyday", "level:a OR level:b"), ("usual", "NOT level:a"),
      ("everyday usual", nil), ("ev", "level:c3 OR level:a"), ("thing", "NOT level:b"),
    ] as [(String, String?)] {
      let request = Fixture.query(query) {
        $0.filters = filters
        $0.hitsPerPage = 30
        $0.facets = ["level"]
      }
      try Fixture.expectSameAnswer(request, from: index, as: memory, "\(query) \(filters ?? "")")
    }
  }
}
