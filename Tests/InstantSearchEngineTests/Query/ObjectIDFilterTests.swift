import InstantSearchCore
import InstantSearchEngine
import Testing

/// Algolia treats `objectID` as a filter-only facet: filters on it work without declaring it for faceting
/// (a declaration is ignored), compare case-sensitively, and give no facet counts.
@Suite("Filtering on objectID", .timeLimit(.minutes(2)))
struct ObjectIDFilterTests {
  static let records: [[String: JSON]] = [
    ["objectID": "a1", "brand": "Acme"], ["objectID": "A1", "brand": "Acme"], ["objectID": "b2", "brand": "Other"],
    ["objectID": "7", "brand": "Other"],
  ]

  static func hits(_ filters: String? = nil, declared: Bool = false, _ configure: (inout Query) -> Void = { _ in })
    throws -> [String]
  {
    let facets: [JSON] = declared ? ["brand", "objectID"] : ["brand"]
    let index = try Fixture.index(records, settings: ["attributesForFaceting": .array(facets)])
    return Fixture.ids(try index.search(Fixture.query(filters: filters, configure))).sorted()
  }

  @Test("In filters: selected, excluded, ORed with facets, case-sensitive, numeric ids, unknown ids")
  func filters() throws {
    #expect(try Self.hits(#"objectID:a1"#) == ["a1"])
    #expect(try Self.hits(#"NOT "objectID":"a1""#) == ["7", "A1", "b2"])
    #expect(try Self.hits(#"objectID:a1 OR brand:Other"#) == ["7", "a1", "b2"])
    #expect(try Self.hits(#"brand:Acme AND NOT objectID:A1"#) == ["a1"])
    #expect(try Self.hits(#"objectID:7"#) == ["7"])
    #expect(try Self.hits(#"objectID:nope"#) == [])
    #expect(try Self.hits(#"NOT objectID:nope"#).count == 4)
    #expect(try Self.hits(#"objectID:a1"#, declared: true) == ["a1"])
  }

  @Test("In facetFilters and optionalFilters; no facet counts for it")
  func legacyForms() throws {
    #expect(try Self.hits { $0.facetFilters = [["objectID:b2", "objectID:A1"]] } == ["A1", "b2"])
    #expect(try Self.hits { $0.facetFilters = [["objectID:-b2"]] } == ["7", "A1", "a1"])
    let index = try Fixture.index(Self.records, settings: ["attributesForFaceting": ["brand", "objectID"]])
    let ranked = try index.search(
      Fixture.query {
        $0.optionalFilters = [["objectID:b2"]]
        $0.facets = ["*"]
      })
    #expect(ranked.hits.first?.objectID == "b2")
    #expect(ranked.facets(for: "objectID").isEmpty && !ranked.facets(for: "brand").isEmpty)
    let undeclared = try Fixture.index(Self.records, settings: ["attributesForFaceting": ["brand"]])
    #expect(try undeclared.search(Fixture.query { $0.optionalFilters = [["objectID:7"]] }).hits.first?.objectID == "7")
    let asked = try undeclared.search(Fixture.query { $0.facets = ["objectID"] })
    #expect(asked.facets(for: "objectID").isEmpty)
  }
}
