import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// `_rankingInfo` has every field Algolia's response model requires (`nbTypos`, `firstMatchedWord`,
/// `geoDistance`, `nbExactWords`, `userScore`), without a geo search too, and no field the model does not
/// know: the official v4 clients refuse a hit otherwise.
@Suite("getRankingInfo")
struct RankingInfoTests {
  static let required: Set<String> = ["nbTypos", "firstMatchedWord", "geoDistance", "nbExactWords", "userScore"]
  static let known: Set<String> = [
    "filters", "firstMatchedWord", "geoDistance", "geoPrecision", "matchedGeoLocation", "personalization",
    "nbExactWords", "nbTypos", "promoted", "proximityDistance", "userScore", "words", "promotedByReRanking",
  ]

  @Test("without a geo search: geoDistance 0, geoPrecision 1, and the textual criteria")
  func withoutGeo() throws {
    let index = try Fixture.index(
      [["objectID": "1", "name": "desk lamp", "rank": 3], ["objectID": "2", "name": "lamp", "rank": 9]],
      settings: ["searchableAttributes": ["name"], "customRanking": ["desc(rank)"]])
    let response = try index.search(Fixture.query("lamp") { $0.getRankingInfo = true })
    #expect(response.hits.count == 2)
    for hit in response.hits {
      let info = try #require(hit["_rankingInfo"]?.objectValue)
      #expect(Self.required.isSubset(of: info.keys), "\(info.keys.sorted())")
      #expect(Set(info.keys).isSubset(of: Self.known), "\(info.keys.sorted())")
      #expect(info["geoDistance"] == 0 && info["geoPrecision"] == 1)
      #expect(info["nbTypos"] == 0 && info["words"] == 1)
    }
    // Without the parameter, no ranking information.
    #expect(try index.search(Fixture.query("lamp")).hits.allSatisfy { $0["_rankingInfo"] == nil })
  }
}
