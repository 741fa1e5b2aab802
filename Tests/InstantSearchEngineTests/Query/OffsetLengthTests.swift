import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// `offset` and `length`, Algolia's alternative to pages: `length` hits from position `offset` (0-based),
/// `page` ignored; `length` alone ignored; `hitsPerPage` hits when `length` is not given; the response
/// says `offset` and `length`. Positions past `paginationLimitedTo` are never returned.
@Suite("offset and length")
struct OffsetLengthTests {
  /// 40 lamps, ranked by popularity (`l0` first), and 10 chairs.
  static func records() -> [[String: JSON]] {
    (0..<40).map { number -> [String: JSON] in
      [
        "objectID": .string("l\(number)"), "name": "desk lamp", "popularity": .number(Double(100 - number)),
        "brand": .string(number % 2 == 0 ? "Lumo" : "Brite"),
      ]
    }
      + (0..<10).map { number -> [String: JSON] in
        ["objectID": .string("c\(number)"), "name": "chair", "popularity": .number(Double(number)), "brand": "Sitz"]
      }
  }

  static let settings: [String: JSON] = [
    "searchableAttributes": ["name"], "customRanking": ["desc(popularity)"], "attributesForFaceting": ["brand"],
  ]

  /// The same records in one segment, and written one at a time (many segments).
  static func indexes() throws -> [(label: String, index: LocalIndex)] {
    let one = try Fixture.index(Self.records(), settings: Self.settings)
    let many = try Fixture.index([], settings: Self.settings)
    for record in Self.records() { try many.saveRecords([record]) }
    return [("one segment", one), ("many segments", many)]
  }

  static func lamps(_ range: Range<Int>) -> [String] { range.map { "l\($0)" } }

  @Test("length hits from offset, page ignored, the rest of the answer unchanged")
  func window() throws {
    for (label, index) in try Self.indexes() {
      let answer = try index.search(
        Fixture.query("lamp") {
          $0.offset = 3
          $0.length = 4
          $0.page = 5
          $0.facets = ["brand"]
        })
      #expect(Fixture.ids(answer) == Self.lamps(3..<7), "\(label)")
      #expect(answer.offset == 3 && answer.length == 4, "\(label)")
      #expect(answer.nbHits == 40, "\(label)")
      #expect(answer.facets["brand"] == ["Lumo": 20, "Brite": 20], "\(label)")
    }
  }

  /// The answer of `text` in `index` with these pagination parameters.
  static func search(
    _ index: LocalIndex, _ text: String = "lamp", filters: String? = nil, offset: Int?, length: Int? = nil,
    page: Int? = nil, hitsPerPage: Int? = nil
  ) throws -> SearchResponse {
    try index.search(
      Fixture.query(text, filters: filters) {
        $0.offset = offset
        $0.length = length
        $0.page = page
        $0.hitsPerPage = hitsPerPage
      })
  }

  @Test("an offset without length returns hitsPerPage hits; a length without offset is ignored")
  func defaults() throws {
    for (label, index) in try Self.indexes() {
      let noLength = try Self.search(index, offset: 10, hitsPerPage: 5)
      #expect(Fixture.ids(noLength) == Self.lamps(10..<15), "\(label)")
      #expect(noLength.offset == 10 && noLength.length == 5, "\(label)")
      let noOffset = try Self.search(index, offset: nil, length: 2, page: 1, hitsPerPage: 5)
      #expect(Fixture.ids(noOffset) == Self.lamps(5..<10), "\(label)")
      #expect(noOffset.offset == nil && noOffset.length == nil, "\(label)")
    }
  }

  @Test("past the hits, past paginationLimitedTo, and with filters and distinct")
  func bounds() throws {
    for (label, index) in try Self.indexes() {
      #expect(Fixture.ids(try Self.search(index, offset: 38, length: 10)) == Self.lamps(38..<40), "\(label)")
      #expect(try Self.search(index, offset: 400).hits.isEmpty, "\(label)")
      let filtered = try Self.search(index, filters: "brand:Brite", offset: 1, length: 2)
      #expect(Fixture.ids(filtered) == ["l3", "l5"], "\(label)")
      #expect(filtered.nbHits == 20, "\(label)")
    }
    var limited = Self.settings
    limited["paginationLimitedTo"] = 10
    let index = try Fixture.index(Self.records(), settings: limited)
    #expect(Fixture.ids(try Self.search(index, offset: 8, length: 10)) == Self.lamps(8..<10))
    var grouped = Self.settings
    grouped["attributeForDistinct"] = "brand"
    grouped["distinct"] = 1
    let distinct = try Fixture.index(Self.records(), settings: grouped)
    #expect(Fixture.ids(try Self.search(distinct, "", offset: 1, length: 2)) == ["l1", "c9"])
  }

  @Test("a negative offset or a length over 1,000 is refused, naming the parameter")
  func refused() throws {
    let index = try Fixture.index(Self.records(), settings: Self.settings)
    #expect(throws: EngineError.invalidParameter("offset must be 0 or more, got -1")) {
      try index.search(Fixture.query("lamp") { $0.offset = -1 })
    }
    #expect(throws: EngineError.invalidParameter("length must be between 0 and 1000, got 1001")) {
      try index.search(
        Fixture.query("lamp") {
          $0.offset = 0
          $0.length = 1001
        })
    }
  }

  @Test("decoded from JSON and from a params string, encoded back, and in the response's JSON")
  func coding() throws {
    let query = try Query(jsonObject: ["offset": 3, "params": "length=4&query=lamp"])
    #expect(query.offset == 3 && query.length == 4 && query.query == "lamp")
    #expect(query.jsonObject["offset"] == 3 && query.jsonObject["length"] == 4)
    #expect(query.additionalParameters.isEmpty)
    let index = try Fixture.index(Self.records(), settings: Self.settings)
    let answer = try index.search(query)
    let decoded = try JSONDecoder().decode(SearchResponse.self, from: JSONEncoder().encode(answer))
    #expect(decoded.offset == 3 && decoded.length == 4)
  }
}
