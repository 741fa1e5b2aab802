import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("replaceSynonymsInHighlight: a synonym shown as the query word it stands for")
struct ReplaceSynonymsInHighlightTests {
  static func index(_ settings: [String: JSON] = [:]) throws -> LocalIndex {
    let index = try Fixture.index(
      [
        ["objectID": "1", "name": "Smart Television, 55 inches"],
        ["objectID": "2", "name": "TV stand for a television"],
      ], settings: settings)
    index.saveSynonyms([try Synonym(json: ["objectID": "s", "type": "synonym", "synonyms": ["tv", "television"]])])
    return index
  }

  static func query(_ replace: Bool?) -> Query {
    Fixture.query("tv") {
      $0.replaceSynonymsInHighlight = replace
      $0.attributesToSnippet = ["name:3"]
    }
  }

  static func highlights(_ response: SearchResponse) -> [String: String] {
    var result: [String: String] = [:]
    for hit in response.hits { result[hit.objectID] = hit.highlight(for: "name")?.value }
    return result
  }

  @Test("Off (the default): the record's word is highlighted as written")
  func off() throws {
    let response = try Self.index().search(Self.query(nil))
    #expect(Self.highlights(response)["1"] == "Smart <em>Television</em>, 55 inches")
    #expect(Self.highlights(response)["2"] == "<em>TV</em> stand for a <em>television</em>")
  }

  @Test("On: a word matched through the synonym becomes the query word, highlighted; the word itself stays")
  func on() throws {
    let response = try Self.index().search(Self.query(true))
    #expect(Self.highlights(response)["1"] == "Smart <em>tv</em>, 55 inches")
    #expect(Self.highlights(response)["2"] == "<em>TV</em> stand for a <em>tv</em>")
    let first = try #require(response.hits.first { $0.objectID == "1" })
    guard case .object(let leaf)? = first.object["_highlightResult"]?.objectValue?["name"] else {
      Issue.record("no highlight of name")
      return
    }
    #expect(leaf["matchLevel"] == "full")
    #expect(leaf["matchedWords"] == ["tv"])
    guard case .object(let snippet)? = first.object["_snippetResult"]?.objectValue?["name"] else {
      Issue.record("no snippet of name")
      return
    }
    #expect(snippet["value"] == "Smart <em>tv</em>, 55 …")
  }

  @Test("As an index setting it is every search's default; the matches do not change")
  func asSetting() throws {
    let index = try Self.index(["replaceSynonymsInHighlight": true])
    let response = try index.search(Self.query(nil))
    #expect(Self.highlights(response)["1"] == "Smart <em>tv</em>, 55 inches")
    #expect(response.nbHits == 2)
    #expect(try index.search(Self.query(false)).nbHits == 2)
  }
}
