import Foundation
import InstantSearchCore
import InstantSearchLanguageData
import Testing

@testable import InstantSearchEngine

@Suite("Decompounding: decompoundedAttributes, decompoundQuery and the compounds dictionary")
struct DecompoundingTests {
  /// Every test reads the tables of the separate language product.
  init() { InstantSearchLanguageData.install() }

  static let products: [[String: JSON]] = [
    ["objectID": "compound", "name": "Bluetooth Kopfhörer schwarz"],
    ["objectID": "apart", "name": "Kopf Hörer Ständer"],
    ["objectID": "work", "name": "Ergonomischer Arbeitsplatz"],
    ["objectID": "pills", "name": "Kopfschmerztabletten"],
    ["objectID": "other", "name": "Tisch aus Holz"],
  ]
  static let german: [String: JSON] = ["decompoundedAttributes": ["de": ["name"]]]

  @Test("The table cuts German compounds into their parts, linking s and a last part's ending included")
  func cuts() {
    #expect(Decompounder.decompose("kopfhorer", languages: ["de"]) == ["kopf", "horer"])
    #expect(Decompounder.decompose("arbeitsplatz", languages: ["de"]) == ["arbeit", "platz"])
    #expect(Decompounder.decompose("kopfschmerztabletten", languages: ["de"]) == ["kopf", "schmerz", "tablette"])
    #expect(Decompounder.decompose("tisch", languages: ["de"]) == nil)
    #expect(Decompounder.decompose("schwarz", languages: ["de"]) == nil)
    #expect(Decompounder.decompose("kopfhorer", languages: ["de"], custom: ["kopfhorer": ["k", "h"]]) == ["k", "h"])
  }

