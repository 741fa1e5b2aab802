import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("ranking as a search parameter: the search ranks as the index would with that setting")
struct RankingParameterTests {
  static func index() throws -> LocalIndex {
    try Fixture.index(
      [
        ["objectID": "a", "name": "red shirt", "price": 30, "popularity": 1],
        ["objectID": "b", "name": "red shirt", "price": 10, "popularity": 3],
        ["objectID": "c", "name": "red shirts", "price": 20, "popularity": 2],
      ], settings: ["customRanking": ["desc(popularity)"]])
  }

  static func ranked(_ ranking: JSON?, _ index: LocalIndex, text: String = "red shirt") throws -> [String] {
    var query = Fixture.query(text)
    query.queryType = .prefixNone
    if let ranking { query.additionalParameters["ranking"] = ranking }
    return try index.search(query).hits.map(\.objectID)
  }

  @Test("A sort first, custom left out, and the index's own ranking: each ranks as the setting would")
  func applied() throws {
    let index = try Self.index()
    #expect(try Self.ranked(nil, index) == ["b", "a", "c"])
    let byPrice: JSON = .array((["asc(price)"] + IndexSettings.defaultRanking).map(JSON.string))
    #expect(try Self.ranked(byPrice, index) == ["b", "c", "a"])
    // Without custom: the textual criteria, then the records' order.
    let noCustom: JSON = ["typo", "geo", "words", "filters", "proximity", "attribute", "exact"]
    #expect(try Self.ranked(noCustom, index) == ["a", "b", "c"])
    // The same as an index with those settings answers.
    let replica = try Fixture.index(
      [
        ["objectID": "a", "name": "red shirt", "price": 30, "popularity": 1],
        ["objectID": "b", "name": "red shirt", "price": 10, "popularity": 3],
        ["objectID": "c", "name": "red shirts", "price": 20, "popularity": 2],
      ], settings: ["customRanking": ["desc(popularity)"], "ranking": byPrice])
    #expect(try Self.ranked(nil, replica) == ["b", "c", "a"])
    // The index itself is unchanged for the next search.
    #expect(try Self.ranked(nil, index) == ["b", "a", "c"])
    #expect(try Self.ranked(byPrice, index) == ["b", "c", "a"])
  }

  @Test("A ranking the engine refuses as a setting is a 400 naming it; a wrong shape too")
  func refused() throws {
    let index = try Self.index()
    #expect(throws: EngineError.self) { try Self.ranked(["words", "typo", "proximity", "attribute", "exact"], index) }
    #expect(throws: EngineError.self) { try Self.ranked(["typo", "asc(price)"], index) }
    #expect(throws: EngineError.self) { try Self.ranked("typo", index) }
    #expect(throws: EngineError.self) { try Self.ranked(.array((0..<1_001).map { _ in "typo" }), index) }
    do {
      _ = try Self.ranked(["typo", "asc(price)"], index)
    } catch {
      #expect("\(error)".contains("ranking"))
    }
  }
}
