import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("Snippets: attributesToSnippet, _snippetResult, snippetEllipsisText")
struct SnippetTests {
  /// `w0 w1 … w29`, with `apple` in place of the words at `positions`.
  static func words(_ positions: [Int: String] = [:], count: Int = 30) -> String {
    (0..<count).map { positions[$0] ?? "w\($0)" }.joined(separator: " ")
  }

  static func leaf(_ response: SearchResponse, _ position: Int = 0, _ attribute: String = "text") -> [String: JSON]? {
    response.hits[position].snippetResult?[attribute]?.objectValue
  }

  @Test("The window of N words centres the match; cuts are marked with … on the side cut")
  func centred() throws {
    let index = try Fixture.index([["objectID": "1", "text": .string(Self.words([15: "apple"]))]])
    let response = try index.search(Fixture.query("apple") { $0.attributesToSnippet = ["text:5"] })
    #expect(Self.leaf(response)?["value"] == "… w13 w14 <em>apple</em> w16 w17 …")
    #expect(Self.leaf(response)?["matchLevel"] == "full")
    #expect(Self.leaf(response)?["matchedWords"] == nil, "snippet leaves have only value and matchLevel")
    // At the start: no leading ellipsis.
    let early = try Fixture.index([["objectID": "1", "text": .string(Self.words([1: "apple"]))]])
    let start = try early.search(Fixture.query("apple") { $0.attributesToSnippet = ["text:4"] })
    #expect(Self.leaf(start)?["value"] == "w0 <em>apple</em> w2 w3 …")
  }

  @Test("Without a match the first words are kept; a short text is whole, its punctuation kept")
  func noMatchAndShort() throws {
    let index = try Fixture.index([
      ["objectID": "1", "text": .string(Self.words()), "name": "pear"],
      ["objectID": "2", "text": "Fresh apple, crisp!", "name": "apple"],
    ])
    let response = try index.search(
      Fixture.query("pear") {
        $0.attributesToSnippet = ["text:3"]
        $0.attributesToHighlight = []
      })
    #expect(Self.leaf(response)?["value"] == "w0 w1 w2 …" && Self.leaf(response)?["matchLevel"] == "none")
    let short = try index.search(Fixture.query("apple") { $0.attributesToSnippet = ["text"] })
    #expect(Self.leaf(short)?["value"] == "Fresh <em>apple</em>, crisp!")
  }

  @Test("The window holding the most distinct query words wins over one repeating a word")
  func distinctWords() throws {
    // "red" three times early; "red … apple" later, within 4 words.
    let text = Self.words([2: "red", 3: "red", 4: "red", 20: "red", 22: "apple"])
    let index = try Fixture.index([["objectID": "1", "text": .string(text)]])
    let response = try index.search(Fixture.query("red apple") { $0.attributesToSnippet = ["text:4"] })
    let value = try #require(Self.leaf(response)?["value"]?.stringValue)
    #expect(value.contains("<em>red</em>") && value.contains("<em>apple</em>"), "\(value)")
    #expect(Self.leaf(response)?["matchLevel"] == "full")
  }

  @Test("Ellipsis text and highlight tags come from the query, else the settings; prefixes and typos match")
  func tagsAndEllipsis() throws {
    let settings: [String: JSON] = ["attributesToSnippet": ["text:3"], "snippetEllipsisText": "(…)"]
    let index = try Fixture.index(
      [["objectID": "1", "text": .string(Self.words([10: "applesauce"]))]], settings: settings)
    let fromSettings = try index.search(Fixture.query("apple"))
    #expect(Self.leaf(fromSettings)?["value"] == "(…) w9 <em>apple</em>sauce w11 (…)")
    let custom = try index.search(
      Fixture.query("applesauce") {
        $0.snippetEllipsisText = ""
        $0.highlightPreTag = "["
        $0.highlightPostTag = "]"
        $0.attributesToSnippet = ["text:1"]
      })
    #expect(Self.leaf(custom)?["value"] == "[applesauce]")
    let typo = try index.search(Fixture.query("applesause") { $0.attributesToSnippet = ["text:1"] })
    #expect(Self.leaf(typo)?["value"] == "(…) <em>applesauce</em> (…)")
  }

