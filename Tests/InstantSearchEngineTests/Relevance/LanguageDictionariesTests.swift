import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("The Dictionaries API's engine: custom stop words and plurals, standard entries turned off")
struct LanguageDictionariesTests {
  static func client() throws -> (LocalSearchClient, LocalIndex) {
    let index = try Fixture.index([
      ["objectID": "pad", "name": "Mouse pad"], ["objectID": "mice", "name": "Mice for gaming"],
      ["objectID": "tap", "name": "Water tap"], ["objectID": "taps", "name": "Faucets and sinks"],
      ["objectID": "best", "name": "Best coffee beans"], ["objectID": "both", "name": "The best of the coffee"],
    ])
    let client = LocalSearchClient(indices: [index])
    return (client, index)
  }

  /// Adds the custom English plural entry making `tap` and `faucets` forms of one another.
  static func addFaucetPlural(to client: LocalSearchClient) throws {
    try client.dictionaries.update { contents throws(EngineError) in
      try contents.apply(
        .plurals,
        requests: [
          ["action": "addEntry", "body": ["objectID": "faucet", "language": "en", "words": ["tap", "faucets"]]]
        ], clearingExisting: false)
    }
  }

  static func ids(_ index: LocalIndex, _ text: String, _ configure: (inout Query) -> Void = { _ in }) throws
    -> Set<String>
  {
    try Fixture.wholeWordIDs(index, text, configure)
  }

  @Test("A custom plural entry makes its words forms of one another, in its language only")
  func customPlurals() throws {
    let (client, index) = try Self.client()
    let plurals: (inout Query) -> Void = { $0.ignorePlurals = .languages(["en"]) }
    #expect(try Self.ids(index, "tap", plurals) == ["tap"])
    try Self.addFaucetPlural(to: client)
    #expect(try Self.ids(index, "tap", plurals) == ["tap", "taps"])
    #expect(try Self.ids(index, "tap") { $0.ignorePlurals = .languages(["fr"]) } == ["tap"])
    // Standard plurals still apply beside it, and turn off per language.
    #expect(try Self.ids(index, "mouse", plurals) == ["pad", "mice"])
    try client.dictionaries.update { contents throws(EngineError) in
      try contents.setDisabledStandard(["disableStandardEntries": ["plurals": ["en": true]]])
    }
    #expect(try Self.ids(index, "mouse", plurals) == ["pad"])
    #expect(try Self.ids(index, "tap", plurals) == ["tap", "taps"])
  }

  @Test("A rule's pattern with alternatives: true matches the other words of a custom plural entry too")
  func customPluralsInRules() throws {
    let (client, index) = try Self.client()
    index.saveRules([
      try QueryRule(json: [
        "objectID": "plumbing",
        "conditions": [["pattern": "tap", "anchoring": "contains", "alternatives": true]],
        "consequence": ["userData": "plumbing"],
      ])
    ])
    let english = Fixture.query("faucets") {
      $0.queryLanguages = ["en"]
      $0.typoTolerance = .enabled(false)
    }
    #expect(try index.search(english).userData == nil)
    try Self.addFaucetPlural(to: client)
    #expect(try index.search(english).userData == ["plumbing"])
    // In another language, the entry does not apply.
    var french = english
    french.queryLanguages = ["fr"]
    #expect(try index.search(french).userData == nil)
  }

  @Test("Custom stop words add to the standard ones; a disabled entry keeps a standard word; standard ones turn off")
  func customStopWords() throws {
    let (client, index) = try Self.client()
    let english: (inout Query) -> Void = {
      $0.removeStopWords = .languages(["en"])
    }
    #expect(try Self.ids(index, "the best of coffee", english) == ["best", "both"])
    #expect(try Self.ids(index, "best coffee beans", english) == ["best"])
    try client.dictionaries.update { contents throws(EngineError) in
      try contents.apply(
        .stopwords,
        requests: [
          ["action": "addEntry", "body": ["objectID": "beans", "language": "en", "word": "beans"]],
          ["action": "addEntry", "body": ["objectID": "the", "language": "en", "word": "the", "state": "disabled"]],
        ], clearingExisting: false)
    }
    #expect(try Self.ids(index, "best coffee beans", english) == ["best", "both"])
    // "the" is no longer a stop word: it must match.
    #expect(try Self.ids(index, "the best of coffee", english) == ["both"])
    try client.dictionaries.update { contents throws(EngineError) in
      try contents.setDisabledStandard(["disableStandardEntries": ["stopwords": ["en": true]]])
    }
    #expect(try Self.ids(index, "best of coffee", english) == ["both"])
    #expect(try Self.ids(index, "best coffee beans", english) == ["best", "both"])
  }

