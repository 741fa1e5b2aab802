import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("separatorsToIndex, keepDiacriticsOnCharacters, customNormalization, camelCaseAttributes")
struct TokenizationSettingsTests {
  static let books: [[String: JSON]] = [
    ["objectID": "csharp", "name": "C# in depth"],
    ["objectID": "c", "name": "The C programming language"],
    ["objectID": "cpp", "name": "C++ primer"],
    ["objectID": "disney", "name": "Disney+ originals"],
    ["objectID": "plain", "name": "Disney originals"],
  ]

  @Test("separatorsToIndex: an indexed separator is a word of its own, and a query's C# needs c then #")
  func separators() throws {
    let standard = try Fixture.index(Self.books)
    #expect(try Fixture.matchedIDs(standard, "c#") == ["csharp", "c", "cpp"])
    #expect(try Fixture.matchedIDs(standard, "disney+") == ["disney", "plain"])
    let index = try Fixture.index(Self.books, settings: ["separatorsToIndex": "+#"])
    #expect(try Fixture.matchedIDs(index, "c#") == ["csharp"])
    #expect(try Fixture.matchedIDs(index, "C++") == ["cpp"])
    #expect(try Fixture.matchedIDs(index, "disney+") == ["disney"])
    #expect(try Fixture.matchedIDs(index, "+") == ["cpp", "disney"])
    #expect(try Fixture.matchedIDs(index, "c") == ["csharp", "c", "cpp"])
    // "Disney+" counts as two words matched, as Algolia's getRankingInfo says.
    let ranked = try index.search(Fixture.query("disney+") { $0.getRankingInfo = true })
    #expect(ranked.hits.first?.object["_rankingInfo"]?.objectValue?["words"] == 2)
    let hit = try #require(try index.search(Fixture.query("c#")).hits.first)
    #expect(hit.highlight(for: "name")?.value == "<em>C</em><em>#</em> in depth")
  }

  @Test("separatorsToIndex: joined by an indexed separator, query words must follow one another in order")
  func sequences() throws {
    let index = try Fixture.index(
      [
        ["objectID": "joined", "text": "write to alice@wonderland today"],
        ["objectID": "spaced", "text": "alice @ wonderland"],
        ["objectID": "reversed", "text": "wonderland @ alice"],
        ["objectID": "apart", "text": "alice was @ wonderland"],
      ], settings: ["separatorsToIndex": "@"])
    #expect(try Fixture.matchedIDs(index, "alice@wonderland") == ["joined", "spaced"])
    #expect(try Fixture.matchedIDs(index, "alice @ wonderland") == ["joined", "spaced", "reversed", "apart"])
    #expect(try Fixture.matchedIDs(index, "#@lice") == [])
  }

