import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("Index settings")
struct IndexSettingsTests {
  @Test("Algolia's settings JSON: priorities, modifiers, ranking, typo settings")
  func decoding() throws {
    let settings = try IndexSettings(json: [
      "searchableAttributes": ["title,alternative_title", "unordered(description)", "brand"],
      "attributesForFaceting": ["brand", "filterOnly(price)", "searchable(color)", "afterDistinct(searchable(size))"],
      "customRanking": ["desc(popularity)", "asc(price)"],
      "typoTolerance": "min", "minWordSizefor1Typo": 3, "minWordSizefor2Typos": 6, "queryType": "prefixAll",
      "hitsPerPage": 5, "maxValuesPerFacet": 50, "paginationLimitedTo": 200, "unretrievableAttributes": ["cost"],
      "highlightPreTag": "<b>", "highlightPostTag": "</b>", "replicas": ["a"],
    ])
    #expect(settings.searchableAttributes.map(\.path) == ["title", "alternative_title", "description", "brand"])
    #expect(settings.searchableAttributes.map(\.priority) == [0, 0, 1, 2])
    #expect(settings.searchableAttributes.map(\.isOrdered) == [true, true, false, true])
    #expect(settings.attributesForFaceting.map(\.path) == ["brand", "price", "color", "size"])
    #expect(settings.attributesForFaceting.map(\.isFilterOnly) == [false, true, false, false])
    #expect(settings.attributesForFaceting.map(\.isSearchable) == [false, false, true, true])
    #expect(settings.customRanking.map(\.isAscending) == [false, true])
    #expect(settings.typoTolerance == .min)
    #expect(settings.minWordSizefor1Typo == 3 && settings.minWordSizefor2Typos == 6)
    #expect(settings.queryType == .prefixAll)
    #expect(settings.hitsPerPage == 5 && settings.maxValuesPerFacet == 50 && settings.paginationLimitedTo == 200)
    #expect(settings.highlightPreTag == "<b>")
  }

  @Test("Defaults are Algolia's")
  func defaults() {
    let settings = IndexSettings()
    #expect(settings.hitsPerPage == 20)
    #expect(settings.maxValuesPerFacet == 100)
    #expect(settings.paginationLimitedTo == 1000)
    #expect(settings.minWordSizefor1Typo == 4 && settings.minWordSizefor2Typos == 8)
    #expect(settings.queryType == .prefixLast)
    #expect(settings.typoTolerance == .enabled)
  }

  @Test("The bench settings file decodes")
  func benchSettings() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "../../../../shared/bench/settings.json")
    guard let data = try? Data(contentsOf: url) else { return }
    let settings = try IndexSettings(jsonData: data)
    #expect(settings.customRanking.first?.path == "popularity")
  }

  @Test("Wrong shapes are errors naming the setting")
  func errors() {
    #expect(throws: EngineError.invalidSettings("hitsPerPage: expected an integer, found \"ten\"")) {
      try IndexSettings(json: ["hitsPerPage": "ten"])
    }
    #expect(throws: EngineError.self) { try IndexSettings(json: ["customRanking": ["popularity"]]) }
    #expect(throws: EngineError.self) { try IndexSettings(json: ["queryType": "prefixSome"]) }
    #expect(throws: EngineError.self) { try IndexSettings(json: ["searchableAttributes": [1]]) }
  }
}
