import Foundation
import InstantSearchCore
import Testing

/// A golden fixture of the disjunctive request building and merge rule (`Fixtures/Disjunctive`).
struct DisjunctiveFixture: Decodable {
  let description: String
  let indexName: String
  let query: Query
  let filters: Filters
  let rangeAttributes: [String]
  let expectedQueries: [IndexedQuery]
  let responses: [SearchResponse]
  let expectedMerged: SearchResponse?
  let expectedError: String?

  static func all() throws -> [(name: String, fixture: DisjunctiveFixture)] {
    let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
      .appendingPathComponent("Disjunctive")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
      .sorted()
    return try names.map { name in
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      return (name, try JSONDecoder().decode(DisjunctiveFixture.self, from: data))
    }
  }
}

@Suite("Disjunctive faceting: golden fixtures")
struct SearchPlanFixtureTests {
  @Test("Every fixture: the exact queries, and the merged response or error")
  func fixtures() throws {
    let fixtures = try DisjunctiveFixture.all()
    #expect(fixtures.count == 7)
    for (name, fixture) in fixtures {
      let plan = SearchPlan(
        indexName: fixture.indexName, query: fixture.query, filters: fixture.filters,
        rangeAttributes: Set(fixture.rangeAttributes.map { Attribute($0) }))
      #expect(plan.queries == fixture.expectedQueries, "\(name): \(fixture.description)")
      do {
        let merged = try plan.merge(fixture.responses)
        #expect(merged == fixture.expectedMerged, "\(name)")
        #expect(fixture.expectedError == nil, "\(name): expected an error")
      } catch {
        #expect("\(error)" == fixture.expectedError, "\(name)")
      }
    }
  }

  @Test("Disjunctive faceting off: one query with every filter")
  func disabled() {
    var filters = Filters()
    filters.add(Filter.Facet(attribute: "color", stringValue: "red"), to: .or(name: "c", filterType: .facet))
    let plan = SearchPlan(indexName: "i", query: Query(), filters: filters, disjunctiveFaceting: false)
    #expect(plan.queries.count == 1)
    #expect(plan.queries[0].query.filters == #"( "color":"red" )"#)
  }

  @Test("Facet keys follow the engine's spelling of values")
  func facetKeys() {
    #expect(Filter.Facet.ValueType.number(10).facetKey == "10")
    #expect(Filter.Facet.ValueType.number(5.5).facetKey == "5.5")
    #expect(Filter.Facet.ValueType.bool(true).facetKey == "true")
    #expect(Filter.Facet.ValueType.string("10.0").facetKey == "10.0")
  }
}

@Suite("SearchSequencer")
struct SearchSequencerTests {
  @Test("Numbers only go up; older answers are refused after a newer one is delivered")
  func ordering() {
    var sequencer = SearchSequencer()
    let first = sequencer.issue()
    let second = sequencer.issue()
    let third = sequencer.issue()
    #expect(first == 1 && second == 2 && third == 3)
    #expect(sequencer.isLoading)
    let deliversSecond = sequencer.complete(second)
    #expect(deliversSecond)
    #expect(sequencer.isLoading)
    let deliversFirst = sequencer.complete(first)
    #expect(!deliversFirst)
    sequencer.abandon(third)
    #expect(!sequencer.isLoading)
    #expect(sequencer.lastDelivered == 2)
  }
}
