import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("restrictHighlightAndSnippetArrays: only the matching elements of arrays")
struct RestrictHighlightArraysTests {
  static func hit(_ restrict: Bool?) throws -> [String: JSON] {
    let index = try Fixture.index([
      [
        "objectID": "1", "name": "guitar", "tags": ["red", "electric guitar", "sale"],
        "variants": [["label": "blue guitar"], ["label": "case"]],
      ]
    ])
    let answer = try index.search(
      Fixture.query("guitar") {
        $0.restrictHighlightAndSnippetArrays = restrict
        $0.attributesToHighlight = ["name", "tags", "variants"]
        $0.attributesToSnippet = ["tags"]
      })
    return try #require(answer.hits.first).object
  }

  static func values(_ array: JSON?) -> [String] {
    array?.arrayValue?.compactMap { $0.objectValue?["value"]?.stringValue } ?? []
  }

  @Test("Off (the default): every element is highlighted and snippeted")
  func off() throws {
    let hit = try Self.hit(nil)
    #expect(Self.values(hit["_highlightResult"]?.objectValue?["tags"]).count == 3)
    #expect(Self.values(hit["_snippetResult"]?.objectValue?["tags"]).count == 3)
  }

  @Test("On: arrays keep the elements that match, of strings and of objects; other attributes stay")
  func on() throws {
    let hit = try Self.hit(true)
    let highlights = try #require(hit["_highlightResult"]?.objectValue)
    #expect(Self.values(highlights["tags"]) == ["electric <em>guitar</em>"])
    #expect(Self.values(hit["_snippetResult"]?.objectValue?["tags"]) == ["electric <em>guitar</em>"])
    #expect(highlights["variants"]?.arrayValue?.count == 1)
    #expect(highlights["name"]?.objectValue?["matchLevel"] == "full")
    #expect(hit["tags"]?.arrayValue?.count == 3, "the record itself is untouched")
  }
}
