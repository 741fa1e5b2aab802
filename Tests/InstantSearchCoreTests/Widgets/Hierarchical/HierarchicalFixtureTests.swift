import Foundation
import InstantSearchCore
import Testing

/// A golden fixture of the hierarchical request building and merge (`Fixtures/Hierarchical`).
struct HierarchicalFixture: Decodable {
  let description: String
  let indexName: String
  let query: Query
  let filters: Filters
  let hierarchical: [HierarchicalFaceting]
  let expectedQueries: [IndexedQuery]
  let responses: [SearchResponse]
  let expectedMerged: SearchResponse

  static func all() throws -> [(name: String, fixture: HierarchicalFixture)] {
    let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
      .appendingPathComponent("Hierarchical")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
      .sorted()
    return try names.map { name in
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      return (name, try JSONDecoder().decode(HierarchicalFixture.self, from: data))
    }
  }
}

@Suite("Hierarchical faceting: golden fixtures")
struct HierarchicalFixtureTests {
  @Test("Every fixture: the exact queries, and the merged response")
  func fixtures() throws {
    let fixtures = try HierarchicalFixture.all()
    #expect(fixtures.count == 7)
    for (name, fixture) in fixtures {
      let plan = SearchPlan(
        indexName: fixture.indexName, query: fixture.query, filters: fixture.filters,
        hierarchical: fixture.hierarchical)
      #expect(plan.queries.count == fixture.expectedQueries.count, "\(name)")
      for (sent, expected) in zip(plan.queries, fixture.expectedQueries) {
        #expect(sent == expected, "\(name): \(fixture.description)")
      }
      let merged = try plan.merge(fixture.responses)
      #expect(merged == fixture.expectedMerged, "\(name)")
    }
  }

  @Test("Disjunctive faceting off: the level queries are not sent either")
  func disabled() {
    var filters = Filters()
    filters.add(Filter.Facet(attribute: "categories.lvl0", stringValue: "Men"), to: .hierarchical(name: "categories"))
    let faceting = HierarchicalFaceting(
      attributes: ["categories.lvl0", "categories.lvl1"], groupID: .hierarchical(name: "categories"), path: ["Men"])
    let plan = SearchPlan(
      indexName: "i", query: Query(), filters: filters, hierarchical: [faceting], disjunctiveFaceting: false)
    #expect(plan.queries.count == 1)
  }
}
