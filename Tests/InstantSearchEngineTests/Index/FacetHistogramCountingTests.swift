import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// Facets of many values (a price of thousands of distinct amounts) counted through a histogram of 16-bit
/// counters: the counts, the values listed as first seen and the statistics are those of plain counting.
@Suite("Facet counting of many values through a histogram")
struct FacetHistogramCountingTests {
  /// `count` value ids below `valueCount` (some none: the type's maximum), drawn with `random`.
  static func ids(count: Int, valueCount: Int, random: inout DifferentialTests.Generator) -> [UInt32] {
    (0..<count).map { _ in random.int(0..<25) == 0 ? UInt32.max : UInt32(random.int(0..<valueCount)) }
  }

  @Test("16- and 32-bit ids, few or many records, counts holding other segments' counts: same as one by one")
  func sameAsPlainCounting() {
    var random = DifferentialTests.Generator(state: 11)
    for valueCount in [5_000, 70_000] {
      let ids = Self.ids(count: 3 * valueCount, valueCount: valueCount, random: &random)
      let column = NarrowIDs(ids, valueCount: valueCount)
      let largest = Dictionary(ids.filter { $0 != .max }.map { ($0, 1) }, uniquingKeysWith: +).values.max() ?? 0
      // A tenth: fewer records than values, counted one by one (in gathered blocks); the rest by histogram.
      for percent in [10, 35, 60, 100] {
        let docs = (0..<UInt32(ids.count)).filter { _ in random.int(0..<100) < percent }
        // Other segments' counts already there: added (one, negative: a complement's subtraction).
        var start = [Int32](repeating: 0, count: valueCount)
        start[3] = 4
        start[8] = -2
        var counts = start
        var firstSeen = [3, 8]
        counts.withUnsafeMutableBufferPointer { counts in
          #expect(
            NarrowIDs.countsByHistogram(docCount: docs.count, valueCount: valueCount, largestCount: largest)
              == (percent > 10), "\(valueCount) values, \(percent) %: counted through the histogram or not")
          column.count(docs, into: counts, firstSeen: &firstSeen, largestCount: largest)
        }
        var expected = start
        var expectedSeen: Set<Int> = [3, 8]
        for doc in docs where ids[Int(doc)] != .max {
          let value = Int(ids[Int(doc)])
          if expected[value] == 0 { expectedSeen.insert(value) }
          expected[value] += 1
        }
        #expect(counts == expected, "\(valueCount) values, \(percent) %")
        #expect(Set(firstSeen) == expectedSeen && firstSeen.count == expectedSeen.count)
        if percent > 10 {
          #expect(firstSeen.dropFirst(2) == firstSeen.dropFirst(2).sorted()[...], "values listed in increasing order")
        }
      }
    }
  }

  @Test("a bound above 16 bits, or fewer records than values, counts one by one")
  func choosesPlainCountingWhenItMust() {
    #expect(!NarrowIDs.countsByHistogram(docCount: 100_000, valueCount: 5_000, largestCount: 70_000))
    #expect(!NarrowIDs.countsByHistogram(docCount: 4_000, valueCount: 5_000, largestCount: 10))
    #expect(!NarrowIDs.countsByHistogram(docCount: 100_000, valueCount: 4_000, largestCount: 10))
    #expect(NarrowIDs.countsByHistogram(docCount: 5_000, valueCount: 5_000, largestCount: 65_535))
  }

  /// Records with one of 4,500 prices (some with none) and one of 5,000 SKU groups.
  static func records() -> [[String: JSON]] {
    var random = DifferentialTests.Generator(state: 23)
    return (0..<24_000).map { number in
      var record: [String: JSON] = [
        "objectID": .string("r\(number)"), "name": .string(random.int(0..<4) == 0 ? "desk" : "lamp"),
        "group": .string("g\(random.int(0..<5_000))"),
      ]
      if random.int(0..<30) > 0 { record["price"] = .number(Double(random.int(0..<4_500)) / 4) }
      return record
    }
  }

  @Test("queries matching most, many and few records: facet counts and price statistics of the matches")
  func queriesCountTheMatches() throws {
    let records = Self.records()
    let index = try Fixture.index(
      records, settings: ["searchableAttributes": ["name"], "attributesForFaceting": ["price", "group"]])
    let cheaperThan: (Double) -> ([String: JSON]) -> Bool = { limit in
      { ($0["price"]?.doubleValue ?? .infinity) < limit }
    }
    // Most records (the missing ones counted, through the histogram), many, a few (one by one).
    let cases: [(text: String, filters: String?, keeps: ([String: JSON]) -> Bool)] = [
      ("lamp", nil, { $0["name"]?.stringValue == "lamp" }), ("", "price < 600", cheaperThan(600)),
      ("desk", "price < 600", { $0["name"]?.stringValue == "desk" && cheaperThan(600)($0) }),
      ("", "price < 100", cheaperThan(100)),
    ]
    for (text, filters, keeps) in cases {
      let query = Fixture.query(text, filters: filters) {
        $0.facets = ["price", "group"]
        $0.maxValuesPerFacet = 1000
      }
      let response = try index.search(query)
      let matching = records.filter(keeps)
      #expect(response.nbHits == matching.count, "\(text) \(filters ?? "")")
      for path in ["price", "group"] {
        let keys = matching.compactMap { record -> String? in
          guard let value = record[path] else { return nil }
          return value.stringValue ?? value.doubleValue.map { Self.key($0) }
        }
        let counts = Dictionary(keys.map { ($0, 1) }, uniquingKeysWith: +)
        // The 1,000 largest counts, ties by key bytes.
        let top = counts.sorted {
          $0.value != $1.value ? $0.value > $1.value : Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8))
        }.prefix(1000)
        #expect(response.facets[path] == Dictionary(uniqueKeysWithValues: top.map { ($0.key, $0.value) }), "\(path)")
      }
      let prices = matching.compactMap { $0["price"]?.doubleValue }
      let stats = try #require(response.facetsStats["price"])
      #expect(stats.min == prices.min() && stats.max == prices.max())
      #expect(stats.sum == prices.reduce(0, +))
    }
  }

  /// A price as a facet key: integers without a fraction.
  static func key(_ price: Double) -> String {
    price == price.rounded() ? String(Int(price)) : String(price)
  }
}
