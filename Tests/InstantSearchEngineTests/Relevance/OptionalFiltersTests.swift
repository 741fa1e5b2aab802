import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("Optional filters: scores, OR clauses, negation, the filters criterion")
struct OptionalFiltersTests {
  static let records: [[String: JSON]] = [
    ["objectID": "1", "name": "lamp", "brand": "Acme", "color": "red", "rank": 50],
    ["objectID": "2", "name": "lamp", "brand": "Bolt", "color": "red", "rank": 40],
    ["objectID": "3", "name": "lamp", "brand": "Acme", "color": "blue", "rank": 30],
    ["objectID": "4", "name": "lamp", "brand": "Crest", "color": "blue", "rank": 20],
    ["objectID": "5", "name": "lamp", "brand": "Crest", "color": "green", "rank": 10],
  ]
  static let settings: [String: JSON] = ["attributesForFaceting": ["brand", "color"], "customRanking": ["desc(rank)"]]

  static func ids(_ index: LocalIndex, _ text: String = "", _ configure: (inout Query) -> Void) throws -> [String] {
    Fixture.ids(try index.search(Fixture.query(text, configure)))
  }

  @Test("Matching records come first, by score then custom ranking; nothing is filtered out, facets unchanged")
  func scores() throws {
    let index = try Fixture.index(Self.records, settings: Self.settings)
    #expect(try Self.ids(index) { $0.optionalFilters = [["brand:Crest"]] } == ["4", "5", "1", "2", "3"])
    let response = try index.search(
      Fixture.query("") {
        $0.optionalFilters = [["brand:Acme<score=1>"], ["color:blue<score=3>"]]
        $0.facets = ["brand"]
      })
    // 3: Acme + blue = 4; 4: blue = 3; 1: Acme = 1; then 2 and 5 by rank.
    #expect(Fixture.ids(response) == ["3", "4", "1", "2", "5"])
    #expect(response.nbHits == 5 && response.facets["brand"] == ["Acme": 2, "Bolt": 1, "Crest": 2])
    // Text search too, and through the JSON form with a string element.
    let fromJSON = try Query(jsonObject: ["query": "lamp", "optionalFilters": "color:green"])
    #expect(Fixture.ids(try index.search(fromJSON)).first == "5")
  }

  @Test("An OR clause scores its best filter, or their sum with sumOrFiltersScores; a negated filter scores the others")
  func clauses() throws {
    let index = try Fixture.index(
      Self.records + [["objectID": "6", "name": "lamp", "brand": "Acme", "color": ["red", "blue"], "rank": 0]],
      settings: Self.settings)
    let group = [["color:red<score=2>", "color:blue<score=2>"]]
    // Best of the clause: every red or blue record scores 2; custom ranking decides among them.
    #expect(try Self.ids(index) { $0.optionalFilters = group } == ["1", "2", "3", "4", "6", "5"])
    #expect(
      try Self.ids(index) {
        $0.optionalFilters = group
        $0.sumOrFiltersScores = true
      } == ["6", "1", "2", "3", "4", "5"])
    #expect(try Self.ids(index) { $0.optionalFilters = [["brand:-Acme"]] } == ["2", "4", "5", "1", "3", "6"])
  }

  @Test("The filters criterion comes after typos and words, before proximity and attribute")
  func criterionPlace() throws {
    let index = try Fixture.index(
      [
        ["objectID": "exact", "name": "desk lamp", "brand": "Bolt", "rank": 1],
        ["objectID": "typo", "name": "desk lanp", "brand": "Acme", "rank": 2],
        ["objectID": "far", "name": "desk with a lamp", "brand": "Acme", "rank": 0],
      ], settings: Self.settings)
    // No optional filter: exact, then far (no typo, farther words), then typo.
    #expect(try Self.ids(index, "desk lamp") { _ in } == ["exact", "far", "typo"])
    // Acme boosted: far (no typo) passes exact (closer words), typo stays after both.
    #expect(try Self.ids(index, "desk lamp") { $0.optionalFilters = [["brand:Acme"]] } == ["far", "exact", "typo"])
  }

  @Test("Across segments and with pages, the order is the same as in one snapshot")
  func segments() throws {
    let index = try Fixture.index(Array(Self.records.prefix(3)), settings: Self.settings)
    try index.saveRecords(Array(Self.records.suffix(2)))
    #expect(try Self.ids(index) { $0.optionalFilters = [["brand:Crest"]] } == ["4", "5", "1", "2", "3"])
    #expect(
      try Self.ids(index) {
        $0.optionalFilters = [["brand:Crest"]]
        $0.hitsPerPage = 2
        $0.page = 1
      } == ["1", "2"])
    #expect(throws: EngineError.self) { try index.search(Fixture.query("") { $0.optionalFilters = [["nocolon"]] }) }
  }
}
