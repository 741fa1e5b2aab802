import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("numericAttributesForFiltering: the numeric attributes filters may compare")
struct NumericFilteringSettingTests {
  static let records: [[String: JSON]] = [
    ["objectID": "a", "price": 5, "stock": 1, "rating": 4],
    ["objectID": "b", "price": 10, "stock": 0, "rating": 2],
    ["objectID": "c", "price": 20, "stock": 1],
  ]

  static func count(_ filters: String, _ settings: [String: JSON]) throws -> Int {
    try Fixture.index(records, settings: settings).search(Fixture.query("", filters: filters)).nbHits
  }

  @Test("Without the setting, or with an empty list, every numeric attribute and operator filters")
  func everything() throws {
    for settings: [String: JSON] in [[:], ["numericAttributesForFiltering": []]] {
      #expect(try Self.count("price > 7", settings) == 2)
      #expect(try Self.count("rating:1 TO 3", settings) == 1)
    }
  }

  @Test("Only the attributes listed compare; another reads as one no record has a number for")
  func listed() throws {
    let settings: [String: JSON] = ["numericAttributesForFiltering": ["price", "equalOnly(stock)"]]
    #expect(try Self.count("price > 7", settings) == 2)
    #expect(try Self.count("price:5 TO 10", settings) == 2)
    #expect(try Self.count("rating > 1", settings) == 0)
    #expect(try Self.count("rating != 4", settings) == 3)
    #expect(try Self.count("NOT rating > 1", settings) == 3)
  }

  @Test("equalOnly: = and != compare, the other operators and ranges match as on a missing attribute")
  func equalOnly() throws {
    let settings: [String: JSON] = ["numericAttributesForFiltering": ["equalOnly(stock)"]]
    #expect(try Self.count("stock = 1", settings) == 2)
    #expect(try Self.count("stock != 1", settings) == 1)
    #expect(try Self.count("stock >= 1", settings) == 0)
    #expect(try Self.count("stock:0 TO 1", settings) == 0)
    // The legacy numericFilters array reads the same way.
    var query = Query("")
    query.numericFilters = [["stock=1"]]
    #expect(try Fixture.index(Self.records, settings: settings).search(query).nbHits == 2)
    query.numericFilters = [["stock>0"]]
    #expect(try Fixture.index(Self.records, settings: settings).search(query).nbHits == 0)
  }

  @Test("A nonexistent attribute turns numeric filtering off; the setting comes back as given, also by its former name")
  func offAndReturned() throws {
    let off: [String: JSON] = ["numericAttributesForFiltering": ["_no_numeric_attributes_"]]
    #expect(try Self.count("price > 0", off) == 0)
    let former = try IndexSettings(json: ["numericAttributesToIndex": ["equalOnly(stock)", "price"]])
    #expect(former.answeredJSONObject["numericAttributesForFiltering"] == ["equalOnly(stock)", "price"])
    #expect(try IndexSettings(json: [:]).answeredJSONObject["numericAttributesForFiltering"] == nil)
  }
}
