import InstantSearchCore
import InstantSearchEngine
import Testing

@MainActor
@Suite("Related items", .timeLimit(.minutes(2)))
struct RelatedItemsTests {
  struct Phone: Decodable, Sendable, Equatable {
    let objectID: String
    let brand: String
    let categories: [String]
  }

  static let records: [[String: JSON]] = [
    ["objectID": "p1", "brand": "Acme", "categories": ["phone", "5g", "camera"]],
    ["objectID": "p2", "brand": "Acme", "categories": ["phone", "5g", "camera"]],
    ["objectID": "p3", "brand": "Other", "categories": ["phone", "5g", "camera"]],
    ["objectID": "p4", "brand": "Acme", "categories": ["tablet"]],
    ["objectID": "p5", "brand": "Other", "categories": ["phone"]],
    ["objectID": "p6", "brand": "Nobody", "categories": ["watch"]],
  ]

  static func searcher() throws -> HitsSearcher {
    let index = LocalIndex(
      name: "phones", settings: try IndexSettings(json: ["attributesForFaceting": ["brand", "categories"]]))
    try index.saveRecords(records)
    return HitsSearcher(client: LocalSearchClient(indices: [index]), indexName: "phones")
  }

  static let patterns: [MatchingPattern<Phone>] = [
    .init(attribute: "brand", score: 3, filterPath: \.brand),
    .init(attribute: "categories", score: 2, filterPath: \.categories),
  ]

  static let item = ObjectWrapper(
    object: Phone(objectID: "p1", brand: "Acme", categories: ["phone", "5g", "camera"]), objectID: "p1")

  @Test("The documented example: scored optional filters summed per clause, the item left out, ranked by score")
  func ranked() async throws {
    let searcher = try Self.searcher()
    let controller = TestHitsController<Hit<Phone>>()
    let connector = RelatedItemsConnector<Hit<Phone>>(
      searcher: searcher, item: Self.item, matchingPatterns: Self.patterns, controller: controller)
    #expect(
      searcher.request.optionalFilters == [
        ["brand:Acme<score=3>"], ["categories:phone<score=2>", "categories:5g<score=2>", "categories:camera<score=2>"],
      ])
    #expect(searcher.request.sumOrFiltersScores == true)
    #expect(searcher.request.filters == #"NOT "objectID":"p1""#)
    searcher.search()
    await searcher.waitForResults()
    // p2 shares the brand and three categories (9), p3 three categories (6), p4 the brand (3), p5 one
    // category (2), p6 nothing (0, but still there: optional filters never exclude).
    #expect(controller.rows.map(\.objectID) == ["p2", "p3", "p4", "p5", "p6"])
    _ = connector
  }

  @Test("The app's own filters stay and are ANDed; disconnecting gives the request back; a hit wraps itself")
  func keepsAndRestores() async throws {
    let searcher = try Self.searcher()
    searcher.request.filters = #""brand":"Acme" OR "brand":"Other""#
    searcher.request.optionalFilters = [["brand:Other"]]
    let interactor = HitsInteractor<Phone>()
    let connection = interactor.connectSearcher(searcher, withRelatedItemsTo: Self.item, with: Self.patterns)
    #expect(searcher.request.filters == #"("brand":"Acme" OR "brand":"Other") AND NOT "objectID":"p1""#)
    searcher.search()
    await searcher.waitForResults()
    #expect(interactor.hits.map(\.objectID) == ["p2", "p3", "p4", "p5"])
    connection.disconnect()
    #expect(searcher.request.filters == #""brand":"Acme" OR "brand":"Other""#)
    #expect(searcher.request.optionalFilters == [["brand:Other"]] && searcher.request.sumOrFiltersScores == nil)
    let hit = try #require(interactor.hits.first)
    let wrapped = ObjectWrapper(object: hit, objectID: hit.objectID)
    let connector = RelatedItemsConnector<Phone>(searcher: searcher, item: wrapped, matchingPatterns: Self.patterns)
    #expect(searcher.request.filters?.hasSuffix(#"AND NOT "objectID":"p2""#) == true)
    connector.disconnect()
    #expect(searcher.request.filters == #""brand":"Acme" OR "brand":"Other""#)
  }

  @Test("A value with a leading minus or quotes is matched as written, never read as an exclusion")
  func escaping() async throws {
    let searcher = try Self.searcher()
    let odd = ObjectWrapper(object: Phone(objectID: "x", brand: "-Acme", categories: []), objectID: "x")
    let interactor = HitsInteractor<Phone>()
    interactor.connectSearcher(searcher, withRelatedItemsTo: odd, with: Self.patterns)
    #expect(searcher.request.optionalFilters == [[#"brand:\-Acme<score=3>"#]])
    searcher.search()
    await searcher.waitForResults()
    #expect(interactor.hits.count == 6, "an optional filter never excludes; \\- is a literal minus")
  }
}
