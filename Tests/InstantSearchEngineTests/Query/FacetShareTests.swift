import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// Many matches: the facet attributes are shared between the side thread (from the front) and the caller
/// (from the back, after its hits); the answers are those of one thread counting them all.
@Suite("Facets shared by two threads")
struct FacetShareTests {
  static let words = ["lamp", "desk", "chair", "shelf", "table", "light", "wood", "steel"]

  static func index() throws -> LocalIndex {
    var random = DifferentialTests.Generator(state: 5)
    let records: [[String: JSON]] = (0..<18_000).map { number in
      [
        "objectID": .string("r\(number)"),
        "name": .string((0..<3).map { _ in words[random.int(0..<words.count)] }.joined(separator: " ")),
        "brand": .string("brand \(random.int(0..<40))"), "color": .string("color \(random.int(0..<9))"),
        "size": .string(["S", "M", "L", "XL"][random.int(0..<4)]), "price": .number(Double(random.int(0..<300))),
        "popularity": .number(Double(random.int(0..<1_000))),
      ]
    }
    return try Fixture.index(
      records,
      settings: [
        "searchableAttributes": ["name"], "attributesForFaceting": ["brand", "color", "size", "price"],
        "customRanking": ["desc(popularity)"],
      ])
  }

  @Test("each attribute is taken once, from either end, until none is left")
  func takes() {
    let share = FacetShare(paths: ["a", "b", "c", "d", "e"])
    var taken = [share.take(fromFront: true), share.take(fromFront: false), share.take(fromFront: false)]
    taken += [share.take(fromFront: true), share.take(fromFront: true), share.take(fromFront: false)]
    #expect(taken == [0, 4, 3, 1, 2, nil])
    share.store(FacetShare.Counted(values: ["x": 2], stats: nil), at: 1)
    share.store(FacetShare.Counted(values: [:], stats: FacetStats(min: 1, max: 3, avg: 2, sum: 4)), at: 3)
    let results = share.results()
    #expect(results.facets == ["b": ["x": 2]])
    #expect(results.stats == ["d": FacetStats(min: 1, max: 3, avg: 2, sum: 4)])
  }

  @Test("the heaviest attributes first (the side thread's end), ties in the query's order")
  func heaviestFirst() throws {
    let weights = ["a": 3, "b": 80, "c": 3, "d": 0, "e": 80]
    let share = FacetShare(paths: ["a", "b", "c", "d", "e"]) { weights[$0] ?? 0 }
    #expect(share.paths == ["b", "e", "a", "c", "d"])
    #expect(share.take(fromFront: true).map { share.paths[$0] } == "b")
    #expect(share.take(fromFront: false).map { share.paths[$0] } == "d")
    // An executor weighs an attribute by its values: the price's many before the sizes' four.
    let snapshot = try Self.index().snapshot
    let executor = SearchExecutor(snapshot: snapshot, query: Query())
    #expect(executor.sharedFacets(["size", "price", "color", "unknown", "brand"]).paths.first == "price")
    #expect(
      executor.sharedFacets(["size", "price", "color", "unknown", "brand"]).paths.suffix(2) == ["size", "unknown"])
  }

  @Test("counts and statistics shared by two threads equal one thread's, query after query")
  func sameCounts() throws {
    let snapshot = try Self.index().snapshot
    var shared = 0
    for text in ["", "l", "la", "lamp", "s", "desk s"] {
      for filters in [nil, "price < 170", "price >= 100", "NOT size:S", "price < 40", "price < 130", "price >= 140"] {
        let query = Fixture.query(text) {
          $0.facets = ["brand", "color", "size", "price"]
          $0.filters = filters
          $0.maxValuesPerFacet = 25
        }
        let (expected, response) = try SideThreadTests.inTurnAndBeside(snapshot, query, label: "test.facetShare")
        let label = "\(text) \(filters ?? "")"
        #expect(response.facets == expected.facets, "\(label)")
        #expect(response.facetsStats == expected.facetsStats, "\(label)")
        #expect(response.hits == expected.hits, "\(label)")
        #expect(response.nbHits == expected.nbHits, "\(label)")
        if response.nbHits >= SearchExecutor.sharedFacetsThreshold, response.nbHits <= 18_000 / 3 * 2 { shared += 1 }
      }
    }
    // Enough of the queries do share their facets.
    #expect(shared >= 5)
  }
}