  @Test("A multi-word synonym's variant is searched with the application's dictionaries too")
  func variantsReadDictionaries() throws {
    let index = try Fixture.index([["objectID": "machine", "name": "Espressi machine"]])
    index.saveSynonyms([
      try Synonym(json: ["objectID": "s", "type": "synonym", "synonyms": ["coffee beans", "espresso"]])
    ])
    let client = LocalSearchClient(indices: [index])
    try client.dictionaries.update { contents throws(EngineError) in
      try contents.apply(
        .plurals,
        requests: [
          ["action": "addEntry", "body": ["objectID": "e", "language": "en", "words": ["espresso", "espressi"]]]
        ],
        clearingExisting: false)
    }
    #expect(try Self.ids(index, "coffee beans") { $0.ignorePlurals = .languages(["en"]) } == ["machine"])
  }

  @Test("Batches are all or nothing, compounds need their parts, and the contents read back as stored")
  func batches() throws {
    let dictionaries = LanguageDictionaries()
    #expect(throws: EngineError.self) {
      try dictionaries.update { contents throws(EngineError) in
        try contents.apply(
          .stopwords,
          requests: [
            ["action": "addEntry", "body": ["objectID": "a", "language": "en", "word": "lorem"]],
            ["action": "addEntry", "body": ["objectID": "b", "language": "en", "word": "two words"]],
          ], clearingExisting: false)
      }
    }
    #expect(dictionaries.current.entries.isEmpty)
    #expect(throws: EngineError.self) {
      try dictionaries.update { contents throws(EngineError) in
        try contents.apply(
          .compounds,
          requests: [
            [
              "action": "addEntry",
              "body": ["objectID": "c", "language": "de", "word": "kopfschmerz", "decomposition": ["kopf schmerz"]],
            ]
          ], clearingExisting: false)
      }
    }
    #expect(dictionaries.current.entries.isEmpty)
    try dictionaries.update { contents throws(EngineError) in
      try contents.apply(
        .compounds,
        requests: [
          [
            "action": "addEntry",
            "body": [
              "objectID": "c", "language": "de", "word": "Kopfschmerz", "decomposition": ["Kopf", "Schmerz"],
            ],
          ]
        ], clearingExisting: false)
    }
    #expect(dictionaries.current.entries[.compounds]?["c"]?.decomposition == ["kopf", "schmerz"])
    try dictionaries.update { contents throws(EngineError) in
      try contents.apply(
        .plurals,
        requests: [["action": "addEntry", "body": ["objectID": "p", "language": "fr", "words": ["oeil", "yeux"]]]],
        clearingExisting: false)
      try contents.setDisabledStandard(["disableStandardEntries": ["stopwords": ["fr": true]]])
    }
    let stored = dictionaries.current.storedJSON
    #expect(try LanguageDictionaries.Contents(stored: stored) == dictionaries.current)
    let found = dictionaries.current.search(.plurals, query: "yeu", language: "fr", page: 0, hitsPerPage: 10)
    #expect(found["nbHits"] == 1 && found["hits"]?.arrayValue?.first?["type"] == "custom")
    let standard = dictionaries.current.search(.stopwords, query: "the", language: "en", page: 0, hitsPerPage: 5)
    #expect(standard["hits"]?.arrayValue?.first?["type"] == "standard")
    #expect(dictionaries.current.settingsJSON["disableStandardEntries"]?["stopwords"] == ["fr": true])
    let languages = dictionaries.current.languagesJSON
    #expect(languages["fr"]?["plurals"] == ["nbCustomEntries": 1] && languages["fr"]?["compounds"] == .null)
    #expect(languages["de"]?["compounds"] == ["nbCustomEntries": 1])
    try dictionaries.update { contents throws(EngineError) in
      try contents.apply(.plurals, requests: [], clearingExisting: true)
      try contents.apply(.compounds, requests: [], clearingExisting: true)
    }
    #expect(dictionaries.current.entries.isEmpty)
  }
}
