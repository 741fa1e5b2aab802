import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("Distinct: attributeForDistinct, distinct N, nbHits and pages after deduplication, afterDistinct facets")
struct DistinctTests {
  /// Twelve variants of four products (three each), ranked by `popularity` (variant `p1-c` best of `p1`).
  static var variants: [[String: JSON]] {
    var records: [[String: JSON]] = []
    for product in 1...4 {
      for (offset, color) in ["a", "b", "c"].enumerated() {
        records.append([
          "objectID": .string("p\(product)-\(color)"), "name": "shirt", "product": .string("p\(product)"),
          "color": .string(color), "popularity": .number(Double(product * 10 + offset)),
        ])
      }
    }
    return records
  }

  static let settings: [String: JSON] = [
    "attributeForDistinct": "product", "distinct": true, "customRanking": ["desc(popularity)"],
    "attributesForFaceting": ["color", "afterDistinct(product)"],
  ]

  @Test("distinct: true keeps the best record of each group; nbHits and nbPages count groups")
  func bestOfEachGroup() throws {
    let index = try Fixture.index(Self.variants, settings: Self.settings)
    let response = try index.search(Fixture.query("shirt") { $0.hitsPerPage = 3 })
    #expect(Fixture.ids(response) == ["p4-c", "p3-c", "p2-c"])
    #expect(response.nbHits == 4 && response.nbPages == 2)
    let second = try index.search(
      Fixture.query("shirt") {
        $0.hitsPerPage = 3
        $0.page = 1
      })
    #expect(Fixture.ids(second) == ["p1-c"])
    // The empty query ranks by custom ranking and deduplicates too.
    #expect(Fixture.ids(try index.search(Fixture.query(""))) == ["p4-c", "p3-c", "p2-c", "p1-c"])
  }

  @Test("distinct N keeps N a group; the query overrides the setting; 0 turns it off")
  func countsAndOverride() throws {
    let index = try Fixture.index(Self.variants, settings: Self.settings)
    let two = try index.search(Fixture.query("shirt") { $0.distinct = 2 })
    #expect(two.nbHits == 8)
    #expect(Fixture.ids(two).prefix(4) == ["p4-c", "p4-b", "p3-c", "p3-b"])
    let off = try index.search(Fixture.query("shirt") { $0.distinct = 0 })
    #expect(off.nbHits == 12)
    let json = try Query(jsonObject: ["query": "shirt", "distinct": false])
    #expect(try index.search(json).nbHits == 12)
    // Without attributeForDistinct, distinct does nothing.
    let plain = try Fixture.index(Self.variants, settings: ["distinct": 1])
    #expect(try plain.search(Fixture.query("shirt")).nbHits == 12)
  }

  @Test("Facets count every match, afterDistinct facets (or facetingAfterDistinct) only the records kept")
  func facets() throws {
    let index = try Fixture.index(Self.variants, settings: Self.settings)
    let response = try index.search(Fixture.query("shirt") { $0.facets = ["color", "product"] })
    #expect(response.facets["color"] == ["a": 4, "b": 4, "c": 4])
    #expect(response.facets["product"] == ["p1": 1, "p2": 1, "p3": 1, "p4": 1])
    let all = try index.search(
      Fixture.query("shirt") {
        $0.facets = ["color"]
        $0.facetingAfterDistinct = true
      })
    #expect(all.facets["color"] == ["c": 4])
  }

  @Test("Filters narrow the groups first; numbers group by their rounded value; records without a value stay")
  func filtersAndKeys() throws {
    let index = try Fixture.index(Self.variants, settings: Self.settings)
    let filtered = try index.search(Fixture.query("shirt", filters: "color:a OR color:b"))
    #expect(Fixture.ids(filtered) == ["p4-b", "p3-b", "p2-b", "p1-b"])
    let numbers = try Fixture.index(
      [
        ["objectID": "1", "name": "lamp", "group": 1, "rank": 5],
        ["objectID": "2", "name": "lamp", "group": 1.2, "rank": 4],
        ["objectID": "3", "name": "lamp", "group": 2.6, "rank": 3], ["objectID": "4", "name": "lamp", "rank": 2],
        ["objectID": "5", "name": "lamp", "rank": 1],
      ], settings: ["attributeForDistinct": "group", "distinct": 1, "customRanking": ["desc(rank)"]])
    let grouped = try numbers.search(Fixture.query("lamp"))
    #expect(Fixture.ids(grouped) == ["1", "3", "4", "5"])
    #expect(grouped.nbHits == 4)
  }

  @Test("Groups span segments: a newer record of a group competes with the older ones, deletions count")
  func acrossSegments() throws {
    let index = try Fixture.index(Self.variants, settings: Self.settings)
    try index.saveRecords([["objectID": "p1-z", "name": "shirt", "product": "p1", "color": "z", "popularity": 99]])
    let response = try index.search(Fixture.query("shirt"))
    #expect(Fixture.ids(response) == ["p1-z", "p4-c", "p3-c", "p2-c"])
    #expect(response.nbHits == 4)
    index.deleteRecords(objectIDs: ["p4-a", "p4-b", "p4-c"])
    let fewer = try index.search(Fixture.query("shirt"))
    #expect(Fixture.ids(fewer) == ["p1-z", "p3-c", "p2-c"] && fewer.nbHits == 3)
  }

  @Test("Distinct settings round-trip; an out-of-range distinct is refused")
  func settingsRoundTrip() throws {
    let settings = try IndexSettings(json: Self.settings)
    let again = try IndexSettings(json: settings.jsonObject)
    #expect(again.attributeForDistinct == "product" && again.distinct == 1)
    #expect(again.faceting("product")?.isAfterDistinct == true)
    #expect(throws: EngineError.self) { try IndexSettings(json: ["distinct": 7]) }
  }
}