  @Test("A part finds its compounds only in an index with decompoundedAttributes, as an exact match")
  func partsFindCompounds() throws {
    let plain = try Fixture.index(Self.products)
    #expect(try Fixture.matchedIDs(plain, "hörer") == ["apart"])
    let index = try Fixture.index(Self.products, settings: Self.german)
    #expect(try Fixture.matchedIDs(index, "hörer") == ["apart", "compound"])
    #expect(try Fixture.matchedIDs(index, "platz") == ["work"])
    #expect(try Fixture.matchedIDs(index, "tablette schmerz") == ["pills"])
    // Two words: a single-word query is exact only on a whole attribute (exactOnSingleWordQuery).
    let response = try index.search(
      Fixture.query("hörer schwarz") {
        $0.getRankingInfo = true
        $0.queryType = .prefixNone
      })
    let hit = try #require(response.hits.first { $0.objectID == "compound" })
    #expect(
      hit.object["_rankingInfo"]?["nbTypos"] == 0 && hit.object["_rankingInfo"]?["nbExactWords"] == 2,
      "\(hit.object["_rankingInfo"] ?? .null)")
    #expect(hit.highlight(for: "name")?.value == "Bluetooth <em>Kopfhörer</em> <em>schwarz</em>")
    // The word being typed finds the compounds with a part it starts, from a part's shortest length on.
    #expect(try Fixture.matchedIDs(index, "höre") == ["apart", "compound"])
    #expect(try Fixture.matchedIDs(index, "hör") == ["apart", "compound"])
    #expect(try Fixture.matchedIDs(index, "hö") == ["apart", "other"])  // "Holz" starts with "ho"; no compound
    #expect(
      try Fixture.matchedIDs(index, "höre") {
        $0.queryType = .prefixNone
        $0.typoTolerance = .enabled(false)
      }.isEmpty)
    // queryLanguages without German: no decompounding.
    #expect(try Fixture.matchedIDs(index, "hörer") { $0.queryLanguages = ["en"] } == ["apart"])
  }

  @Test("A compound counts as matched by its part only in the attributes decompoundedAttributes lists")
  func listedAttributesOnly() throws {
    let records: [[String: JSON]] = [
      ["objectID": "name", "name": "Kopfhörer", "description": "Zubehör"],
      ["objectID": "description", "name": "Zubehör", "description": "Kabel für Kopfhörer"],
      ["objectID": "word", "name": "Zubehör", "description": "Hörer"],
    ]
    let settings: [String: JSON] = [
      "searchableAttributes": ["name", "description"], "decompoundedAttributes": ["de": ["name"]],
      "attributesForFaceting": ["name"],
    ]
    let index = try Fixture.index(records, settings: settings)
    let response = try index.search(
      Fixture.query("hörer") {
        $0.queryType = .prefixNone
        $0.typoTolerance = .enabled(false)
        $0.facets = ["name"]
      })
    // "Kopfhörer" in the description is not decompounded there; "Hörer" itself is a word anywhere.
    #expect(Set(response.hits.map(\.objectID)) == ["name", "word"])
    #expect(response.nbHits == 2)
    #expect(response.facets["name"] == ["Kopfhörer": 1, "Zubehör": 1])
    // Nor is it highlighted there.
    let both = [["objectID": "x", "name": "Kopfhörer", "description": "Kabel für Kopfhörer"]] as [[String: JSON]]
    let highlighted = try #require(
      try Fixture.index(both, settings: settings).search(Fixture.query("hörer") { $0.queryType = .prefixNone }).hits
        .first)
    #expect(highlighted.highlight(for: "name")?.value == "<em>Kopfhörer</em>")
    #expect(highlighted.highlight(for: "description")?.value == "Kabel für Kopfhörer")
    // Both attributes listed: both count.
    var listingBoth = settings
    listingBoth["decompoundedAttributes"] = ["de": ["name", "description"]]
    let wide = try Fixture.index(records, settings: listingBoth)
    #expect(try Fixture.matchedIDs(wide, "hörer") { $0.queryType = .prefixNone } == ["name", "description", "word"])
  }

  @Test("decompoundQuery: a compound of the query also finds its parts written apart; false turns it off")
  func decompoundQuery() throws {
    let index = try Fixture.index(Self.products, settings: Self.german)
    #expect(try Fixture.matchedIDs(index, "kopfhörer") == ["compound", "apart"])
    #expect(try Fixture.matchedIDs(index, "kopfhörer") { $0.decompoundQuery = false } == ["compound"])
    // Without decompoundedAttributes, the query's languages say which words are cut.
    let plain = try Fixture.index(Self.products)
    #expect(try Fixture.matchedIDs(plain, "kopfhörer") == ["compound"])
    #expect(try Fixture.matchedIDs(plain, "kopfhörer") { $0.queryLanguages = ["de"] } == ["compound", "apart"])
    // The parts count as exact words.
    let ranked = try index.search(
      Fixture.query("kopfhörer") {
        $0.getRankingInfo = true
        $0.queryType = .prefixNone
      })
    for hit in ranked.hits {
      #expect(hit.object["_rankingInfo"]?["nbTypos"] == 0, "\(hit.objectID)")
    }
  }

  @Test("The compounds dictionary: custom decompositions, and disableStandardEntries turning the table off")
  func dictionary() throws {
    let index = try Fixture.index(Self.products, settings: Self.german)
    let client = LocalSearchClient(indices: [index])
    let dictionaries = client.dictionaries
    try dictionaries.update { contents throws(EngineError) in
      try contents.apply(
        .compounds,
        requests: [
          [
            "action": "addEntry",
            "body": ["objectID": "t", "language": "de", "word": "Tisch", "decomposition": ["ti", "sch"]],
          ],
          [
            "action": "addEntry",
            "body": ["objectID": "k", "language": "de", "word": "Kopfhörer", "decomposition": ["kopfh", "örer"]],
          ],
        ], clearingExisting: false)
      try contents.setDisabledStandard(["disableStandardEntries": ["compounds": ["de": true]]])
    }
    #expect(try Fixture.matchedIDs(index, "örer") == ["compound"])
    #expect(try Fixture.matchedIDs(index, "hörer") == ["apart"])
    #expect(try Fixture.matchedIDs(index, "platz").isEmpty)
    try dictionaries.update { contents throws(EngineError) in
      try contents.setDisabledStandard(["disableStandardEntries": ["compounds": ["de": false]]])
    }
    #expect(try Fixture.matchedIDs(index, "platz") == ["work"])
  }

  @Test("decompoundedAttributes is checked: a language without a table, an empty list, a malformed value")
  func refusals() throws {
    for bad: JSON in [["et": ["name"]], ["de": []], ["de": "name"], ["de": [""]], "de"] {
      #expect(throws: EngineError.self, "\(bad)") { try IndexSettings(json: ["decompoundedAttributes": bad]) }
    }
    let settings = try IndexSettings(json: Self.german)
    #expect(settings.jsonObject["decompoundedAttributes"] == ["de": ["name"]])
  }

  @Test(
    "Without the language product's tables, decompoundedAttributes is refused, naming it; stored settings open, their searches refused"
  )
  func tablesNotInstalled() throws {
    var settings = IndexSettings()
    #expect {
      try settings.setDecompoundedAttributes(["de": ["name"]], requiresTables: true, installed: [])
    } throws: { error in
      "\(error)".contains("InstantSearchLanguageData.install()")
    }
    #expect(settings.decompoundedAttributes == nil)
    try settings.setDecompoundedAttributes(["de": ["name"]], requiresTables: false, installed: [])
    #expect(settings.decompoundedAttributes == ["de": ["name"]])
    // Such an index's searches are refused, rather than searched without decompounding.
    #expect(settings.languageTablesRefusal(installed: [])?.contains("InstantSearchLanguageData.install()") == true)
    #expect(settings.languageTablesRefusal(installed: ["de"]) == nil)
    try settings.setDecompoundedAttributes(["sv": ["name"]], requiresTables: true, installed: ["sv"])
    #expect(settings.decompoundedAttributes == ["sv": ["name"]])
  }

  @Test("Finnish compounds are cut into wordfreq's frequent words, the last part inflected too")
  func finnish() throws {
    #expect(Decompounder.decompose("kirjakauppa", languages: ["fi"]) == ["kirja", "kauppa"])
    #expect(Decompounder.decompose("tietokone", languages: ["fi"]) == ["tieto", "kone"])
    #expect(Decompounder.decompose("kirjakaupassa", languages: ["fi"]) == ["kirja", "kaupassa"])
    #expect(Decompounder.decompose("kauppa", languages: ["fi"]) == nil)
    let records: [[String: JSON]] = [
      ["objectID": "shop", "name": "Kirjakauppa Helsinki"], ["objectID": "pc", "name": "Kannettava tietokone"],
      ["objectID": "other", "name": "Kahvila"],
    ]
    let index = try Fixture.index(records, settings: ["decompoundedAttributes": ["fi": ["name"]]])
    #expect(try Fixture.matchedIDs(index, "kauppa") { $0.queryType = .prefixNone } == ["shop"])
    #expect(try Fixture.matchedIDs(index, "kone") { $0.queryType = .prefixNone } == ["pc"])
    let plain = try Fixture.index(records)
    #expect(try Fixture.matchedIDs(plain, "kauppa") { $0.queryType = .prefixNone }.isEmpty)
  }
}
