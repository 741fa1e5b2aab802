import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// A standard replica answers from its primary's segments with its own ranking; it must answer exactly
/// as a fresh index of the same records (in the same first-saved order) built with the replica's settings,
/// after any sequence of writes to the primary.
@Suite("Replicas: standard replicas")
struct StandardReplicaTests {
  typealias Generator = DifferentialTests.Generator

  static var primarySettings: [String: JSON] {
    var settings = SegmentTests.settings
    settings["replicas"] = ["products_price_asc", "products_rating", "virtual(products_relevant)"]
    return settings
  }

  /// The primary's settings with a sort by `price` ascending at the head of the ranking.
  static func priceSettings(_ primary: LocalIndex) -> IndexSettings {
    var settings = primary.settings
    settings.replicas = []
    settings.ranking = ["asc(price)"] + IndexSettings.defaultRanking
    return settings
  }

  /// A fresh index named `name` with `settings` and the primary's records in their first-saved order.
  static func fresh(_ primary: LocalIndex, name: String, settings: IndexSettings) throws -> LocalIndex {
    let ids = primary.objectIDs(count: primary.recordCount)
    let index = LocalIndex(name: name, settings: settings)
    try index.saveRecords(ids.compactMap { primary.record(objectID: $0) })
    return index
  }

  static func expectSameAnswers(_ replica: LocalReplica, _ reference: LocalIndex, queries: [Query]) throws {
    for query in queries {
      var page = query
      for number in 0..<2 {
        page.page = number
        let expected = try reference.search(page)
        let answer = try replica.search(page)
        #expect(answer.hits.map(\.objectID) == expected.hits.map(\.objectID), "\(page.urlEncodedParameters)")
        #expect(answer.hits == expected.hits, "\(page.urlEncodedParameters)")
        #expect(answer.nbHits == expected.nbHits && answer.nbPages == expected.nbPages)
        #expect(answer.facets == expected.facets, "\(page.urlEncodedParameters)")
        #expect(answer.facetsStats == expected.facetsStats)
        #expect(answer.index == replica.name)
      }
    }
  }

  @Test("A replica sorted by price answers as a fresh index sorted by price, after any writes", arguments: [3, 41])
  func sortedByPrice(seed: Int) throws {
    var random = Generator(state: UInt64(seed))
    let records = (0..<260).map { DifferentialTests.record($0, &random) }
    let primary = try SegmentTests.written(records, random: &random, settings: Self.primarySettings)
    let replica = try #require(primary.replica(named: "products_price_asc"))
    try replica.setSettings(Self.priceSettings(primary))
    #expect(primary.view.segments.count > 1, "the writes left one segment")
    let queries = SegmentTests.queries(&random)
    let settings = Self.priceSettings(primary)
    try Self.expectSameAnswers(
      replica, try Self.fresh(primary, name: replica.name, settings: settings), queries: Array(queries.prefix(25)))
    // More writes to the primary: the replica follows at once.
    primary.deleteRecords(objectIDs: ["r1", "r7", "r100"])
    try primary.saveRecords([["objectID": "r5", "price": -1, "brand": "Sony"], ["objectID": "new", "price": 3]])
    primary.partialUpdate(objectID: "r9", attributes: ["price": 1000])
    #expect(try replica.search(Query()).hits.first?.objectID == "r5")
    try Self.expectSameAnswers(
      replica, try Self.fresh(primary, name: replica.name, settings: settings), queries: Array(queries.suffix(25)))
  }

  @Test("A replica with another custom ranking answers as a fresh index with it")
  func otherCustomRanking() throws {
    var random = Generator(state: 8)
    let records = (0..<200).map { DifferentialTests.record($0, &random) }
    let primary = try SegmentTests.written(records, random: &random, settings: Self.primarySettings)
    let replica = try #require(primary.replica(named: "products_rating"))
    var settings = primary.settings
    settings.replicas = []
    settings.customRanking = [.init(path: "rating", isAscending: true), .init(path: "price", isAscending: false)]
    settings.hitsPerPage = 7
    try replica.setSettings(settings)
    #expect(replica.settings.primary == "products")
    #expect(replica.settings.hitsPerPage == 7)
    try Self.expectSameAnswers(
      replica, try Self.fresh(primary, name: replica.name, settings: settings),
      queries: SegmentTests.queries(&random))
  }

  @Test("Replicas come and go with the primary's settings, are found by name, and share the records")
  func lifecycle() async throws {
    let primary = try Fixture.index(
      [["objectID": "a", "price": 3], ["objectID": "b", "price": 1], ["objectID": "c", "price": 2]],
      settings: ["replicas": ["cheap", "virtual(relevant)"]])
    #expect(primary.replicas.map(\.name) == ["cheap", "relevant"])
    #expect(primary.replicas.map(\.isVirtual) == [false, true])
    let cheap = try #require(primary.replica(named: "cheap"))
    var settings = primary.settings
    settings.replicas = []
    settings.ranking = ["asc(price)"] + IndexSettings.defaultRanking
    try cheap.setSettings(settings)
    let client = LocalSearchClient(indices: [primary])
    let responses = try await client.search([IndexedQuery(indexName: "cheap", query: Query())], strategy: .none)
    #expect(responses.first.map(Fixture.ids) == ["b", "c", "a"])
    #expect(client.replica(named: "relevant")?.isVirtual == true)
    // The records are the primary's: no copy in the replica's segments.
    #expect(
      cheap.view.segments[0].snapshot.store.withParts { arena, _ in arena.baseAddress }
        == primary.view.segments[0].snapshot.store.withParts { arena, _ in arena.baseAddress })
    // Settings kept while the replica stays declared; gone when it is not.
    var next = primary.settings
    next.replicas = [.init(name: "cheap"), .init(name: "newest")]
    primary.setSettings(next)
    #expect(primary.replica(named: "cheap") === cheap)
    #expect(try cheap.search(Query()).hits.first?.objectID == "b")
    #expect(primary.replica(named: "relevant") == nil)
    #expect(primary.replica(named: "newest")?.settings.primary == "products")
    await #expect(throws: EngineError.self) {
      try await client.search([IndexedQuery(indexName: "relevant", query: Query())], strategy: .none)
    }
  }

  @Test("A replica refuses settings it cannot answer with, and keeps its own")
  func refusedSettings() throws {
    let primary = try Fixture.index(
      [["objectID": "a", "name": "x"]], settings: ["searchableAttributes": ["name"], "replicas": ["r"]])
    let replica = try #require(primary.replica(named: "r"))
    var settings = replica.settings
    settings.searchableAttributes = []
    #expect(throws: EngineError.self) { try replica.setSettings(settings) }
    settings = replica.settings
    settings.replicas = [.init(name: "deeper")]
    #expect(throws: EngineError.self) { try replica.setSettings(settings) }
    #expect(replica.settings.searchableAttributes.map(\.path) == ["name"])
    #expect(throws: EngineError.self) {
      try IndexSettings(json: ["ranking": ["typo", "asc(price)"]])
    }
  }
}
