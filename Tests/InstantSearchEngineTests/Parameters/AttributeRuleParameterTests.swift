import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("disableTypoToleranceOnAttributes and disableExactOnAttributes")
struct AttributeRuleParameterTests {
  static let records: [[String: JSON]] = [
    ["objectID": "name typo", "name": "shirt", "code": "x1", "color": "red"],
    ["objectID": "code typo", "name": "hat", "code": "shirt", "color": "blue"],
    ["objectID": "code exact", "name": "cap", "code": "shrt", "color": "blue"],
  ]

  static func search(_ configure: (inout Query) -> Void, segments: Int = 1) throws -> SearchResponse {
    let index = LocalIndex(
      name: "p",
      settings: try IndexSettings(json: ["searchableAttributes": ["name", "code"], "attributesForFaceting": ["color"]]))
    if segments == 1 {
      try index.saveRecords(Self.records)
    } else {
      for record in Self.records { try index.saveRecords([record]) }
    }
    return try index.search(Fixture.query("shrt ", configure))
  }

  @Test("A word with a typo does not match in a listed attribute; the count and facets follow; elsewhere it does")
  func typoFree() throws {
    #expect(Set(Fixture.ids(try Self.search { _ in })) == ["name typo", "code typo", "code exact"])
    for segments in [1, 3] {
      let answer = try Self.search(
        {
          $0.disableTypoToleranceOnAttributes = ["code"]
          $0.facets = ["color"]
        }, segments: segments)
      #expect(Set(Fixture.ids(answer)) == ["name typo", "code exact"] && answer.nbHits == 2, "\(segments) segments")
      #expect(answer.facets["color"] == ["red": 1, "blue": 1])
    }
  }

  @Test("A match in a listed attribute is never exact: the custom ranking decides instead")
  func exactFree() throws {
    let index = try Fixture.index(
      [
        ["objectID": "longer", "name": "shirts", "rank": 1],
        ["objectID": "same", "name": "shirt", "rank": 2],
      ], settings: ["customRanking": ["asc(rank)"], "exactOnSingleWordQuery": "word"])
    #expect(Fixture.ids(try index.search(Query("shirt"))) == ["same", "longer"])
    let answer = try index.search(Fixture.query("shirt") { $0.disableExactOnAttributes = ["name"] })
    #expect(Fixture.ids(answer) == ["longer", "same"])
  }

  @Test("As settings, they are every search's default")
  func settings() throws {
    let index = try Fixture.index(Self.records, settings: ["disableTypoToleranceOnAttributes": ["code"]])
    #expect(Set(Fixture.ids(try index.search(Query("shrt ")))) == ["name typo", "code exact"])
    #expect(index.settings.jsonObject["disableTypoToleranceOnAttributes"] == ["code"])
  }
}
