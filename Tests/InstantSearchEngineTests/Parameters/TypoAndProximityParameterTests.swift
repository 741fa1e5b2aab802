import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("minProximity, allowTyposOnNumericTokens, disableTypoToleranceOnWords")
struct TypoAndProximityParameterTests {
  @Test("minProximity: distances below it rank alike, so the custom ranking decides between them")
  func minProximity() throws {
    let index = try Fixture.index(
      [
        ["objectID": "adjacent", "name": "red shirt", "rank": 2],
        ["objectID": "one apart", "name": "red cotton shirt", "rank": 1],
        ["objectID": "far", "name": "red a b c d e f g shirt", "rank": 0],
      ], settings: ["customRanking": ["asc(rank)"]])
    #expect(Fixture.ids(try index.search(Query("red shirt"))) == ["adjacent", "one apart", "far"])
    let two = try index.search(
      Fixture.query("red shirt") {
        $0.minProximity = 2
        $0.getRankingInfo = true
      })
    #expect(Fixture.ids(two) == ["one apart", "adjacent", "far"])
    #expect(two.hits.first?.object["_rankingInfo"]?.objectValue?["proximityDistance"] == 2)
    #expect(throws: EngineError.invalidParameter("minProximity must be between 1 and 7, got 8")) {
      try index.search(Fixture.query("red") { $0.minProximity = 8 })
    }
  }

  @Test("allowTyposOnNumericTokens: false matches numbers only as typed")
  func numericTokens() throws {
    let index = try Fixture.index([
      ["objectID": "1", "name": "iphone 15243"], ["objectID": "2", "name": "iphone 15244"],
    ])
    #expect(Set(Fixture.ids(try index.search(Query("iphone 15243 ")))) == ["1", "2"])
    let exact = try index.search(Fixture.query("iphone 15243 ") { $0.allowTyposOnNumericTokens = false })
    #expect(Fixture.ids(exact) == ["1"])
  }

  @Test("disableTypoToleranceOnWords: the listed words match only as typed")
  func wordsWithoutTypos() throws {
    let records: [[String: JSON]] = [["objectID": "1", "name": "hoodie"], ["objectID": "2", "name": "hoodia"]]
    let tolerant = try Fixture.index(records)
    #expect(Set(Fixture.ids(try tolerant.search(Query("hoodie ")))) == ["1", "2"])
    let strict = try Fixture.index(records, settings: ["disableTypoToleranceOnWords": ["hoodie"]])
    #expect(Fixture.ids(try strict.search(Query("hoodie "))) == ["1"])
    #expect(strict.settings.jsonObject["disableTypoToleranceOnWords"] == ["hoodie"])
  }
}
