import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

@Suite("The ranking setting: applied as written, or refused")
struct RankingSettingTests {
  /// Three stores, nearest to Notre-Dame first in the index order reversed: `far` is first in the index
  /// and has the highest rank, `near` is last.
  static let records: [[String: JSON]] = [
    ["objectID": "far", "name": "store", "rank": 9, "brand": "b", "_geoloc": ["lat": 48.8049, "lng": 2.1204]],
    ["objectID": "mid", "name": "store", "rank": 5, "brand": "a", "_geoloc": ["lat": 48.8584, "lng": 2.2945]],
    ["objectID": "near", "name": "store", "rank": 1, "brand": "c", "_geoloc": ["lat": 48.8530, "lng": 2.3499]],
  ]

  static func index(ranking: [JSON]) throws -> LocalIndex {
    try Fixture.index(
      records,
      settings: ["customRanking": ["desc(rank)"], "ranking": .array(ranking), "attributesForFaceting": ["brand"]])
  }

  /// The message refusing `ranking`, or `nil` when it is accepted.
  static func refusal(_ ranking: [JSON]) -> String? {
    do {
      _ = try IndexSettings(json: ["ranking": .array(ranking)])
      return nil
    } catch {
      return "\(error)"
    }
  }

  static let full: [JSON] = ["typo", "geo", "words", "filters", "proximity", "attribute", "exact", "custom"]

  @Test("Orders the engine does not apply are refused with a message that says so, and unknown names too")
  func refused() throws {
    let cases: [[JSON]] = [
      ["typo", "words", "attribute", "proximity", "exact", "custom"],
      ["words", "typo", "proximity", "attribute", "exact"],
      ["typo", "words", "proximity", "exact"],
      ["typo", "typo", "words", "proximity", "attribute", "exact"],
      ["asc(price)"],
    ]
    for ranking in cases {
      #expect(Self.refusal(ranking)?.contains("not supported by the embedded engine yet") == true, "\(ranking)")
    }
    #expect(Self.refusal(["typo", "bogus"])?.contains("\"bogus\" is not a ranking criterion") == true)
    // What the engine applies: sort criteria, then the default order with geo, filters, custom optional.
    for ranking: [JSON] in [
      Self.full, ["desc(price)"] + Self.full, ["typo", "words", "proximity", "attribute", "exact"],
    ] {
      #expect(Self.refusal(ranking) == nil, "\(ranking)")
    }
  }

  @Test("Without geo, a search around a point still keeps the area but distance does not rank")
  func withoutGeo() throws {
    let around = Fixture.query("store") {
      $0.aroundLatLng = "48.8530, 2.3499"
      $0.aroundRadius = .meters(10_000)
    }
    #expect(Fixture.ids(try Self.index(ranking: Self.full).search(around)) == ["near", "mid"])
    let withoutGeo = Self.full.filter { $0 != "geo" }
    #expect(Fixture.ids(try Self.index(ranking: withoutGeo).search(around)) == ["mid", "near"])
  }

  @Test("Without filters, optional filters rank nothing")
  func withoutFilters() throws {
    let query = Fixture.query("store") { $0.optionalFilters = [["brand:c"]] }
    #expect(Fixture.ids(try Self.index(ranking: Self.full).search(query)) == ["near", "far", "mid"])
    let withoutFilters = Self.full.filter { $0 != "filters" }
    #expect(Fixture.ids(try Self.index(ranking: withoutFilters).search(query)) == ["far", "mid", "near"])
  }

  @Test("Without custom, customRanking does not order the hits: the index order does")
  func withoutCustom() throws {
    let withoutCustom = Self.full.filter { $0 != "custom" }
    let index = try Fixture.index(
      Self.records.reversed(), settings: ["customRanking": ["desc(rank)"], "ranking": .array(withoutCustom)])
    #expect(Fixture.ids(try index.search(Query("store"))) == ["near", "mid", "far"])
    let ranked = try Fixture.index(Self.records.reversed(), settings: ["customRanking": ["desc(rank)"]])
    #expect(Fixture.ids(try ranked.search(Query("store"))) == ["far", "mid", "near"])
  }

  @Test("A ranking set through the Swift API that the engine would not apply refuses searches, with the same message")
  func swiftAPI() throws {
    var settings = IndexSettings()
    settings.ranking = ["custom", "typo", "geo", "words", "filters", "proximity", "attribute", "exact"]
    let index = LocalIndex(name: "stores", settings: settings)
    try index.saveRecords(Self.records)
    #expect(
      performing: { try index.search(Query("store")) },
      throws: { error in
        "\(error)".contains("not supported by the embedded engine yet")
      })
    settings.ranking = IndexSettings.defaultRanking
    index.setSettings(settings)
    #expect(try index.search(Query("store")).nbHits == 3)
  }

  @Test(
    "An index directory whose stored ranking an earlier version accepted opens; its searches are refused until it is set again"
  )
  func storedRanking() throws {
    let folder = try ScratchFolder()
    var unsupported = IndexSettings()
    unsupported.ranking = ["custom", "typo", "geo", "words", "filters", "proximity", "attribute", "exact"]
    do {
      let durable = try DurableIndex(directory: folder.path, name: "p")
      try durable.saveRecords(Self.records)
      // What an earlier version let through: the setting logged as written.
      try durable.setSettings(unsupported)
    }
    let reopened = try DurableIndex(directory: folder.path, name: "p")
    #expect(reopened.index.recordCount == 3)
    #expect(reopened.index.record(objectID: "far") != nil)
    #expect(
      performing: { try reopened.index.search(Query("store")) },
      throws: { error in
        "\(error)".contains("not supported by the embedded engine yet")
      })
    try reopened.setSettings(IndexSettings())
    #expect(try reopened.index.search(Query("store")).nbHits == 3)
  }
}
