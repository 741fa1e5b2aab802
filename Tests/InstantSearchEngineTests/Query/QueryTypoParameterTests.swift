import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// `queryType`, `minWordSizefor1Typo` and `minWordSizefor2Typos` as query parameters: each replaces the
/// index's setting for one query, as Algolia's do, on one segment and many.
@Suite("queryType and typo word sizes per query")
struct QueryTypoParameterTests {
  static let records: [[String: JSON]] = [
    ["objectID": "1", "name": "desk lamp", "brand": "Lumo"],
    ["objectID": "2", "name": "garden chairs", "brand": "Sitz"],
    ["objectID": "3", "name": "reading lamp", "brand": "Brite"],
  ]

  /// The records in one segment and written one at a time, with `settings`.
  static func indexes(_ settings: [String: JSON] = [:]) throws -> [(label: String, index: LocalIndex)] {
    var settings = settings
    settings["searchableAttributes"] = ["name"]
    settings["attributesForFaceting"] = ["brand"]
    let one = try Fixture.index(records, settings: settings)
    let many = try Fixture.index([], settings: settings)
    for record in records { try many.saveRecords([record]) }
    return [("one segment", one), ("many segments", many)]
  }

  static func ids(_ index: LocalIndex, _ text: String, _ configure: (inout Query) -> Void) throws -> [String] {
    Fixture.ids(try index.search(Fixture.query(text, configure))).sorted()
  }

  @Test("queryType of the query: the last word, every word or no word a prefix, whatever the index says")
  func queryType() throws {
    for settings: [String: JSON] in [[:], ["queryType": "prefixNone"]] {
      for (label, index) in try Self.indexes(settings) {
        #expect(try Self.ids(index, "lamp des") { $0.queryType = .prefixLast } == ["1"], "\(label)")
        #expect(try Self.ids(index, "lamp des") { $0.queryType = .prefixNone }.isEmpty, "\(label)")
        #expect(try Self.ids(index, "lamp desk") { $0.queryType = .prefixNone } == ["1"], "\(label)")
        #expect(try Self.ids(index, "lam des") { $0.queryType = .prefixAll } == ["1"], "\(label)")
        #expect(try Self.ids(index, "lam des") { $0.queryType = .prefixLast }.isEmpty, "\(label)")
        // With a filter, and without the parameter: the index's setting.
        #expect(
          try Self.ids(index, "la") {
            $0.queryType = .prefixAll
            $0.filters = "brand:Brite"
          } == ["3"], "\(label)")
        let own = try Self.ids(index, "desk la") { _ in }
        #expect(own == (settings.isEmpty ? ["1"] : []), "\(label) \(settings)")
      }
    }
  }

  @Test("minWordSizefor1Typo and minWordSizefor2Typos of the query decide which words may have typos")
  func typoSizes() throws {
    for (label, index) in try Self.indexes() {
      // "lanp" (4 letters) is one typo from "lamp": allowed from 4 letters by default, not from 5.
      #expect(try Self.ids(index, "lanp") { _ in } == ["1", "3"], "\(label)")
      #expect(try Self.ids(index, "lanp") { $0.minWordSizefor1Typo = 5 }.isEmpty, "\(label)")
      // "chxxrs" (6 letters) is two typos from "chairs": allowed from 6 letters here, from 8 by default.
      #expect(try Self.ids(index, "chxxrs") { _ in }.isEmpty, "\(label)")
      #expect(try Self.ids(index, "chxxrs") { $0.minWordSizefor2Typos = 6 } == ["2"], "\(label)")
      // Typo tolerance off wins over the sizes.
      #expect(
        try Self.ids(index, "chxxrs") {
          $0.minWordSizefor2Typos = 6
          $0.typoTolerance = .enabled(false)
        }.isEmpty, "\(label)")
    }
  }

  @Test("decoded from JSON and params, encoded back; a size out of 1–100 or an unknown queryType is refused")
  func coding() throws {
    let query = try Query(jsonObject: [
      "queryType": "prefixAll", "minWordSizefor1Typo": 3, "params": "minWordSizefor2Typos=6&query=lam",
    ])
    #expect(query.queryType == .prefixAll && query.minWordSizefor1Typo == 3 && query.minWordSizefor2Typos == 6)
    #expect(query.additionalParameters.isEmpty)
    #expect(query.jsonObject["queryType"] == "prefixAll" && query.jsonObject["minWordSizefor2Typos"] == 6)
    #expect(throws: ResponseDecodingError.self) { try Query(jsonObject: ["queryType": "prefixSome"]) }
    let index = try Fixture.index(Self.records)
    #expect(throws: EngineError.invalidParameter("minWordSizefor1Typo must be between 1 and 100, got 0")) {
      try index.search(Fixture.query("lamp") { $0.minWordSizefor1Typo = 0 })
    }
    #expect(throws: EngineError.invalidParameter("minWordSizefor2Typos must be between 1 and 100, got 101")) {
      try index.search(Fixture.query("lamp") { $0.minWordSizefor2Typos = 101 })
    }
  }
}
