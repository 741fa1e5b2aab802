import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

/// This session's parameters combined with filters, facets, distinct and pagination, each answer checked
/// against what the records say.
@Suite("Parameters combined with filters, facets, distinct and pages")
struct ParameterCombinationTests {
  /// 1,500 stores due north of (0, 0), store `n` at `n × 100 + 50` meters, in groups of 3 (`chain`), with
  /// a `kind` facet (`odd`/`even`) and a price.
  static func stores() -> [[String: JSON]] {
    (0..<1_500).map { n in
      [
        "objectID": .string("s\(n)"), "name": "store", "chain": .string("c\(n / 3)"),
        "kind": n % 2 == 1 ? "odd" : "even", "price": .number(Double(n % 10)),
        "_geoloc": ["lat": .number((Double(n) * 100 + 50) / 6_371_000 * 180 / .pi), "lng": 0],
      ]
    }
  }

  @Test("The automatic radius with a filter, facets, distinct and a second page")
  func automaticRadius() throws {
    let index = try Fixture.index(
      Self.stores(), settings: ["attributesForFaceting": ["kind", "chain"], "attributeForDistinct": "chain"])
    let query = Fixture.query("store", filters: "price < 5") {
      $0.aroundLatLng = "0, 0"
      $0.facets = ["kind"]
      $0.hitsPerPage = 100
      $0.page = 1
    }
    // Half the stores pass the filter (750 < 1,000): every one is in the circle.
    let plain = try index.search(query)
    #expect(plain.nbHits == 750)
    #expect(plain.facets["kind"] == ["odd": 300, "even": 450])
    #expect(plain.hits.count == 100 && plain.hits.first?.objectID == "s200")
    // Distinct keeps one store a chain: chains of 3 stores, the nearest one each.
    var grouped = query
    grouped.distinct = 1
    let distinct = try index.search(grouped)
    #expect(distinct.nbHits == 350)
    #expect(distinct.automaticRadius == plain.automaticRadius)
  }

  @Test("The rising threshold with a filter, facets and distinct")
  func risingThreshold() throws {
    var records: [[String: JSON]] = []
    for (kind, text, count) in [
      ("three", "alpha beta gamma", 300), ("two", "alpha beta", 1_000), ("one", "alpha", 1_200),
    ] {
      for n in 0..<count {
        records.append([
          "objectID": .string("\(kind)\(n)"), "name": .string(text), "kind": .string(kind),
          "group": .string("\(kind)\(n)"), "price": .number(Double(n % 4)),
        ])
      }
    }
    let index = try Fixture.index(
      records, settings: ["attributesForFaceting": ["kind"], "attributeForDistinct": "group"])
    let words = ["alpha", "beta", "gamma", "delta"]
    let query = Fixture.query(words.joined(separator: " "), filters: "price < 2") {
      $0.optionalWords = words
      $0.facets = ["kind"]
    }
    // Half of each kind passes the filter: 150 three-word, 500 two-word, 600 one-word matches. The 650
    // with two words or more fill the first thousand with 350 one-word matches; no more one-word hits.
    let response = try index.search(query)
    #expect(response.nbHits == 1_000)
    #expect(response.facets["kind"] == ["three": 150, "two": 500, "one": 350])
    var grouped = query
    grouped.distinct = 1
    // Every record is a group of its own: through the distinct path the threshold still holds.
    #expect(try index.search(grouped).nbHits == 1_000)
  }

  @Test("numericAttributesForFiltering with facets and facets_stats: the stats stay those of the matches")
  func numericFiltering() throws {
    let index = try Fixture.index(
      Self.stores().prefix(10).map { $0 },
      settings: ["attributesForFaceting": ["kind", "price"], "numericAttributesForFiltering": ["equalOnly(price)"]])
    let equal = try index.search(Fixture.query("", filters: "price = 3") { $0.facets = ["price", "kind"] })
    #expect(equal.nbHits == 1)
    let range = try index.search(Fixture.query("", filters: "price > 3") { $0.facets = ["price"] })
    #expect(range.nbHits == 0)
    // The facet filter on the number is a facet filter: attributesForFaceting governs it.
    #expect(try index.search(Fixture.query("", filters: "price:3")).nbHits == 1)
    let all = try index.search(Fixture.query("") { $0.facets = ["price"] })
    #expect(all.facetsStats["price"]?.max == 9)
  }
}
