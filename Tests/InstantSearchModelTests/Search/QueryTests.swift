import Foundation
import InstantSearchModel
import Testing

@Suite("Query: JSON object and URL-encoded params forms")
struct QueryTests {
  static var sample: Query {
    var query = Query("wireless head")
    query.filters = #"( "brand":"Dates & Dried Fruits" ) AND ( "price":10.0 TO 100.0 )"#
    query.facets = ["brand", "price"]
    query.facetFilters = [["color:red", "color:blue"], ["size:\\-80C"]]
    query.numericFilters = [["price>=5"]]
    query.tagFilters = [["sale"]]
    query.page = 2
    query.hitsPerPage = 20
    query.maxValuesPerFacet = 50
    query.sortFacetValuesBy = .alpha
    query.attributesToRetrieve = ["name", "price"]
    query.attributesToHighlight = []
    query.highlightPreTag = "<em>"
    query.highlightPostTag = "</em>"
    query.typoTolerance = .min
    query.analytics = false
    query.clickAnalytics = true
    // Typed since the geo and ranking-info parameters landed; the round trips cover them too.
    query.getRankingInfo = true
    query.aroundLatLng = "40.71,-74.01"
    query.aroundRadius = .all
    query.insideBoundingBox = [[1, 2, 3, 4]]
    query.distinct = 2
    query.optionalFilters = [["brand:Acme<score=2>"]]
    query.ruleContexts = ["mobile"]
    query.attributesToSnippet = ["description:5"]
    query.additionalParameters = ["custom": ["a": [1, 2]]]
    return query
  }

  @Test("JSON object form round trip")
  func objectRoundTrip() throws {
    let data = try JSONEncoder().encode(Self.sample)
    #expect(try JSONDecoder().decode(Query.self, from: data) == Self.sample)
    let object = Self.sample.jsonObject
    #expect(object["facetFilters"] == [["color:red", "color:blue"], "size:\\-80C"])
    #expect(object["typoTolerance"] == "min")
    #expect(object["getRankingInfo"] == true)
  }

  @Test("params form round trip, with reserved characters in values")
  func paramsRoundTrip() throws {
    var query = Self.sample
    query.query = "a&b=c+d #e;f/g@h%i?j k"
    let params = query.urlEncodedParameters
    #expect(!params.contains(" "))
    #expect(params.split(separator: "&").count == query.jsonObject.count)
    #expect(try Query(urlEncodedParameters: params) == query)
    #expect(params.contains("query=a%26b%3Dc%2Bd%20%23e%3Bf%2Fg%40h%25i%3Fj%20k"))
  }

  @Test("params form: exact encoding, keys sorted")
  func paramsExact() {
    var query = Query("phone")
    query.hitsPerPage = 5
    query.facets = ["brand"]
    query.analytics = false
    #expect(query.urlEncodedParameters == "analytics=false&facets=%5B%22brand%22%5D&hitsPerPage=5&query=phone")
  }

  @Test("Reads what real clients send: strings for lists, legacy filter strings, + for spaces, a params member")
  func lenientDecoding() throws {
    let query = try Query(jsonObject: [
      "facets": "brand", "tagFilters": "(Book,Movie),SciFi", "hitsPerPage": "7", "analytics": "0",
      "params": "query=new+york&page=3&attributesToRetrieve=name%2Cprice&hitsPerPage=1",
    ])
    #expect(query.facets == ["brand"])
    #expect(query.tagFilters == [["Book", "Movie"], ["SciFi"]])
    #expect(query.hitsPerPage == 7)
    #expect(query.analytics == false)
    #expect(query.query == "new york")
    #expect(query.page == 3)
    #expect(query.attributesToRetrieve == ["name", "price"])
    #expect(try Query(jsonObject: ["tagFilters": ""]).tagFilters == [])
  }

  @Test(
    "A value of the wrong type names the parameter",
    arguments: [
      (["hitsPerPage": JSON.string("many")], "hitsPerPage"),
      (["facets": [1, 2]], "facets"),
      (["typoTolerance": "sometimes"], "typoTolerance"),
      (["analytics": "yes"], "analytics"),
      (["facetFilters": [["a", 3]]], "facetFilters"),
      (["params": "query=%zz"], "params"),
    ] as [([String: JSON], String)])
  func wrongTypes(object: [String: JSON], key: String) {
    #expect {
      _ = try Query(jsonObject: object)
    } throws: { error in
      (error as? ResponseDecodingError)?.path == key
    }
  }
}

