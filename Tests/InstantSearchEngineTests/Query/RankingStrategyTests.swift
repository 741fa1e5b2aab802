import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// Reading matches in custom ranking order and stopping early must rank exactly like scoring every match:
/// same hits in the same order on every page, same nbHits, same facet counts. And the bound it stops on
/// must never be beaten by a real record.
@Suite("Ranking strategies")
struct RankingStrategyTests {
  static let words = [
    "wireless", "wired", "wide", "window", "head", "headphones", "heater", "heat", "speaker", "speed",
    "spear", "smart", "smartphone", "small", "sound", "soundbar", "black", "blue", "blender", "blend",
  ]

  static func record(_ id: Int, _ random: inout DifferentialTests.Generator) -> [String: JSON] {
    func phrase(_ count: Int) -> String {
      (0..<count).map { _ in random.pick(words) }.joined(separator: random.bool() ? " " : ", ")
    }
    var record: [String: JSON] = [
      "objectID": .string("r\(id)"), "name": .string(phrase(random.int(1..<5))),
      "brand": .string(random.pick(["Wave", "Heatwell", "Sonic", "Blendo"])),
      "features": .array((0..<random.int(0..<4)).map { _ in .string(phrase(random.int(1..<3))) }),
      "meta": ["note": .string(phrase(random.int(0..<6)))],
    ]
    // Few distinct values, so the record order breaks many custom ranking ties; some records have none.
    if random.int(0..<6) > 0 { record["popularity"] = .number(Double(random.int(0..<8))) }
    return record
  }

  static func queries(_ random: inout DifferentialTests.Generator, count: Int) -> [String] {
    (0..<count).map { _ in
      (0..<random.int(1..<4)).map { _ -> String in
        let word = random.pick(words)
        switch random.int(0..<4) {
        case 0: return String(word.prefix(random.int(1..<word.count + 1)))
        case 1 where word.count > 4:
          var letters = Array(word)
          letters.swapAt(1, 2)
          return String(letters)
        default: return word
        }
      }.joined(separator: " ")
    }
  }

  /// Searchable attributes of the indexes: one first attribute, two of equal first priority, and an
  /// unordered first one (every word of it has the best rank).
  static let searchableSets: [[JSON]] = [
    ["name", "unordered(brand)", "features", "meta.note"],
    ["name,meta.note", "unordered(brand)", "features"],
    ["unordered(name),features", "meta.note"],
  ]

  /// One random query of ``queries(_:count:)`` on an index of ``index(seed:count:searchable:)``: its
  /// text, the index's snapshot, its words (typo tolerance on), their scorer and the matches.
  struct Case {
    let text: String
    let snapshot: IndexSnapshot
    let words: [QueryWord]
    let scorer: TextScorer
    let matches: [UInt32]
  }

  /// The queries (`count` of them, from `seed`) that match something, on 2,000 records searchable as
  /// `searchableSets[attributes]`.
  static func cases(seed: UInt64, attributes: Int, count: Int) throws -> [Case] {
    let snapshot = try index(seed: seed, count: 2_000, searchable: searchableSets[attributes]).snapshot
    var random = DifferentialTests.Generator(state: seed)
    return queries(&random, count: count).compactMap { text in
      let executor = SearchExecutor(snapshot: snapshot, query: Fixture.query(text))
      let words = executor.queryWords(typo: .enabled)
      guard let matches = executor.matchingRecords(words: words, filters: FilterPlan(clauses: [], snapshot: snapshot))
      else { return nil }
      return Case(
        text: text, snapshot: snapshot, words: words, scorer: TextScorer(snapshot: snapshot, words: words),
        matches: matches)
    }
  }

  static func index(seed: UInt64, count: Int, searchable: [JSON] = searchableSets[0]) throws -> LocalIndex {
    var random = DifferentialTests.Generator(state: seed)
    return try Fixture.index(
      (0..<count).map { record($0, &random) },
      settings: [
        "searchableAttributes": .array(searchable),
        "attributesForFaceting": ["brand"], "customRanking": ["desc(popularity)"],
      ])
  }

