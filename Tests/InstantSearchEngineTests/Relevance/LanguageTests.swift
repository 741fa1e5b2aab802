import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("ignorePlurals and removeStopWords, with queryLanguages and indexLanguages")
struct LanguageTests {
  static let products: [[String: JSON]] = [
    ["objectID": "shoe", "name": "Red shoe"],
    ["objectID": "shoes", "name": "Blue shoes"],
    ["objectID": "mouse", "name": "Mouse pad"],
    ["objectID": "mice", "name": "Mice for gaming"],
    ["objectID": "city", "name": "City guide"],
    ["objectID": "cities", "name": "Cities of Europe"],
    ["objectID": "news", "name": "News stand"],
    ["objectID": "new", "name": "New stand"],
  ]

  static func ids(
    _ index: LocalIndex, _ text: String, _ configure: (inout Query) -> Void = { _ in }
  ) throws -> [String] {
    try index.search(
      Fixture.query(text) {
        $0.queryType = .prefixNone
        $0.typoTolerance = .enabled(false)
        configure(&$0)
      }
    ).hits.map(\.objectID)
  }

  @Test("ignorePlurals: a word finds its plural and its singular, irregular ones too; off, only itself")
  func plurals() throws {
    let index = try Fixture.index(Self.products)
    let on: (inout Query) -> Void = { $0.ignorePlurals = .enabled(true) }
    #expect(try Self.ids(index, "shoe") == ["shoe"])
    #expect(Set(try Self.ids(index, "shoe", on)) == ["shoe", "shoes"])
    #expect(Set(try Self.ids(index, "shoes", on)) == ["shoe", "shoes"])
    #expect(Set(try Self.ids(index, "mice", on)) == ["mouse", "mice"])
    #expect(Set(try Self.ids(index, "city", on)) == ["city", "cities"])
    // In English "news" is not the plural of "new" (inflect's invariant nouns); in German's rules it is,
    // and without queryLanguages every language with rules applies, as on Algolia.
    #expect(try Self.ids(index, "news") { $0.ignorePlurals = .languages(["en"]) } == ["news"])
    #expect(Set(try Self.ids(index, "news", on)) == ["news", "new"])
    // A plural counts as an exact word, and as no typo.
    let ranked = try index.search(
      Fixture.query("mice pad") {
        $0.queryType = .prefixNone
        $0.typoTolerance = .enabled(false)
        $0.ignorePlurals = .enabled(true)
        $0.getRankingInfo = true
      })
    for hit in ranked.hits {
      let info = hit.object["_rankingInfo"]?.objectValue
      #expect(info?["nbTypos"] == 0 && info?["nbExactWords"] == 2, "\(hit.objectID): \(info ?? [:])")
    }
    let highlighted = try #require(ranked.hits.first { $0.objectID == "mouse" })
    #expect(highlighted.highlight(for: "name")?.value == "<em>Mouse</em> <em>pad</em>")
  }

  @Test(
    "ignorePlurals by endings: Swedish, Danish, Norwegian (definite forms too), Catalan, Turkish, Esperanto, Afrikaans",
    arguments: [
      ("sv", ["bil", "bilen", "bilar", "bilarna"]), ("sv", ["flicka", "flickan", "flickor", "flickorna"]),
      ("sv", ["pojke", "pojken", "pojkar", "pojkarna"]), ("da", ["bil", "bilen", "biler", "bilerne"]),
      ("da", ["pige", "pigen", "piger", "pigerne"]), ("da", ["hus", "huset", "huse", "husene"]),
      ("no", ["bil", "bilen", "biler", "bilene"]), ("no", ["jente", "jenta", "jenter", "jentene"]),
      ("ca", ["casa", "cases"]), ("ca", ["peix", "peixos"]), ("ca", ["llibre", "llibres"]),
      ("tr", ["kitap", "kitaplar"]), ("tr", ["okul", "okullar", "okulları"]),
      ("eo", ["hundo", "hundoj", "hundon", "hundojn"]), ("af", ["boek", "boeke"]), ("af", ["kind", "kinders"]),
    ])
  func scandinavianForms(language: String, forms: [String]) throws {
    let records: [[String: JSON]] =
      forms.map { ["objectID": .string($0), "name": .string($0)] } + [
        ["objectID": "other", "name": "bok"]
      ]
    let index = try Fixture.index(records)
    for form in forms {
      let found = Set(try Self.ids(index, form) { $0.ignorePlurals = .languages([language]) })
      #expect(found == Set(forms), "\(language): \(form) found \(found.sorted())")
      #expect(try Self.ids(index, form) == [form], "\(form) without ignorePlurals")
    }
    // With every language's rules (ignorePlurals: true alone), English still finds its plurals.
    let english = try Fixture.index(Self.products)
    #expect(Set(try Self.ids(english, "shoe") { $0.ignorePlurals = .enabled(true) }) == ["shoe", "shoes"])
  }

  @Test("ignorePlurals without alternativesAsExact's ignorePlurals: the plural matches but ranks after the word")
  func pluralsNotExact() throws {
    let index = try Fixture.index([["objectID": "a", "name": "Red shoe"], ["objectID": "b", "name": "Red shoes"]])
    let exact = try Self.ids(index, "red shoes") { $0.ignorePlurals = .enabled(true) }
    #expect(exact == ["a", "b"])
    let inexact = try Self.ids(index, "red shoes") {
      $0.ignorePlurals = .enabled(true)
      $0.alternativesAsExact = []
    }
    #expect(inexact == ["b", "a"])
  }

