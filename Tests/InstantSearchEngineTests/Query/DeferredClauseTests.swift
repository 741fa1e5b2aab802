import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// A wide numeric range next to a narrow restriction is checked on the records the others leave instead
/// of being built as a bitset: the plan must defer exactly those clauses, and the answers must be the
/// records a plain comparison of every record gives.
@Suite("Filters: wide numeric ranges checked on the remaining records")
struct DeferredClauseTests {
  typealias Generator = DifferentialTests.Generator

  static func records(count: Int) -> [[String: JSON]] {
    var random = Generator(state: 29)
    return (0..<count).map { number in
      var record: [String: JSON] = [
        "objectID": .string("r\(number)"), "name": .string(random.pick(["lamp", "desk lamp", "chair", "desk"])),
        "brand": .string("b\(random.int(0..<60))"), "rating": .number(Double(random.int(0..<6))),
      ]
      // Prices of many distinct values (four-byte codes above 65,535 would need more records; two here),
      // a few records without one.
      if random.int(0..<20) > 0 { record["price"] = .number(Double(random.int(0..<100_000)) / 100) }
      return record
    }
  }

  /// The objectIDs of `records` passing `test`, as a set.
  static func expected(_ records: [[String: JSON]], _ test: ([String: JSON]) -> Bool) -> Set<String> {
    Set(records.filter(test).compactMap { $0["objectID"]?.stringValue })
  }

  @Test("Which clauses a plan defers: positive numeric ones much wider than the survivors, never all")
  func planning() throws {
    let index = try Fixture.index(
      Self.records(count: 4_000), settings: ["attributesForFaceting": ["brand"], "searchableAttributes": ["name"]])
    let snapshot = index.snapshot
    func plan(_ filters: String) throws -> FilterPlan {
      FilterPlan(clauses: try LegacyFilterParser.clauses(of: Fixture.query(filters: filters)), snapshot: snapshot)
    }
    let wide = try plan("brand:b3 AND price:10 TO 900 AND rating >= 1")
    let survivors = wide.smallestEstimate(skipping: wide.deferrableClauses(survivors: 0))
    #expect(wide.deferrableClauses(survivors: survivors) == [1, 2])
    #expect(try plan("price:10 TO 900 AND rating >= 1").deferrableClauses(survivors: 100) == [])
    #expect(try plan("brand:b3 AND NOT price:10 TO 900").deferrableClauses(survivors: 10) == [])
    #expect(try plan("brand:b3 AND price:10 TO 11").deferrableClauses(survivors: 60) == [])
  }

  @Test(
    "Answers with deferred ranges are the records that pass every filter",
    arguments: ["", "lamp", "desk"])
  func answers(text: String) throws {
    let records = Self.records(count: 4_000)
    let index = try Fixture.index(
      records, settings: ["attributesForFaceting": ["brand"], "searchableAttributes": ["name"]])
    let cases: [(String, ([String: JSON]) -> Bool)] = [
      (
        "brand:b3 AND price:10 TO 900",
        { $0["brand"] == "b3" && ($0["price"]?.doubleValue).map { 10...900 ~= $0 } == true }
      ),
      (
        "(brand:b3 OR brand:b7) AND price > 500 AND rating >= 2",
        { record in
          (record["brand"] == "b3" || record["brand"] == "b7") && (record["price"]?.doubleValue ?? 0) > 500
            && (record["rating"]?.doubleValue ?? 0) >= 2
        }
      ),
      ("brand:b1 AND price >= 0", { $0["brand"] == "b1" && $0["price"] != nil }),
    ]
    for (filters, test) in cases {
      let response = try index.search(Fixture.query(text, filters: filters) { $0.hitsPerPage = 1_000 })
      let words = text.split(separator: " ").map(String.init)
      let expected = Self.expected(records) { record in
        let name = record["name"]?.stringValue ?? ""
        return test(record) && words.allSatisfy { word in name.split(separator: " ").contains { $0.hasPrefix(word) } }
      }
      #expect(response.nbHits == expected.count, "\(filters) \(text)")
      #expect(Set(Fixture.ids(response)) == expected, "\(filters) \(text)")
    }
  }

  @Test(
    "The checks split between two threads keep, list and count exactly what one thread and a plain test do",
    arguments: [1, 2, 3, 4])
  func halves(seed: UInt64) throws {
    let records = Self.records(count: 3_000)
    let index = try Fixture.index(
      records, settings: ["attributesForFaceting": ["brand"], "searchableAttributes": ["name"]])
    let snapshot = index.snapshot
    let plan = FilterPlan(
      clauses: try LegacyFilterParser.clauses(
        of: Fixture.query(filters: "(brand:b3 OR brand:b9) AND price:10 TO 900 AND rating >= 2")),
      snapshot: snapshot)
    let thread = SideThread(label: "test.deferredHalves")
    var random = Generator(state: seed)
    let wordCount = (snapshot.recordCount + 63) / 64
    for round in 0..<40 {
      // Random candidates, from none to nearly every record, and every split of the clauses to check.
      let density = random.int(0..<65)
      var words = (0..<wordCount).map { _ in
        (0..<64).reduce(UInt64(0)) { word, bit in random.int(0..<64) < density ? word | 1 << UInt64(bit) : word }
      }
      if wordCount > 0 {
        words[wordCount - 1] &= (1 << UInt64(snapshot.recordCount % 64 == 0 ? 63 : snapshot.recordCount % 64)) - 1
      }
      let deferred = random.pick([[1], [2], [1, 2], [0, 1, 2], [2, 0]])
      let expected = Bitset(words: words).members.filter { doc in
        deferred.allSatisfy { plan.clauses[$0].contains { FilterPlan.test($0, Int(doc)) } }
      }
      var alone = words
      let one = plan.keep(&alone, passing: deferred, listing: true)
      var split = words
      let two = thread.withSession { side in
        plan.keep(&split, passing: deferred, listing: true, side: side, sideThreshold: 0)
      }
      var counted = words
      let count = plan.keep(&counted, passing: deferred)
      #expect(one?.docs == expected, "round \(round)")
      #expect(two?.docs == expected, "round \(round)")
      #expect(one?.count == expected.count && two?.count == expected.count && count?.count == expected.count)
      #expect(Bitset(words: alone).members == expected && Bitset(words: split).members == expected)
      #expect(Bitset(words: counted).members == expected)
    }
    thread.drain()
  }
}
