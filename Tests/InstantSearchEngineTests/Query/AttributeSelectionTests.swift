import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// `attributesToHighlight: ["*"]` highlights every attribute of a hit, and `attributesToRetrieve` with `*`
/// leaves out the attributes named `-attr`, as Algolia's do; unretrievable attributes are neither retrieved
/// nor highlighted.
@Suite("Attributes highlighted and retrieved: * and -attr")
struct AttributeSelectionTests {
  static func index(_ settings: [String: JSON] = [:]) throws -> LocalIndex {
    var settings = settings
    settings["searchableAttributes"] = ["name"]
    return try Fixture.index(
      [
        [
          "objectID": "1", "name": "desk lamp", "brand": "Lumo", "price": 30, "secret": "lamp maker",
          "details": ["finish": "matte lamp"],
        ]
      ], settings: settings)
  }

  static func hit(_ index: LocalIndex, _ configure: (inout Query) -> Void) throws -> [String: JSON] {
    try #require(try index.search(Fixture.query("lamp", configure)).hits.first).object
  }

  @Test("* highlights every attribute, nested ones as objects, and no unretrievable one")
  func highlightEvery() throws {
    let object = try Self.hit(try Self.index(["unretrievableAttributes": ["secret"]])) {
      $0.attributesToHighlight = ["*"]
    }
    let highlights = try #require(object["_highlightResult"]?.objectValue)
    #expect(Set(highlights.keys) == ["name", "brand", "price", "details"])
    #expect(highlights["name"]?.objectValue?["matchLevel"] == "full")
    #expect(highlights["details"]?.objectValue?["finish"]?.objectValue?["value"] == "matte <em>lamp</em>")
    #expect(object["secret"] == nil)
  }

  @Test("without *, only the attributes named are highlighted")
  func highlightNamed() throws {
    let object = try Self.hit(try Self.index()) { $0.attributesToHighlight = ["brand"] }
    #expect(try #require(object["_highlightResult"]?.objectValue).keys.sorted() == ["brand"])
  }

  @Test("-attr beside * leaves the attribute out of the hit; objectID always stays")
  func retrieveExcept() throws {
    let index = try Self.index()
    let object = try Self.hit(index) { $0.attributesToRetrieve = ["*", "-price", "-details", "-objectID"] }
    #expect(object["price"] == nil && object["details"] == nil)
    #expect(object["objectID"] == "1" && object["name"] == "desk lamp" && object["brand"] == "Lumo")
    let named = try Self.hit(index) { $0.attributesToRetrieve = ["name", "-brand"] }
    #expect(Set(named.keys.filter { !$0.hasPrefix("_") }) == ["objectID", "name"])
  }
}

/// Nested attributes are highlighted and snippeted under nested objects, as Algolia answers and as
/// DocSearch reads them (`_highlightResult.hierarchy.lvl1`), never under a dotted key.
@Suite("Nested attributes in _highlightResult and _snippetResult")
struct NestedHighlightTests {
  @Test("hierarchy.lvl1 is highlighted and snippeted under hierarchy, beside lvl0")
  func nested() throws {
    let index = try Fixture.index(
      [
        [
          "objectID": "1", "hierarchy": ["lvl0": "Guides", "lvl1": "Install the desk lamp today"],
          "content": "lamp",
        ]
      ], settings: ["searchableAttributes": ["hierarchy.lvl0", "hierarchy.lvl1", "content"]])
    let hit = try #require(
      try index.search(
        Fixture.query("lamp") {
          $0.attributesToHighlight = ["hierarchy.lvl0", "hierarchy.lvl1", "content"]
          $0.attributesToSnippet = ["hierarchy.lvl1:3"]
        }
      ).hits.first)
    let highlights = try #require(hit["_highlightResult"]?.objectValue)
    #expect(Set(highlights.keys) == ["hierarchy", "content"])
    #expect(highlights["hierarchy"]?["lvl1"]?["value"] == "Install the desk <em>lamp</em> today")
    #expect(highlights["hierarchy"]?["lvl0"]?["matchLevel"] == "none")
    let snippets = try #require(hit["_snippetResult"]?.objectValue)
    #expect(Set(snippets.keys) == ["hierarchy"])
    #expect(snippets["hierarchy"]?["lvl1"]?["value"]?.stringValue?.contains("<em>lamp</em>") == true)
  }
}