@Suite("SearchResponse and SearchHit decoding")
struct SearchResponseTests {
  static let json = #"""
    {"hits":[{"objectID":"42","name":"Apple iPhone","price":999.5,"brand":{"name":"Apple"},
      "_highlightResult":{"name":{"value":"<em>App</em>le iPhone","matchLevel":"partial","matchedWords":["app"],"fullyHighlighted":false}}}],
     "nbHits":123,"page":1,"nbPages":7,"hitsPerPage":20,"processingTimeMS":3,"query":"app","params":"query=app",
     "index":"products","queryID":"abc","facets":{"brand":{"Apple":12,"Samsung":3}},
     "facets_stats":{"price":{"min":1.0,"max":9.5,"avg":5.25,"sum":10.5}},
     "exhaustiveFacetsCount":true,"exhaustive":{"nbHits":true,"facetsCount":false},
     "renderingContent":{"facetOrdering":{}},"serverUsed":"c1"}
    """#

  @Test("Every field, unknown keys ignored")
  func decodesEverything() throws {
    let response = try SearchResponse.decode(from: Data(Self.json.utf8))
    #expect(response.nbHits == 123)
    #expect(response.page == 1)
    #expect(response.nbPages == 7)
    #expect(response.hitsPerPage == 20)
    #expect(response.processingTimeMS == 3)
    #expect(response.query == "app")
    #expect(response.params == "query=app")
    #expect(response.index == "products")
    #expect(response.queryID == "abc")
    #expect(response.facets(for: "brand") == [Facet(value: "Apple", count: 12), Facet(value: "Samsung", count: 3)])
    #expect(response.facetsStats["price"] == FacetStats(min: 1, max: 9.5, avg: 5.25, sum: 10.5))
    #expect(response.exhaustiveFacetsCount == true)
    #expect(!response.areFacetCountsExhaustive)
    let hit = try #require(response.hits.first)
    #expect(hit.objectID == "42")
    #expect(hit["brand.name"] == "Apple")
    #expect(hit.highlight(for: "name")?.value == "<em>App</em>le iPhone")
    #expect(hit.highlight(for: "name")?.matchLevel == .partial)
    #expect(hit.highlight(for: "name")?.matchedWords == ["app"])
    let reencoded = try JSONEncoder().encode(response)
    #expect(try SearchResponse.decode(from: reencoded) == response)
  }

  struct Product: Decodable, Equatable {
    let objectID: String
    let name: String
    let price: Double
  }

  @Test("Hits decode into a user's type; a mismatch names the attribute")
  func typedHits() throws {
    let response = try SearchResponse.decode(from: Data(Self.json.utf8))
    #expect(
      try response.hits[0].decode(as: Product.self) == Product(objectID: "42", name: "Apple iPhone", price: 999.5))
    struct Wrong: Decodable { let price: String }
    #expect {
      _ = try response.hits[0].decode(as: Wrong.self)
    } throws: { error in
      (error as? ResponseDecodingError)?.path == "price"
    }
  }

  @Test(
    "A wrong type is a typed error naming the key path",
    arguments: [
      (#"{"hits":[],"nbHits":"many"}"#, "nbHits"),
      (#"{"hits":[{"objectID":"1"},{"name":"x"}]}"#, "hits[1].objectID"),
      (#"{"hits":[],"facets":{"brand":{"Apple":"twelve"}}}"#, "facets.brand.Apple"),
      (#"{"hits":[],"facets_stats":{"price":{"min":"low","max":1}}}"#, "facets_stats.price.min"),
      (#"{"hits":{}}"#, "hits"),
    ])
  func wrongType(json: String, path: String) {
    #expect {
      _ = try SearchResponse.decode(from: Data(json.utf8))
    } throws: { error in
      (error as? ResponseDecodingError)?.path == path
    }
  }

  @Test("Clause arrays nested deeper, as Algolia's end-to-end test sends them, add alternatives to their clause")
  func nestedClauses() throws {
    let query = try Query(jsonObject: [
      "facetFilters": ["editor:'visual studio'", ["editor:neovim", ["editor:goland", ["editor:zed"]]]]
    ])
    #expect(query.facetFilters == [["editor:'visual studio'"], ["editor:neovim", "editor:goland", "editor:zed"]])
    // Nine levels are more than a clause may nest; a number among the strings is no filter.
    var deep: JSON = ["a:b"]
    for _ in 0..<9 { deep = .array([deep]) }
    #expect(throws: ResponseDecodingError.self) { try Query(jsonObject: ["facetFilters": deep]) }
    #expect(throws: ResponseDecodingError.self) { try Query(jsonObject: ["tagFilters": [["a", [1]]]]) }
  }
}
