import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite(
  "similarQuery: its words instead of the query's, without prefixes or stop words, every word optional, words first")
struct SimilarQueryTests {
  static let movies: [[String: JSON]] = [
    ["objectID": "all", "title": "Comedy drama crime story", "genre": "mixed"],
    ["objectID": "typo", "title": "Comedy dramma crime", "genre": "mixed"],
    ["objectID": "two", "title": "Crime drama", "genre": "serious"],
    ["objectID": "one", "title": "Comedy", "genre": "light"],
    ["objectID": "none", "title": "Documentary", "genre": "serious"],
  ]

  static func index() throws -> LocalIndex {
    try Fixture.index(Self.movies, settings: ["searchableAttributes": ["title"], "attributesForFaceting": ["genre"]])
  }

  @Test("Records holding more of the words come first, even with a typo; any one word is enough to match")
  func wordsFirst() throws {
    let response = try Self.index().search(Fixture.query { $0.similarQuery = "comedy drama crime macy" })
    #expect(response.hits.map(\.objectID) == ["all", "typo", "two", "one"])
    #expect(response.query == "")
    // The same words as a plain query: typos rank first, and every word is required.
    let plain = try Self.index().search(
      Fixture.query("comedy drama crime") { $0.optionalWords = ["comedy drama crime"] })
    #expect(plain.hits.map(\.objectID).prefix(3) == ["all", "two", "one"])
  }

  @Test("Stop words leave it, words are not prefixes, and the query's own text is not searched")
  func reading() throws {
    let index = try Self.index()
    let stop = try index.search(Fixture.query { $0.similarQuery = "the crime of" })
    #expect(Set(stop.hits.map(\.objectID)) == ["all", "typo", "two"])
    #expect(try index.search(Fixture.query { $0.similarQuery = "com" }).nbHits == 0)
    let both = try index.search(Fixture.query("documentary") { $0.similarQuery = "crime" })
    #expect(Set(both.hits.map(\.objectID)) == ["all", "typo", "two"] && both.query == "documentary")
  }

  @Test("Filters and facets apply as to any search")
  func filters() throws {
    let response = try Self.index().search(
      Fixture.query {
        $0.similarQuery = "comedy drama crime"
        $0.filters = "genre:serious OR genre:light"
        $0.facets = ["genre"]
      })
    #expect(response.hits.map(\.objectID) == ["two", "one"])
    #expect(response.facets["genre"] == ["serious": 1, "light": 1])
  }
}
