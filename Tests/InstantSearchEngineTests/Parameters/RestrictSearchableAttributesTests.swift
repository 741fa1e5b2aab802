import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("restrictSearchableAttributes: a search in some of the searchable attributes")
struct RestrictSearchableAttributesTests {
  static let settings: [String: JSON] = [
    "searchableAttributes": ["name", "unordered(description)", "brand,category"],
    "attributesForFaceting": ["color"],
  ]
  static let records: [[String: JSON]] = [
    ["objectID": "1", "name": "red shirt", "description": "cotton", "color": "red"],
    ["objectID": "2", "name": "blue jeans", "description": "goes with a red shirt", "color": "blue"],
    ["objectID": "3", "name": "hat", "brand": "shirt co", "color": "red"],
    ["objectID": "4", "name": "shirt", "description": "a red one", "color": "red"],
  ]

  static func search(_ text: String, _ restrict: [String]?, settings: [String: JSON] = settings) throws
    -> SearchResponse
  {
    let index = try Fixture.index(records, settings: settings)
    return try index.search(
      Fixture.query(text) {
        $0.restrictSearchableAttributes = restrict
        $0.facets = ["color"]
      })
  }

  @Test("Only the named attributes are searched; the count and the facets follow")
  func restricts() throws {
    let name = try Self.search("shirt", ["name"])
    #expect(Set(Fixture.ids(name)) == ["1", "4"] && name.nbHits == 2)
    #expect(name.facets["color"] == ["red": 2])
    let description = try Self.search("shirt", ["description"])
    #expect(Fixture.ids(description) == ["2"] && description.facets["color"] == ["blue": 1])
    #expect(Set(Fixture.ids(try Self.search("shirt", nil))) == ["1", "2", "3", "4"])
  }

  @Test("Every word must be found in the named attributes, not one here and one elsewhere")
  func everyWord() throws {
    #expect(Set(Fixture.ids(try Self.search("red shirt", ["name"]))) == ["1"])
    #expect(Set(Fixture.ids(try Self.search("red shirt", ["description"]))) == ["2"])
    // Record 4 has "shirt" in its name and "red" in its description.
    #expect(Set(Fixture.ids(try Self.search("red shirt", ["name", "description"]))) == ["1", "2", "4"])
  }

  @Test("The attributes keep their priority: a name match still ranks before a description match")
  func priorityKept() throws {
    let both = try Self.search("shirt", ["description", "name"])
    #expect(Fixture.ids(both).last == "2" && both.nbHits == 3)
  }

  @Test("An attribute that shares its entry with others cannot be named alone, as on Algolia")
  func sharedEntry() throws {
    let brand = try Self.search("shirt", ["brand"])
    #expect(brand.nbHits == 0 && brand.hits.isEmpty)
    #expect(try Self.search("shirt", ["brand,category"]).nbHits == 0)
    #expect(try Self.search("shirt", ["unknown"]).nbHits == 0)
  }

  @Test("No effect without searchableAttributes (every attribute is searched), as Algolia documents")
  func noSearchableAttributes() throws {
    let answer = try Self.search("shirt", ["name"], settings: ["attributesForFaceting": ["color"]])
    #expect(answer.nbHits == 4)
  }

  @Test("An empty query is not restricted: every record matches")
  func emptyQuery() throws {
    #expect(try Self.search("", ["name"]).nbHits == 4)
  }

  @Test("Browse and search for facet values apply it too")
  func browseAndFacetValues() throws {
    let index = try Fixture.index(
      Self.records, settings: Self.settings.merging(["attributesForFaceting": ["searchable(color)"]]) { $1 })
    let query = Fixture.query("shirt") { $0.restrictSearchableAttributes = ["description"] }
    #expect(try index.browse(query, offset: 0, count: 10).hits.map(\.objectID) == ["2"])
    let values = try index.searchForFacetValues(attribute: "color", facetQuery: "", query: query)
    #expect(values.facetHits.map(\.value) == ["blue"])
  }

  @Test("Random records over one and several segments, with and without a side thread: a brute force's matches")
  func randomized() throws {
    let catalog = try RandomTextCatalog(seed: 38)
    for text in ["red", "shirt sale", "blue hat", "cotton", "sh", "green wo"] {
      for restrict in [["name"], ["description", "tags"], ["tags"], RandomTextCatalog.attributes] {
        let words = text.split(separator: " ").map(String.init)
        try catalog.expectMatches(Fixture.query(text) { $0.restrictSearchableAttributes = restrict }) { record in
          let held = restrict.flatMap { RandomTextCatalog.words(record, $0) }
          return words.enumerated().allSatisfy { position, word in
            position == words.count - 1 ? held.contains { $0.hasPrefix(word) } : held.contains(word)
          }
        }
      }
    }
  }
}
