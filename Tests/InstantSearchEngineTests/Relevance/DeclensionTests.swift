import Foundation
import InstantSearchCore
import InstantSearchLanguageData
import Testing

@testable import InstantSearchEngine

@Suite("ignorePlurals by tables of nouns: Russian, Polish, Greek, Persian and Irish declensions")
struct DeclensionTests {
  /// Every test reads the tables of the separate language product.
  init() { InstantSearchLanguageData.install() }

  static func ids(_ index: LocalIndex, _ text: String, _ configure: (inout Query) -> Void = { _ in }) throws
    -> Set<String>
  {
    try Fixture.wholeWordIDs(index, text, configure)
  }

  @Test(
    "Each form of a noun finds the others, in number and case; without ignorePlurals, only itself",
    arguments: [
      ("ru", ["стол", "стола", "столы", "столов", "столами"]),
      ("ru", ["кошка", "кошки", "кошек", "кошкой"]),
      ("pl", ["dom", "domy", "domu", "domach", "domów"]),
      ("pl", ["książka", "książki", "książek", "książkami"]),
      ("el", ["λόγος", "λόγοι", "λόγου", "λόγων"]),
      ("fa", ["سلول", "سلولها"]),
    ])
  func forms(language: String, forms: [String]) throws {
    let records: [[String: JSON]] =
      forms.enumerated().map { ["objectID": .string("\($0.offset)"), "name": .string($0.element)] } + [
        ["objectID": "other", "name": "слово słowo λέξη واژه"]
      ]
    let expected = Set(forms.indices.map(String.init))
    let index = try Fixture.index(records)
    for (offset, form) in forms.enumerated() {
      let found = try Self.ids(index, form) { $0.ignorePlurals = .languages([language]) }
      #expect(found == expected, "\(language): \(form) found \(found.sorted())")
      #expect(try Self.ids(index, form) == ["\(offset)"], "\(form) without ignorePlurals")
      // queryLanguages names the language as well, and ignorePlurals: true alone applies every table.
      let byQueryLanguage = try Self.ids(index, form) {
        $0.ignorePlurals = .enabled(true)
        $0.queryLanguages = [language]
      }
      #expect(byQueryLanguage == expected)
      #expect(try Self.ids(index, form) { $0.ignorePlurals = .enabled(true) } == expected)
    }
  }

  @Test("Forms of different nouns stay apart: стол is not столица, dom is not domek; another language adds nothing")
  func nounsStayApart() throws {
    let index = try Fixture.index([
      ["objectID": "table", "name": "Стол"], ["objectID": "capital", "name": "Столица"],
      ["objectID": "capitals", "name": "Столицы"], ["objectID": "house", "name": "Dom"],
      ["objectID": "houses", "name": "Domy"], ["objectID": "little", "name": "Domek"],
    ])
    let russian: (inout Query) -> Void = { $0.ignorePlurals = .languages(["ru"]) }
    #expect(try Self.ids(index, "стол", russian) == ["table"])
    #expect(try Self.ids(index, "столица", russian) == ["capital", "capitals"])
    #expect(try Self.ids(index, "dom") { $0.ignorePlurals = .languages(["pl"]) } == ["house", "houses"])
    #expect(try Self.ids(index, "dom", russian) == ["house"])
  }

  @Test("A declined form matches as a plural does: no typo, an exact word, highlighted")
  func rankedAsExact() throws {
    let index = try Fixture.index([["objectID": "a", "name": "Столы и стулья"]])
    let result = try index.search(
      Fixture.query("стол стулья") {
        $0.queryType = .prefixNone
        $0.ignorePlurals = .languages(["ru"])
        $0.getRankingInfo = true
      })
    let hit = try #require(result.hits.first)
    let info = hit.object["_rankingInfo"]?.objectValue
    #expect(info?["nbTypos"] == 0 && info?["nbExactWords"] == 2, "\(info ?? [:])")
    #expect(hit.highlight(for: "name")?.value == "<em>Столы</em> и <em>стулья</em>")
  }

  @Test("disableStandardEntries turns a language's table off; a custom entry still applies")
  func standardEntriesOff() throws {
    let index = try Fixture.index([
      ["objectID": "one", "name": "кошка"], ["objectID": "many", "name": "кошки"],
      ["objectID": "pet", "name": "котик"],
    ])
    let client = LocalSearchClient(indices: [index])
    let russian: (inout Query) -> Void = { $0.ignorePlurals = .languages(["ru"]) }
    #expect(try Self.ids(index, "кошка", russian) == ["one", "many"])
    try client.dictionaries.update { contents throws(EngineError) in
      try contents.setDisabledStandard(["disableStandardEntries": ["plurals": ["ru": true]]])
      try contents.apply(
        .plurals,
        requests: [
          ["action": "addEntry", "body": ["objectID": "cat", "language": "ru", "words": ["кошка", "котик"]]]
        ],
        clearingExisting: false)
    }
    #expect(try Self.ids(index, "кошка", russian) == ["one", "pet"])
  }

  @Test("Without the language product's tables, a search whose ignorePlurals names one of their languages is refused")
  func tablesNotInstalled() throws {
    var query = Query()
    query.ignorePlurals = .languages(["ru"])
    #expect(
      Declensions.refusal(of: query, indexLanguages: nil, installed: [])?.contains("InstantSearchLanguageData") == true)
    #expect(Declensions.refusal(of: query, indexLanguages: nil, installed: ["ru"]) == nil)
    query.ignorePlurals = .enabled(true)
    // Every language: the installed ones apply, none is missing.
    #expect(Declensions.refusal(of: query, indexLanguages: nil, installed: []) == nil)
    #expect(Declensions.refusal(of: query, indexLanguages: ["pl"], installed: []) != nil)
    query.queryLanguages = ["en"]
    #expect(Declensions.refusal(of: query, indexLanguages: ["pl"], installed: []) == nil)
    query.ignorePlurals = .enabled(false)
    query.queryLanguages = ["ru"]
    #expect(Declensions.refusal(of: query, indexLanguages: nil, installed: []) == nil)
  }

  @Test("A table read is reported with its forms and bytes; a form's groups are those it belongs to")
  func tableShape() throws {
    let table = Declensions.parse("ab:,c,d x:y,z ab:,e")
    #expect(table.forms(of: "ab") == ["abc", "abd", "abe"])
    #expect(table.forms(of: "abc") == ["ab", "abd"])
    #expect(table.forms(of: "xy") == ["xz"])
    #expect(table.forms(of: "q").isEmpty)
    _ = Declensions.forms(of: "стол", language: "ru")
    let loaded = try #require(LanguageTables.loaded.first { $0.language == "ru" && $0.kind == "declensions" })
    #expect(loaded.words > 10_000 && loaded.bytes > 0)
  }
}
