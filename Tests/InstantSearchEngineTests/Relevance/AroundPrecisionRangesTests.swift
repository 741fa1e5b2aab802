import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// `aroundPrecision` as a list of ranges (Algolia's form, refused with 400 before): from each range's
/// `from` meters on, distances rank in steps of its `value` meters; `_rankingInfo.geoPrecision` says the
/// step of the hit's distance.
@Suite("aroundPrecision ranges")
struct AroundPrecisionRangesTests {
  static let center = "48.0, 2.0"

  /// Stores north of the centre at about `meters` each, ranked by `rank`.
  static func index() throws -> LocalIndex {
    let stores: [(id: String, meters: Double, rank: Int)] = [
      ("near", 100, 1), ("close", 600, 9), ("mid", 1_500, 1), ("far", 2_500, 9),
    ]
    return try Fixture.index(
      stores.map { store in
        [
          "objectID": .string(store.id), "name": "store", "rank": .number(Double(store.rank)),
          "_geoloc": ["lat": .number(48.0 + store.meters / 111_195), "lng": 2.0],
        ]
      }, settings: ["searchableAttributes": ["name"], "customRanking": ["desc(rank)"]])
  }

  static func query(_ ranges: JSON) throws -> Query {
    var query = try Query(jsonObject: ["aroundPrecision": ranges, "getRankingInfo": true])
    query.query = "store"
    query.aroundLatLng = center
    return query
  }

  @Test("distances within one step tie (custom ranking decides); the next range's steps come after")
  func ranking() throws {
    let index = try Self.index()
    let response = try index.search(try Self.query([["from": 0, "value": 1000], ["from": 2000, "value": 5000]]))
    // 100 m and 600 m share the first 1,000 m step: the better rank first; then 1,500 m; then 2,500 m.
    #expect(Fixture.ids(response) == ["close", "near", "mid", "far"])
    let precisions = response.hits.map { $0["_rankingInfo"]?["geoPrecision"] }
    #expect(precisions == [1000, 1000, 1000, 5000])
    // One plain precision of 1 m: nearest first.
    var plain = try Self.query(1)
    plain.aroundPrecision = 1
    #expect(Fixture.ids(try index.search(plain)) == ["near", "close", "mid", "far"])
  }

  @Test("read from JSON, written back; a step below 1 m, a start below 0 or too many ranges are refused")
  func coding() throws {
    let query = try Self.query([["from": 0, "value": 10], ["from": 1000, "value": 100]])
    #expect(query.aroundPrecisionRanges == [.init(from: 0, value: 10), .init(from: 1000, value: 100)])
    #expect(query.aroundPrecision == nil)
    #expect(query.jsonObject["aroundPrecision"] == [["from": 0, "value": 10], ["from": 1000, "value": 100]])
    #expect(try Query(jsonObject: ["aroundPrecision": 50]).aroundPrecision == 50)
    let index = try Self.index()
    #expect(throws: EngineError.self) { try index.search(try Self.query([["from": 0, "value": 0]])) }
    #expect(throws: EngineError.self) { try index.search(try Self.query([["from": -5, "value": 10]])) }
    let many = JSON.array((0...100).map { .object(["from": .number(Double($0)), "value": 1]) })
    #expect(throws: ResponseDecodingError.self) { try Query(jsonObject: ["aroundPrecision": many]) }
    #expect(throws: ResponseDecodingError.self) { try Query(jsonObject: ["aroundPrecision": [["from": 0]]]) }
  }
}
