import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// An empty query ranks its matches by the custom ranking alone: by reading the custom order until enough
/// matches are found, or by a heap over the matches when they are few or bunched late in the order. Either
/// way the page must be the records a full sort gives. (Over 1,024 matches the order is read: `brand:b1`
/// and `NOT brand:b2` spread, `popularity >= 800` early, `popularity < 200` late, where the read gives up
/// and the heap answers; `popularity:300 TO 320` is few.)
@Suite("Custom ranking: the best matches of an empty query")
struct TopByCustomRankTests {
  typealias Generator = DifferentialTests.Generator

  @Test(
    "Matches spread, bunched early, bunched late, or few: the page a full sort gives",
    arguments: ["brand:b1", "popularity >= 800", "popularity < 200", "popularity:300 TO 320", "NOT brand:b2"])
  func pages(filters: String) throws {
    var random = Generator(state: 41)
    let records: [[String: JSON]] = (0..<6_000).map { number in
      [
        "objectID": .string("r\(number)"), "name": "item", "brand": .string("b\(random.int(0..<3))"),
        "popularity": .number(Double(random.int(0..<1_000))),
      ]
    }
    let index = try Fixture.index(
      records,
      settings: [
        "searchableAttributes": ["name"], "attributesForFaceting": ["brand"], "customRanking": ["desc(popularity)"],
      ])
    let matching = records.enumerated().filter { _, record in
      let brand = record["brand"]?.stringValue ?? ""
      let popularity = record["popularity"]?.doubleValue ?? 0
      switch filters {
      case "brand:b1": return brand == "b1"
      case "popularity >= 800": return popularity >= 800
      case "popularity < 200": return popularity < 200
      case "popularity:300 TO 320": return (300...320).contains(popularity)
      default: return brand != "b2"
      }
    }
    // Ties by record number, as the custom order breaks them.
    let sorted = matching.sorted { lhs, rhs in
      let left = lhs.element["popularity"]?.doubleValue ?? 0
      let right = rhs.element["popularity"]?.doubleValue ?? 0
      return left != right ? left > right : lhs.offset < rhs.offset
    }.map { $0.element["objectID"]?.stringValue ?? "" }
    for page in [0, 3] {
      let response = try index.search(
        Fixture.query("", filters: filters) {
          $0.hitsPerPage = 25
          $0.page = page
        })
      #expect(response.nbHits == sorted.count, "\(filters)")
      #expect(Fixture.ids(response) == Array(sorted.dropFirst(25 * page).prefix(25)), "\(filters) page \(page)")
    }
  }
}
