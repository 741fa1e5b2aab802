import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// The ranking strategies give the same answers with the query parameters that change how a record
/// scores (its exact words and attribute): the bounds they stop reading on must still hold.
@Suite("Ranking strategies with the scoring parameters")
struct RankingStrategyParameterTests {
  /// The query configurations tried: the closest attribute, no synonym counted as exact, multi-word
  /// synonyms counted as exact, the text as a similar query (words first, every word optional).
  static let configurations: [@Sendable (inout Query) -> Void] = [
    { $0.attributeCriteriaComputedByMinProximity = true },
    { $0.alternativesAsExact = [] },
    { $0.alternativesAsExact = [.singleWordSynonym, .multiWordsSynonym] },
    {
      $0.similarQuery = $0.query
      $0.query = nil
    },
  ]

  @Test("custom-order reading and automatic ranking rank like scoring every match", arguments: [UInt64(3), 17], 0..<4)
  func sameAnswers(seed: UInt64, configuration: Int) throws {
    let index = try RankingStrategyTests.index(
      seed: seed, count: 2_500, searchable: RankingStrategyTests.searchableSets[1])
    index.saveSynonyms([
      try Synonym(json: ["objectID": "one", "type": "synonym", "synonyms": ["speaker", "soundbar", "sound"]]),
      try Synonym(json: ["objectID": "two", "type": "synonym", "synonyms": ["heat", "heater"]]),
      try Synonym(json: ["objectID": "multi", "type": "synonym", "synonyms": ["smartphone", "smart wireless"]]),
    ])
    var random = DifferentialTests.Generator(state: seed &+ 5)
    for text in RankingStrategyTests.queries(&random, count: 80) {
      for (page, hitsPerPage) in [(0, 20), (2, 7)] {
        var query = Fixture.query(text) {
          $0.page = page
          $0.hitsPerPage = hitsPerPage
          $0.facets = ["brand"]
        }
        Self.configurations[configuration](&query)
        try RankingStrategyTests.expectSameRanking(query, in: index, "\(text) page \(page) × \(hitsPerPage)")
      }
    }
  }

  @Test("With attributes without prefix matching, every strategy ranks alike", arguments: [UInt64(5), 23])
  func prefixFreeAttributes(seed: UInt64) throws {
    var random = DifferentialTests.Generator(state: seed)
    let index = try Fixture.index(
      (0..<2_000).map { RankingStrategyTests.record($0, &random) },
      settings: [
        "searchableAttributes": ["name", "unordered(brand)", "features", "meta.note"],
        "attributesForFaceting": ["brand"], "customRanking": ["desc(popularity)"],
        "disablePrefixOnAttributes": ["features", "meta.note"],
      ])
    for text in RankingStrategyTests.queries(&random, count: 80) {
      let query = Fixture.query(text) {
        $0.hitsPerPage = 10
        $0.facets = ["brand"]
      }
      try RankingStrategyTests.expectSameRanking(query, in: index, text)
    }
  }
}
