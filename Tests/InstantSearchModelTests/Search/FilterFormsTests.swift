import Foundation
import InstantSearchModel
import Testing

@Suite("The params echo writes filter arrays in the form they were sent")
struct FilterFormsTests {
  static func echo(_ object: [String: JSON]) throws -> String {
    try Query(jsonObject: object).formEncodedParameters
  }

  @Test("One-element OR groups, deeper nesting and legacy strings come back as sent")
  func asSent() throws {
    #expect(
      try Self.echo(["facetFilters": ["editor:'visual studio'", ["editor:neovim"]]])
        == "facetFilters=%5B%22editor%3A%27visual+studio%27%22%2C%5B%22editor%3Aneovim%22%5D%5D")
    #expect(
      try Self.echo(["facetFilters": ["a:1", ["b:2", ["c:3"]]]])
        == "facetFilters=%5B%22a%3A1%22%2C%5B%22b%3A2%22%2C%5B%22c%3A3%22%5D%5D%5D")
    #expect(try Self.echo(["tagFilters": "(a,b),c"]) == "tagFilters=%28a%2Cb%29%2Cc")
    #expect(try Self.echo(["numericFilters": [["price>1"]]]) == "numericFilters=%5B%5B%22price%3E1%22%5D%5D")
  }

  @Test("A parameter changed after it was read is written from its clauses; equality ignores the form")
  func changed() throws {
    var query = try Query(jsonObject: ["facetFilters": [["a:1"]]])
    #expect(query == (try Query(jsonObject: ["facetFilters": ["a:1"]])))
    query.facetFilters = [["a:1"], ["b:2"]]
    #expect(query.formEncodedParameters == "facetFilters=%5B%22a%3A1%22%2C%22b%3A2%22%5D")
    var built = Query()
    built.facetFilters = [["x:1", "y:2"]]
    #expect(built.jsonObject["facetFilters"] == [["x:1", "y:2"]])
  }
}
