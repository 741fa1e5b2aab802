import Foundation
import InstantSearchCore
import InstantSearchEngine
import InstantSearchLanguageData
import Testing

@Suite("Index settings: every one applied, stored as given, or refused — never dropped")
struct SettingFateTests {
  /// The settings read here include `decompoundedAttributes`, whose tables are the language product's.
  init() { InstantSearchLanguageData.install() }

  @Test("A name that is not one of Algolia's settings is refused as Algolia refuses it")
  func unknownRefused() {
    #expect(throws: EngineError.unknownSetting("optionalwords")) {
      try IndexSettings(json: ["optionalwords": "the"])
    }
    #expect(EngineError.unknownSetting("x").description == "Invalid object attributes: x")
  }

  @Test("Settings without a typed property come back exactly as given, also after a round trip")
  func storedAsGiven() throws {
    let given: [String: JSON] = [
      "ignorePlurals": ["fr", "de"], "removeStopWords": true, "queryLanguages": ["fr"],
      "userData": ["banner": ["title": "Sale"]], "indexLanguages": ["fr"], "decompoundedAttributes": ["de": ["name"]],
      "enablePersonalization": false, "advancedSyntax": true, "advancedSyntaxFeatures": ["exactPhrase"],
      "sortFacetValuesBy": "alpha", "enableRules": false, "exactOnSingleWordQuery": "attribute",
      "alternativesAsExact": ["ignorePlurals", "singleWordSynonym"], "minProximity": 1, "responseFields": ["*"],
      "separatorsToIndex": "", "numericAttributesForFiltering": [], "typoTolerance": "false",
      "allowCompressionOfIntegerArray": true, "maxFacetHits": 10,
    ]
    let settings = try IndexSettings(json: given)
    let object = settings.jsonObject
    for (name, value) in given {
      #expect(object[name] == value, "\(name): \(object[name] ?? .null)")
    }
    #expect(settings.typoTolerance == .disabled)
    let again = try IndexSettings(json: settings.storedJSONObject)
    #expect(again == settings && again.jsonObject == object)
  }

  @Test("A setting not applied yet is accepted at Algolia's default and refused at any other value; none is left")
  func notYetApplied() throws {
    var left: [String] = []
    for (name, fate) in IndexSettings.settingFates {
      guard case .notYetApplied(let defaults) = fate else { continue }
      left.append(name)
      for value in defaults { _ = try IndexSettings(json: [name: value]) }
      #expect(throws: EngineError.settingNotApplied(name)) { try IndexSettings(json: [name: ["not", "default"]]) }
    }
    // The tokenization settings were the last ones (see TokenizationSettingsTests).
    #expect(left.isEmpty, "\(left)")
    #expect(IndexSettings.settingFates["separatorsToIndex"] == .applied)
  }

  @Test("Former names are read as the current ones")
  func aliases() throws {
    let settings = try IndexSettings(json: ["attributesToIndex": ["name", "unordered(brand)"], "slaves": ["copy"]])
    #expect(settings.searchableAttributes.map(\.path) == ["name", "brand"])
    #expect(settings.replicas.map(\.name) == ["copy"])
  }

  @Test("A search parameter set in the settings is every search's default; a search's own value wins")
  func searchDefaults() throws {
    let index = try Fixture.index(
      [
        ["objectID": "1", "name": "red shirt", "brand": "b"],
        ["objectID": "2", "name": "shirt red", "brand": "a"],
      ],
      settings: ["advancedSyntax": true, "sortFacetValuesBy": "alpha", "attributesForFaceting": ["brand"]])
    #expect(Fixture.ids(try index.search(Query(#""red shirt""#))) == ["1"])
    let plain = try index.search(Fixture.query(#""red shirt""#) { $0.advancedSyntax = false })
    #expect(Set(Fixture.ids(plain)) == ["1", "2"])
    let browsed = try index.browse(Query(#""shirt red""#), offset: 0, count: 10)
    #expect(browsed.hits.map(\.objectID) == ["2"])
    #expect(throws: EngineError.invalidSettings("advancedSyntax: expected a boolean, found \"maybe\"")) {
      try IndexSettings(json: ["advancedSyntax": "maybe"])
    }
  }

  @Test("Every setting of Algolia's Search API spec has a fate")
  func specCovered() throws {
    let names = try ReferenceText.specProperties(
      "IndexSettings.yml", sections: ["baseIndexSettings:", "indexSettingsAsSearchParams:"])
    #expect(names.count > 50)
    let missing = names.subtracting(IndexSettings.settingFates.keys)
    #expect(missing.isEmpty, "\(missing)")
  }
}