  @Test("The languages: a list wins over queryLanguages, which wins over indexLanguages; unknown ones do nothing")
  func languages() throws {
    let records: [[String: JSON]] = [
      ["objectID": "kind", "name": "Kind"], ["objectID": "kinder", "name": "Kinder"],
      ["objectID": "cheval", "name": "Cheval"], ["objectID": "chevaux", "name": "Chevaux"],
      ["objectID": "luz", "name": "Luz"], ["objectID": "luces", "name": "Luces"],
      ["objectID": "libro", "name": "Libro"], ["objectID": "libri", "name": "Libri"],
      ["objectID": "mouse", "name": "Mouse"], ["objectID": "mice", "name": "Mice"],
    ]
    let index = try Fixture.index(records)
    #expect(Set(try Self.ids(index, "kind") { $0.ignorePlurals = .languages(["de"]) }) == ["kind", "kinder"])
    #expect(Set(try Self.ids(index, "cheval") { $0.ignorePlurals = .languages(["fr"]) }) == ["cheval", "chevaux"])
    #expect(Set(try Self.ids(index, "luz") { $0.ignorePlurals = .languages(["es"]) }) == ["luz", "luces"])
    #expect(Set(try Self.ids(index, "libro") { $0.ignorePlurals = .languages(["it"]) }) == ["libro", "libri"])
    #expect(try Self.ids(index, "mice") { $0.ignorePlurals = .languages(["fr"]) } == ["mice"])
    #expect(try Self.ids(index, "mice") { $0.ignorePlurals = .languages(["xx"]) } == ["mice"])
    #expect(
      try Self.ids(index, "mice") {
        $0.ignorePlurals = .enabled(true)
        $0.queryLanguages = ["fr"]
      } == ["mice"])
    #expect(
      Set(
        try Self.ids(index, "mice") {
          $0.ignorePlurals = .languages(["en"])
          $0.queryLanguages = ["fr"]
        }) == ["mouse", "mice"])
    let german = try Fixture.index(records, settings: ["indexLanguages": ["de"], "ignorePlurals": true])
    #expect(Set(try Self.ids(german, "kind")) == ["kind", "kinder"])
    #expect(try Self.ids(german, "mice") == ["mice"])
    #expect(Set(try Self.ids(german, "mice") { $0.queryLanguages = ["en"] }) == ["mouse", "mice"])
    #expect(try Self.ids(german, "kind") { $0.ignorePlurals = .enabled(false) } == ["kind"])
  }

  static let sentences: [[String: JSON]] = [
    ["objectID": "plain", "name": "Best coffee beans"],
    ["objectID": "full", "name": "The best of the coffee"],
    ["objectID": "theater", "name": "Best coffee theater"],
  ]

  @Test("removeStopWords: stop words leave the query, never the word being typed, never all of them")
  func stopWords() throws {
    let index = try Fixture.index(Self.sentences)
    let english: (inout Query) -> Void = {
      $0.removeStopWords = .enabled(true)
      $0.queryLanguages = ["en"]
    }
    #expect(try Self.ids(index, "the best of coffee") == ["full"])
    #expect(Set(try Self.ids(index, "the best of coffee", english)) == ["plain", "full", "theater"])
    // The last word, typed as a prefix, stays: "the" must start a word.
    let typed = try index.search(
      Fixture.query("best coffee the") {
        english(&$0)
      })
    #expect(Set(typed.hits.map(\.objectID)) == ["full", "theater"])
    // prefixAll: every word is a prefix, none is removed.
    #expect(
      try Self.ids(index, "the best of coffee") {
        english(&$0)
        $0.queryType = .prefixAll
      } == ["full"])
    // Only stop words: searched as they are.
    #expect(try Self.ids(index, "the of", english) == ["full"])
    // Another language's list leaves English words alone.
    #expect(
      try Self.ids(index, "the best of coffee") {
        $0.removeStopWords = .languages(["de"])
      } == ["full"])
    // The words criterion counts the words searched: two for the three records.
    let ranked = try index.search(
      Fixture.query("the best of coffee") {
        english(&$0)
        $0.queryType = .prefixNone
        $0.getRankingInfo = true
      })
    #expect(ranked.hits.allSatisfy { $0.object["_rankingInfo"]?.objectValue?["words"] == 2 })
  }

  @Test("The parameters read from JSON and from a params string, and come back as given")
  func parameters() throws {
    let query = try Query(jsonObject: [
      "ignorePlurals": ["fr", "de"], "removeStopWords": "true", "queryLanguages": ["en"],
    ])
    #expect(query.ignorePlurals == .languages(["fr", "de"]) && query.removeStopWords == .enabled(true))
    #expect(query.queryLanguages == ["en"])
    let params = try Query(jsonObject: ["params": "ignorePlurals=fr,de&removeStopWords=false&queryLanguages=en,fr"])
    #expect(params.ignorePlurals == .languages(["fr", "de"]) && params.removeStopWords == .enabled(false))
    #expect(params.queryLanguages == ["en", "fr"])
    #expect(query.jsonObject["ignorePlurals"] == ["fr", "de"])
    #expect(throws: (any Error).self) { try Query(jsonObject: ["ignorePlurals": 3]) }
    let index = try Fixture.index(Self.sentences)
    #expect(throws: EngineError.self) {
      try index.search(Fixture.query("x") { $0.queryLanguages = (0..<101).map { "l\($0)" } })
    }
    let settings = try IndexSettings(json: ["indexLanguages": ["de", "fr"], "ignorePlurals": ["de"]])
    #expect(settings.indexLanguages == ["de", "fr"] && settings.jsonObject["indexLanguages"] == ["de", "fr"])
    #expect(settings.jsonObject["ignorePlurals"] == ["de"])
  }
}
