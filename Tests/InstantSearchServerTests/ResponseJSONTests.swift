import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@testable import InstantSearchServer

@Suite("serve: the fast response writer")
struct ResponseJSONTests {
  @Test("A response written directly equals its Encodable form")
  func sameAsEncodable() throws {
    let index = LocalIndex(name: "p", settings: try IndexSettings(json: ["attributesForFaceting": ["brand", "price"]]))
    try index.saveRecords([
      ["objectID": "1", "name": "red shirt", "brand": "A", "price": 3, "_tags": ["x"]],
      ["objectID": "2", "name": "blue \"shirt\" é", "brand": "B", "price": 5.5],
    ])
    var query = Query("shirt")
    query.facets = ["brand", "price"]
    query.clickAnalytics = true
    var response = try index.search(query)
    response.nbSortedHits = 2
    response.appliedRelevancyStrictness = 50
    let encoded = try JSONDecoder().decode(JSON.self, from: JSONEncoder().encode(response))
    #expect(response.jsonValue == encoded)
    var bytes: [UInt8] = []
    response.jsonValue.appendText(to: &bytes)
    #expect(try JSONDecoder().decode(JSON.self, from: Data(bytes)) == encoded)
  }

  @Test("The text written straight from a response has every member of its JSON value, and only those named")
  func everyMember() throws {
    let index = LocalIndex(name: "p", settings: try IndexSettings(json: ["attributesForFaceting": ["brand", "price"]]))
    try index.saveRecords([
      ["objectID": "1", "name": "red shirt\n", "brand": "A\\", "price": -3, "_tags": ["x"]],
      ["objectID": "2", "name": "blue \"shirt\" é", "brand": "B", "price": 5.5],
    ])
    var query = Query("shirt")
    query.facets = ["brand", "price"]
    query.clickAnalytics = true
    query.offset = 0
    query.length = 2
    var response = try index.search(query)
    response.nbSortedHits = 2
    response.appliedRelevancyStrictness = 50
    response.userData = [["banner": "x"]]
    response.appliedRules = [["objectID": "r"]]
    response.queryAfterRemoval = "shirt"
    response.automaticRadius = "1000"
    response.extensions = ["queryCategorization": [:]]
    response.params = "query=shirt"
    let all = try #require(response.jsonValue.objectValue)
    #expect(all.count >= 20 && all["facets_stats"] != nil && all["exhaustive"] != nil)
    var bytes: [UInt8] = []
    response.appendText(to: &bytes, facetOrder: .count)
    #expect(try JSONDecoder().decode(JSON.self, from: Data(bytes)) == .object(all))
    var some: [UInt8] = []
    response.appendText(to: &some, facetOrder: .count, fields: ["hits", "facets", "nbPages", "cursor"])
    let expected = all.filter { ["hits", "facets", "nbPages"].contains($0.key) }
    #expect(try JSONDecoder().decode(JSON.self, from: Data(some)) == .object(expected))
    var none: [UInt8] = []
    response.appendText(to: &none, facetOrder: .count, fields: [])
    #expect(String(decoding: none, as: UTF8.self) == "{}")
  }

  @Test("Whole numbers are written digit for digit, as their Double text below 10^15 and exactly beyond")
  func integers() {
    for value in [0, 7, -7, 10, 999_999_999_999_999, -123_456_789, Int.max, Int.min] {
      var bytes: [UInt8] = []
      JSON.appendInteger(value, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == String(value))
      if value.magnitude < 1_000_000_000_000_000 {
        var viaDouble: [UInt8] = []
        JSON.number(Double(value)).appendText(to: &viaDouble)
        #expect(viaDouble == bytes)
      }
    }
  }

  @Test("With offset and length, both are written, as the Encodable form writes them")
  func offsetAndLength() throws {
    let index = LocalIndex(name: "p")
    try index.saveRecords((0..<5).map { ["objectID": .string("\($0)"), "name": "shirt"] })
    var query = Query("shirt")
    query.offset = 1
    query.length = 2
    let response = try index.search(query)
    #expect(response.hits.count == 2)
    let encoded = try JSONDecoder().decode(JSON.self, from: JSONEncoder().encode(response))
    #expect(response.jsonValue == encoded)
    #expect(response.jsonValue.objectValue?["offset"] == 1 && response.jsonValue.objectValue?["length"] == 2)
  }

  @Test("Both generations of exhaustiveness flags, and renderingContent {} when the index sets none")
  func algoliaFields() throws {
    let index = LocalIndex(name: "p")
    try index.saveRecords([["objectID": "1", "name": "shirt"]])
    let object = try #require(try index.search(Query("shirt")).jsonValue.objectValue)
    #expect(object["exhaustiveNbHits"] == true && object["exhaustiveTypo"] == true)
    #expect(object["exhaustive"]?.objectValue?["nbHits"] == true)
    #expect(object["renderingContent"] == .object([:]))
  }
}

@Suite("serve: facet values in Algolia's order")
struct FacetOrderTextTests {
  static func response() throws -> SearchResponse {
    let index = LocalIndex(name: "p", settings: try IndexSettings(json: ["attributesForFaceting": ["size", "brand"]]))
    let sizes = ["S": 5, "L": 3, "XXL": 3, "XS": 7, "M": 1]
    var records: [[String: JSON]] = []
    for (size, count) in sizes {
      for number in 0..<count {
        records.append(["objectID": .string("\(size)-\(number)"), "size": .string(size), "brand": "b"])
      }
    }
    try index.saveRecords(records)
    var query = Query()
    query.facets = ["size", "brand"]
    return try index.search(query)
  }

  /// The keys of `object`'s member `name` (an object) in the order the text writes them.
  static func keys(of name: String, in text: String) throws -> [String] {
    let start = try #require(text.range(of: "\"\(name)\":{")).upperBound
    let end = try #require(text[start...].firstIndex(of: "}"))
    return text[start..<end].split(separator: ",").map { String($0.split(separator: ":")[0].dropFirst().dropLast()) }
  }

  @Test("By decreasing count, ties in byte order; alphabetically with alpha; the same JSON otherwise")
  func order() throws {
    let response = try Self.response()
    var byCount: [UInt8] = []
    response.appendText(to: &byCount, facetOrder: .count)
    let countText = String(decoding: byCount, as: UTF8.self)
    #expect(try Self.keys(of: "size", in: countText) == ["XS", "S", "L", "XXL", "M"])
    #expect(try JSONDecoder().decode(JSON.self, from: Data(byCount)) == response.jsonValue)
    var alpha: [UInt8] = []
    response.appendText(to: &alpha, facetOrder: .alpha)
    #expect(try Self.keys(of: "size", in: String(decoding: alpha, as: UTF8.self)) == ["L", "M", "S", "XS", "XXL"])
    var empty: [UInt8] = []
    SearchResponse(index: "p").appendText(to: &empty, facetOrder: .count)
    #expect(try JSONDecoder().decode(JSON.self, from: Data(empty)) == SearchResponse(index: "p").jsonValue)
  }
}
