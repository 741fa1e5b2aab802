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
