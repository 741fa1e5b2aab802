import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// Facet values counted over the members of a bitset without listing them (each member's values read as
/// its bit is found, or the dense values' bitsets ANDed with the matches): the counts are those of the
/// members counted one by one, for every width of ids and histogram, and for queries whose matches stay a
/// bitset.
@Suite("Facet counting over the members of a bitset")
struct FacetMemberCountingTests {
  /// `ids[doc]` counted for each doc of `docs` below `ids.count`, none (`T.max` or at least `valueCount`) dropped.
  static func plainCounts<T: FixedWidthInteger>(_ ids: [T], _ docs: [UInt32], valueCount: Int) -> [Int: Int] {
    var counts: [Int: Int] = [:]
    for doc in docs where Int(doc) < ids.count {
      let raw = ids[Int(doc)]
      guard raw != T.max, Int(raw) < valueCount else { continue }
      counts[Int(raw), default: 0] += 1
    }
    return counts
  }

  static func dictionary(_ pairs: [(value: Int, count: Int)]) -> [Int: Int] {
    Dictionary(pairs.map { ($0.value, $0.count) }, uniquingKeysWith: +)
  }

  @Test("bytes, shorts and words; few values, many with 16-bit counters, many with 32-bit ones; any density")
  func idsSameAsPlainCounts() {
    var random = DifferentialTests.Generator(state: 19)
    // Record counts off a multiple of 64, and a bitset wider than the ids (its last words hold no record).
    for recordCount in [1, 63, 64, 5_001, 20_003] {
      for valueCount in [3, 200, 4_095, 4_097, 60_000] {
        let raw = (0..<recordCount).map { _ in
          random.int(0..<10) == 0 ? UInt32.max : UInt32(random.int(0..<valueCount))
        }
        let narrow = NarrowIDs(raw, valueCount: valueCount)
        for percent in [1, 20, 45, 90, 100] {
          let docs = (0..<UInt32(recordCount + 130)).filter { _ in random.int(0..<100) < percent }
          let bits = Bitset(universe: recordCount + 130, docs)
          let expected = Self.plainCounts(raw, docs, valueCount: valueCount)
          for largest in [1_000, Int.max] {
            let pairs = bits.words.withUnsafeBufferPointer {
              narrow.valueCounts(members: $0, valueCount: valueCount, largestCount: largest)
            }
            #expect(Self.dictionary(pairs) == expected, "\(recordCount) records, \(valueCount) values, \(percent) %")
            #expect(pairs.map(\.value) == pairs.map(\.value).sorted(), "in increasing value order")
            #expect(pairs.allSatisfy { $0.count > 0 })
          }
        }
      }
    }
  }