  @Test("`*` snippets every attribute; arrays and objects are mirrored; unretrievable ones are left out")
  func everyAttribute() throws {
    let index = try Fixture.index(
      [
        [
          "objectID": "1", "title": "apple pie", "tags": ["sweet apple", "baked"],
          "about": ["origin": "an apple orchard"], "secret": "apple",
        ]
      ], settings: ["unretrievableAttributes": ["secret"]])
    let response = try index.search(Fixture.query("apple") { $0.attributesToSnippet = ["*:2"] })
    let snippets = try #require(response.hits.first?.snippetResult)
    #expect(Set(snippets.keys) == ["title", "tags", "about"])
    #expect(snippets["tags"]?.arrayValue?.count == 2)
    // Both two-word windows frame the match equally: the earlier wins.
    #expect(snippets["about"]?["origin"]?["value"] == "an <em>apple</em> …")
  }

  @Test("Snippets follow filters, pages and later writes (a hit from a newer segment is snippeted too)")
  func pagesAndSegments() throws {
    let records: [[String: JSON]] = (0..<6).map { number in
      ["objectID": .string("\(number)"), "text": .string(Self.words([12: "apple"])), "rank": .number(Double(number))]
    }
    let index = try Fixture.index(
      records, settings: ["attributesForFaceting": ["rank"], "customRanking": ["desc(rank)"]])
    try index.saveRecords([["objectID": "9", "text": .string(Self.words([11: "fresh", 12: "apple"])), "rank": 9]])
    let response = try index.search(
      Fixture.query("apple", filters: "rank > 2") {
        $0.attributesToSnippet = ["text:3"]
        $0.hitsPerPage = 2
        $0.page = 0
      })
    #expect(Fixture.ids(response) == ["9", "5"])
    #expect(Self.leaf(response, 0)?["value"] == "… fresh <em>apple</em> w13 …")
    #expect(Self.leaf(response, 1)?["value"] == "… w11 <em>apple</em> w13 …")
  }

  @Test("The hit helpers split highlight and snippet markup into runs for a view")
  func hitHelpers() throws {
    let index = try Fixture.index([["objectID": "1", "text": .string(Self.words([3: "apple"]))]])
    let response = try index.search(Fixture.query("apple") { $0.attributesToSnippet = ["text:2"] })
    let hit = try #require(response.hits.first)
    let snippet = try #require(hit.snippetedString(for: "text"))
    #expect(snippet.runs.filter(\.isHighlighted).map(\.text) == ["apple"])
    #expect(snippet.plain == "… w2 apple …" || snippet.plain == "… apple w4 …")
    #expect(hit.hightlightedString(forKey: "text")?.runs.filter(\.isHighlighted).map(\.text) == ["apple"])
    #expect(hit.snippet(for: "text")?.matchLevel == .full)
  }

  @Test("Snippet settings are saved with the settings and a long ellipsis is refused")
  func settingsRoundTrip() throws {
    let settings = try IndexSettings(json: ["attributesToSnippet": ["text:3"], "snippetEllipsisText": "..."])
    let again = try IndexSettings(json: settings.jsonObject)
    #expect(again.attributesToSnippet == ["text:3"] && again.snippetEllipsisText == "...")
    #expect(throws: EngineError.self) {
      try IndexSettings(json: ["snippetEllipsisText": .string(String(repeating: "x", count: 600))])
    }
    let index = try Fixture.index([["objectID": "1", "text": "apple"]])
    #expect(throws: EngineError.self) {
      try index.search(Fixture.query("apple") { $0.snippetEllipsisText = String(repeating: "x", count: 600) })
    }
  }
}