  @Test("separatorsToIndex refuses letters, digits, spaces and currency symbols, naming the character")
  func separatorRefusals() {
    for value in ["a", "9", " ", "$", "+€"] {
      #expect(throws: EngineError.self, "\(value)") { try IndexSettings(json: ["separatorsToIndex": .string(value)]) }
    }
    #expect(
      throws: EngineError.invalidSettings(
        "separatorsToIndex: \"$\" is a currency symbol; only other non-alphanumeric characters can be indexed")
    ) {
      try IndexSettings(json: ["separatorsToIndex": "+$"])
    }
  }

  @Test("keepDiacriticsOnCharacters: é stays é (É too), other diacritics still go")
  func keptDiacritics() throws {
    let records: [[String: JSON]] = [
      ["objectID": "accent", "name": "Café crème"],
      ["objectID": "bare", "name": "cafe creme"],
    ]
    let standard = try Fixture.index(records)
    #expect(try Fixture.matchedIDs(standard, "cafe") == ["accent", "bare"])
    let index = try Fixture.index(records, settings: ["keepDiacriticsOnCharacters": "é"])
    // "cafe" and "café" now differ by a letter: one typo, ranked after the exact word.
    #expect(try index.search(Fixture.query("cafe")).hits.map(\.objectID) == ["bare", "accent"])
    #expect(try Fixture.matchedIDs(index, "cafe") { $0.typoTolerance = .enabled(false) } == ["bare"])
    #expect(try Fixture.matchedIDs(index, "café") == ["accent"])
    #expect(try Fixture.matchedIDs(index, "CAFÉ") == ["accent"])
    // è is not kept: "crème" and "creme" are one word.
    #expect(try Fixture.matchedIDs(index, "creme") == ["accent", "bare"])
  }

  @Test("keepDiacriticsOnCharacters refuses upper case, a character without diacritic, a decomposed one")
  func keptDiacriticRefusals() {
    for value in ["É", "o", "e\u{301}"] {
      #expect(throws: EngineError.self, "\(value)") {
        try IndexSettings(json: ["keepDiacriticsOnCharacters": .string(value)])
      }
    }
  }

  @Test("customNormalization: ä reads as ae in records and queries (Ä too)")
  func normalization() throws {
    let records: [[String: JSON]] = [
      ["objectID": "umlaut", "name": "Äpfel und Birnen"],
      ["objectID": "spelled", "name": "Aepfel"],
      ["objectID": "bare", "name": "Apfel"],
    ]
    let standard = try Fixture.index(records)
    #expect(try Fixture.matchedIDs(standard, "apfel") { $0.typoTolerance = .enabled(false) } == ["umlaut", "bare"])
    let index = try Fixture.index(records, settings: ["customNormalization": ["default": ["ä": "ae"]]])
    let exact: (inout Query) -> Void = { $0.typoTolerance = .enabled(false) }
    #expect(try Fixture.matchedIDs(index, "aepfel", exact) == ["umlaut", "spelled"])
    #expect(try Fixture.matchedIDs(index, "äpfel", exact) == ["umlaut", "spelled"])
    #expect(try Fixture.matchedIDs(index, "apfel", exact) == ["bare"])
    let hit = try #require(try index.search(Fixture.query("äpfel", exact)).hits.first { $0.objectID == "umlaut" })
    #expect(hit.highlight(for: "name")?.value == "<em>Äpfel</em> und Birnen")
  }

  @Test("customNormalization refuses another set than default, a long input or output")
  func normalizationRefusals() {
    let refused: [JSON] = [
      ["fr": ["é": "e"]], ["default": ["ab": "x"]], ["default": ["ä": "aee"]], ["default": ["ä": 1]], "ä",
    ]
    for value in refused {
      #expect(throws: EngineError.self, "\(value)") { try IndexSettings(json: ["customNormalization": value]) }
    }
  }

  @Test("camelCaseAttributes: camel-case words of those attributes (nested ones included) are split")
  func camelCase() throws {
    let records: [[String: JSON]] = [
      [
        "objectID": "1", "name": "iPhoneCase", "description": "MacBookPro",
        "meta": ["tag": "HelloWorld", "other": "FooBar"],
      ],
      ["objectID": "2", "name": "HTMLParser", "description": "plain", "meta": ["tag": "none", "other": "none"]],
    ]
    let index = try Fixture.index(records, settings: ["camelCaseAttributes": ["name", "meta.tag"]])
    let exact: (inout Query) -> Void = { $0.typoTolerance = .enabled(false) }
    #expect(try Fixture.matchedIDs(index, "case", exact) == ["1"])
    #expect(try Fixture.matchedIDs(index, "phone case", exact) == ["1"])
    #expect(try Fixture.matchedIDs(index, "parser", exact) == ["2"])
    #expect(try Fixture.matchedIDs(index, "html", exact) == ["2"])
    #expect(try Fixture.matchedIDs(index, "pro", exact) == [])
    #expect(try Fixture.matchedIDs(index, "macbookpro", exact) == ["1"])
    #expect(try Fixture.matchedIDs(index, "world", exact) == ["1"])
    #expect(try Fixture.matchedIDs(index, "bar", exact) == [])
    let hit = try #require(try index.search(Fixture.query("case") { $0.attributesToSnippet = ["name"] }).hits.first)
    #expect(hit.highlight(for: "name")?.value == "iPhone<em>Case</em>")
    #expect(hit.object["_snippetResult"]?.objectValue?["name"]?.objectValue?["value"] == "iPhone<em>Case</em>")
    let nested = try #require(
      try index.search(Fixture.query("world") { $0.attributesToHighlight = ["meta"] }).hits.first)
    let tag = nested.object["_highlightResult"]?.objectValue?["meta"]?.objectValue?["tag"]?.objectValue
    #expect(tag?["value"] == "Hello<em>World</em>")
  }

  @Test("disableTypoToleranceOnWords are read as query words are: iPhone is the query word iphone")
  func typoFreeWordsFolded() throws {
    let records: [[String: JSON]] = [["objectID": "1", "name": "iphone"], ["objectID": "2", "name": "iphono"]]
    let index = try Fixture.index(records, settings: ["disableTypoToleranceOnWords": ["iPhone"]])
    #expect(try Fixture.matchedIDs(index, "iphone") { $0.queryType = .prefixNone } == ["1"])
    let folded = try Fixture.index(
      records,
      settings: [
        "disableTypoToleranceOnWords": ["Äpfel"],
        "customNormalization": ["default": ["ä": "ae"]],
      ])
    #expect(try Fixture.matchedIDs(folded, "iphone") { $0.queryType = .prefixNone } == ["1", "2"])
  }

  @Test("A change of these settings rebuilds the index from its records; every setting comes back as given")
  func change() throws {
    let index = try Fixture.index(Self.books)
    #expect(try Fixture.matchedIDs(index, "c#") == ["csharp", "c", "cpp"])
    index.setSettings(try IndexSettings(json: ["separatorsToIndex": "#"]))
    #expect(try Fixture.matchedIDs(index, "c#") == ["csharp"])
    try index.saveRecords([["objectID": "new", "name": "F# for fun"]])
    #expect(try Fixture.matchedIDs(index, "f#") == ["new"])
    index.setSettings(IndexSettings())
    #expect(try Fixture.matchedIDs(index, "c#") == ["csharp", "c", "cpp"])
    let given: [String: JSON] = [
      "separatorsToIndex": "+#", "keepDiacriticsOnCharacters": "øé", "customNormalization": ["default": ["ä": "ae"]],
      "camelCaseAttributes": ["description"],
    ]
    let settings = try IndexSettings(json: given)
    for (name, value) in given { #expect(settings.jsonObject[name] == value, "\(name)") }
    #expect(IndexSettings().answeredJSONObject["separatorsToIndex"] == "")
    #expect(try IndexSettings(json: settings.jsonObject) == settings)
  }

  @Test("A durable index keeps its analysis: reopened, it answers the same and tokenizes new records alike")
  func durable() throws {
    let folder = try ScratchFolder()
    do {
      let durable = try DurableIndex(directory: folder.path, name: "books")
      try durable.saveRecords(Self.books)
      try durable.setSettings(try IndexSettings(json: ["separatorsToIndex": "+#", "camelCaseAttributes": ["name"]]))
      try durable.commit()
      #expect(try Fixture.matchedIDs(durable.index, "c#") == ["csharp"])
    }
    let reopened = try DurableIndex(directory: folder.path, name: "books")
    #expect(try Fixture.matchedIDs(reopened.index, "c#") == ["csharp"])
    try reopened.saveRecords([["objectID": "new", "name": "FSharp F# notes"]])
    #expect(try Fixture.matchedIDs(reopened.index, "f#") == ["new"])
    #expect(try Fixture.matchedIDs(reopened.index, "sharp") { $0.typoTolerance = .enabled(false) } == ["new"])
  }
}
