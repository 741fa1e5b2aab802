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
}
