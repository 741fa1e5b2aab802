import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("exactOnSingleWordQuery: what is exact for a query of one word")
struct ExactOnSingleWordQueryTests {
  static func index(_ settings: [String: JSON] = [:]) throws -> LocalIndex {
    try Fixture.index(
      [
        ["objectID": "case", "name": "iPhone case", "rank": 1],
        ["objectID": "phone", "name": "iPhone", "rank": 2],
        ["objectID": "tagged", "name": "phone", "tags": ["apple", "iphone"], "rank": 3],
      ],
      settings: settings.merging(["customRanking": ["asc(rank)"], "searchableAttributes": ["unordered(name)", "tags"]])
      {
        $1
      })
  }

  static func ids(_ mode: Query.ExactOnSingleWordQuery?, _ text: String = "iphone", _ index: LocalIndex? = nil)
    throws -> [String]
  {
    try Fixture.ids((index ?? Self.index()).search(Fixture.query(text) { $0.exactOnSingleWordQuery = mode }))
  }

  @Test("attribute, the default: the word must be a whole value (of an attribute, or of an array's element)")
  func attribute() throws {
    // Name before tags (attribute criterion); among the names, the whole value first.
    #expect(try Self.ids(nil) == ["phone", "case", "tagged"])
    #expect(try Self.ids(.attribute) == ["phone", "case", "tagged"])
    let answer = try Self.index().search(Fixture.query("iphone") { $0.getRankingInfo = true })
    let exact = answer.hits.map { $0.object["_rankingInfo"]?.objectValue?["nbExactWords"] }
    #expect(exact == [1, 0, 1])
  }

  @Test("word: the word anywhere is exact, so the custom ranking decides; none: nothing is exact")
  func wordAndNone() throws {
    #expect(try Self.ids(.word) == ["case", "phone", "tagged"])
    #expect(try Self.ids(Query.ExactOnSingleWordQuery.none) == ["case", "phone", "tagged"])
  }

  @Test("A query of several words is not affected")
  func severalWords() throws {
    #expect(try Self.ids(.attribute, "iphone case") == ["case"])
    #expect(try Self.ids(.word, "iphone case") == ["case"])
  }

  @Test("The index's setting is the default; GET returns it")
  func setting() throws {
    let index = try Self.index(["exactOnSingleWordQuery": "word"])
    #expect(try Self.ids(nil, "iphone", index) == ["case", "phone", "tagged"])
    #expect(index.settings.jsonObject["exactOnSingleWordQuery"] == "word")
  }
}