  @Test("custom-order reading ranks like scoring every match", arguments: [UInt64(3), 17], [0, 1, 2])
  func sameAnswers(seed: UInt64, attributes: Int) throws {
    let index = try Self.index(seed: seed, count: 2_500, searchable: Self.searchableSets[attributes])
    var random = DifferentialTests.Generator(state: seed &+ 1)
    for text in Self.queries(&random, count: 120) {
      for (page, hitsPerPage) in [(0, 20), (0, 1), (3, 7)] {
        let query = Fixture.query(text) {
          $0.page = page
          $0.hitsPerPage = hitsPerPage
          $0.facets = ["brand"]
        }
        try Self.expectSameRanking(query, in: index, "\(text) page \(page) × \(hitsPerPage)")
      }
    }
  }

  /// Expects `query` to get the same hits, nbHits and facet counts in `index` whichever strategy ranks it.
  static func expectSameRanking(
    _ query: Query, in index: LocalIndex, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let all = try ViewSearch.oneSegment(index.snapshot, query, ranking: .scoreAll).run()
    let ordered = try ViewSearch.oneSegment(index.snapshot, query, ranking: .customOrder).run()
    let automatic = try ViewSearch.oneSegment(index.snapshot, query, ranking: .automatic).run()
    #expect(Fixture.ids(ordered) == Fixture.ids(all), "\(comment)", sourceLocation: sourceLocation)
    #expect(Fixture.ids(automatic) == Fixture.ids(all), "\(comment)", sourceLocation: sourceLocation)
    #expect(
      automatic.nbHits == all.nbHits && automatic.facets == all.facets, "\(comment)", sourceLocation: sourceLocation)
    #expect(ordered.nbHits == all.nbHits && ordered.facets == all.facets, "\(comment)", sourceLocation: sourceLocation)
  }

  @Test("no record scores better than the bound", arguments: [UInt64(5), 29])
  func boundHolds(seed: UInt64) throws {
    let index = try Self.index(seed: seed, count: 1_500)
    let snapshot = index.snapshot
    var random = DifferentialTests.Generator(state: seed)
    var reached = 0
    for text in Self.queries(&random, count: 150) {
      let executor = SearchExecutor(snapshot: snapshot, query: Fixture.query(text))
      let words = executor.queryWords(typo: .enabled)
      let scorer = TextScorer(snapshot: snapshot, words: words)
      var scratch = TextScorer.Scratch()
      var best: TextScore?
      for doc in 0..<snapshot.recordCount {
        guard let score = scorer.score(doc, scratch: &scratch) else { continue }
        #expect(!(score < scorer.bound), "\(text): record \(doc) scores \(score), bound \(scorer.bound)")
        if best.map({ score < $0 }) ?? true { best = score }
      }
      if best == scorer.bound { reached += 1 }
    }
    // The bound is tight for most queries, which is what lets the reading stop early.
    #expect(reached > 75)
  }

  @Test("splitting the matches by list and by bitset gives the same parts", arguments: [UInt64(7), 31], [0, 1, 2])
  func partsByListAndByBits(seed: UInt64, attributes: Int) throws {
    var compared = 0
    for item in try Self.cases(seed: seed, attributes: attributes, count: 120) {
      let (text, snapshot, words, scorer, matches) = (item.text, item.snapshot, item.words, item.scorer, item.matches)
      let described = { (parts: [RankingParts.Part]) -> [String] in
        parts.map { "\($0.bound) \($0.count) \($0.sortedMembers)" }.sorted()
      }
      let listed = RankingParts(words: words, matches: matches, snapshot: snapshot, bound: scorer.bound, byList: true)
      let bits = RankingParts(words: words, matches: matches, snapshot: snapshot, bound: scorer.bound, byList: false)
      #expect(described(listed.parts) == described(bits.parts), "\(text)")
      #expect(listed.parts.map(\.bound) == bits.parts.map(\.bound), "\(text): parts in the order of their bounds")
      for part in listed.parts {
        #expect(part.sortedMembers == part.sortedMembers.sorted() && part.count == part.sortedMembers.count)
        #expect(part.bitset(universe: snapshot.recordCount).members == part.sortedMembers)
      }
      if listed.parts.count > 1 { compared += 1 }
    }
    #expect(compared > 30)
  }

  @Test("a floor from another segment leaves out only records scoring worse than it", arguments: [UInt64(3), 17])
  func floorKeepsTies(seed: UInt64) throws {
    var floored = 0
    for item in try Self.cases(seed: seed, attributes: 0, count: 80) {
      let (text, snapshot, scorer, matches) = (item.text, item.snapshot, item.scorer, item.matches)
      guard !item.words.isEmpty, matches.count > 30 else { continue }
      let count = 20
      let full = TextScorer.best(scorer.scoreAll(matches), count: count, rank: snapshot.customRank)
      // Floors at a record of the top, below it, and better than any record.
      for floor in [full[full.count / 2].score, full[full.count - 1].score, scorer.bound] {
        let expected = full.filter { !(floor < $0.score) }.map(\.doc)
        let byParts = scorer.best(of: matches, count: count, floor: floor)
        let byScoring = scorer.bestByScoring(matches, count: count, floor: floor)
        #expect(byParts.filter { !(floor < $0.score) }.map(\.doc) == expected, "\(text): by parts, floor \(floor)")
        #expect(byScoring.filter { !(floor < $0.score) }.map(\.doc) == expected, "\(text): by scoring")
        if byParts.count < full.count { floored += 1 }
      }
    }
    // The floor does leave records out (when the top holds scores worse than it).
    #expect(floored >= 3)
  }

  @Test("records of a part in custom ranking order, as a sort by rank gives them")
  func customOrderOfAPart() throws {
    let index = try Self.index(seed: 5, count: 2_000, searchable: Self.searchableSets[0])
    let snapshot = index.snapshot
    var random = DifferentialTests.Generator(state: 99)
    for size in [0, 1, 2, 31, 64, 500, 2_000] {
      var docs = Set<UInt32>()
      while docs.count < size { docs.insert(UInt32(random.next() % 2_000)) }
      let sorted = docs.sorted()
      let expected = sorted.sorted { snapshot.customRank[Int($0)] < snapshot.customRank[Int($1)] }
      // A part held as a bitset gives the same order as one held as a list.
      for members in [RankingParts.Members.bits(Bitset(universe: 2_000, sorted)), .sorted(sorted)] {
        let part = RankingParts.Part(
          members: members, count: sorted.count,
          bound: TextScore(
            typos: 0, words: 1, proximity: 0, attribute: 0, exact: 0))
        // Read in batches: the batches make up the order, and a reading that stops gets a prefix of it.
        let ranks = TextScorer.customRanks(of: part, snapshot: snapshot)
        for (size, stopAfter) in [(16, Int.max), (7, 2), (1, 0)] {
          var read: [UInt32] = []
          var batches = 0
          TextScorer.forEachBatch(ofRanks: ranks, size: size, snapshot: snapshot) { batch in
            #expect(batch.count == size || read.count + batch.count == expected.count)
            read += batch
            batches += 1
            return batches > stopAfter
          }
          let length = stopAfter == .max ? expected.count : min(expected.count, (stopAfter + 1) * size)
          #expect(read == Array(expected.prefix(length)), "\(sorted.count) records, batches of \(size)")
        }
      }
    }
  }

  @Test("no record scores better than the bound of its ranking part", arguments: [UInt64(7), 31], [0, 1, 2])
  func partBoundsHold(seed: UInt64, attributes: Int) throws {
    var split = 0
    for item in try Self.cases(seed: seed, attributes: attributes, count: 120) {
      let (text, snapshot, words, scorer, matches) = (item.text, item.snapshot, item.words, item.scorer, item.matches)
      let parts = RankingParts(words: words, matches: matches, snapshot: snapshot, bound: scorer.bound).parts
      #expect(parts.map(\.count).reduce(0, +) == matches.count, "\(text): the parts cover the matches once")
      if parts.count > 1 { split += 1 }
      var scratch = TextScorer.Scratch()
      for part in parts {
        for doc in part.sortedMembers {
          guard let score = scorer.score(Int(doc), scratch: &scratch) else { continue }
          #expect(!(score < part.bound), "\(text): record \(doc) scores \(score), its part's bound \(part.bound)")
        }
      }
    }
    // Most queries split into several parts (fewer with an unordered first attribute, whose every word
    // has the best rank, so the rank postings are not kept).
    #expect(split > (attributes == 2 ? 30 : 40))
  }
}