  @Test("columns of dense and sparse values, single- and multi-valued: the same counts as the records'")
  func columnsSameAsPlainCounts() throws {
    let records = FacetBitsetCountingTests.records()
    let snapshot = try FacetBitsetCountingTests.index(records).snapshot
    var random = DifferentialTests.Generator(state: 23)
    for path in ["size", "tags", "brand"] {
      let column = try #require(snapshot.facets[path])
      for percent in [1, 10, 50, 90, 100] {
        let docs = (0..<UInt32(FacetBitsetCountingTests.recordCount)).filter { _ in random.int(0..<100) < percent }
        let bits = Bitset(universe: FacetBitsetCountingTests.recordCount, docs)
        var counted: [String: Int] = [:]
        for pair in column.valueCounts(members: bits, count: docs.count) {
          counted[column.keys[pair.value]] = pair.count
        }
        #expect(
          counted == FacetBitsetCountingTests.plainCounts(records, docs, path: path), "\(path) at \(percent) %")
      }
    }
  }

  @Test("attributes cut in two ranges of words, taken from both ends in any order: the counts of the matches")
  func partsAddUp() throws {
    let records = FacetBitsetCountingTests.records()
    let snapshot = try FacetBitsetCountingTests.index(records).snapshot
    let paths = ["size", "tags", "brand", "price"]
    let query = Fixture.query("") {
      $0.facets = paths
      $0.maxValuesPerFacet = 1_000
    }
    let executor = SearchExecutor(snapshot: snapshot, query: query)
    let resolved = try executor.resolve()
    var random = DifferentialTests.Generator(state: 5)
    for percent in [3, 40, 95] {
      let docs = (0..<UInt32(FacetBitsetCountingTests.recordCount)).filter { _ in random.int(0..<100) < percent }
      let bits = Bitset(universe: FacetBitsetCountingTests.recordCount, docs)
      for frontTakes in [0, 1, 3, 99] {
        let share = MemberFacetShare(paths: paths, snapshot: snapshot, bits: bits, count: docs.count, splitThreshold: 0)
        #expect(share.parts.contains { $0.words != nil }, "some attribute is cut in two")
        for _ in 0..<frontTakes {
          guard let position = share.take(fromFront: true) else { break }
          let part = share.parts[position]
          let column = try #require(snapshot.facets[paths[part.path]])
          share.store(column.valueCounts(members: bits, count: docs.count, in: part.words), at: position)
        }
        executor.countParts(share, fromFront: false, members: bits, count: docs.count, resolved: resolved)
        let counted = executor.results(share, members: bits, count: docs.count, resolved: resolved)
        let expected = executor.facetCounts(docs, resolved: resolved)
        for path in paths {
          #expect(
            counted.facets[path] == expected.facets[path], "\(path) at \(percent) %, \(frontTakes) from the front")
          #expect(counted.stats[path] == expected.stats[path], "\(path) at \(percent) %")
        }
      }
    }
  }

  @Test("value counts of two parts added value by value")
  func sums() {
    let sum = MemberFacetShare.sum([(1, 2), (4, 1), (9, 3)], [(0, 5), (4, 2), (10, 1)])
    #expect(sum.map(\.value) == [0, 1, 4, 9, 10])
    #expect(sum.map(\.count) == [5, 2, 3, 3, 1])
    #expect(MemberFacetShare.sum([], [(3, 1)]).map(\.value) == [3])
  }

  @Test("queries whose matches stay a bitset, in memory and reopened: counts and statistics of the matches")
  func queriesCountTheMatches() throws {
    let records = FacetBitsetCountingTests.records()
    let folder = try ScratchFolder()
    let indices = [
      try FacetBitsetCountingTests.index(records),
      try DurableDifferentialTests.reopened(records, folder: folder, settings: FacetBitsetCountingTests.settings),
    ]
    for index in indices {
      for (text, filters) in [("lamp", ""), ("desk", "price < 200"), ("lamp", "tags:frequent")] {
        let query = Fixture.query(text, filters: filters) {
          $0.facets = ["size", "tags", "brand", "price"]
          $0.maxValuesPerFacet = 1_000
        }
        let response = try index.search(query)
        let docs = (0..<UInt32(FacetBitsetCountingTests.recordCount)).filter { doc in
          let record = records[Int(doc)]
          guard record["name"]?.stringValue == text else { return false }
          switch filters {
          case "price < 200": return (record["price"]?.doubleValue ?? 0) < 200
          case "tags:frequent": return record["tags"]?.arrayValue?.contains(.string("frequent")) == true
          default: return true
          }
        }
        #expect(response.nbHits == docs.count, "\(text) \(filters)")
        for path in ["size", "tags", "brand"] {
          #expect(
            response.facets[path] == FacetBitsetCountingTests.plainCounts(records, docs, path: path),
            "\(text) \(filters): \(path)")
        }
        let prices = docs.compactMap { records[Int($0)]["price"]?.doubleValue }
        var priceCounts: [String: Int] = [:]
        for price in prices { priceCounts[String(Int(price)), default: 0] += 1 }
        #expect(response.facets["price"] == priceCounts, "\(text) \(filters): price")
        let stats = try #require(response.facetsStats["price"])
        #expect(stats.min == prices.min() && stats.max == prices.max(), "\(text) \(filters)")
        #expect(stats.sum == prices.reduce(0, +), "\(text) \(filters)")
      }
    }
  }
}
