import Dispatch
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// Many matches held by a bitset are ranked from it while the side thread reads them out for the facets:
/// the answers are those of the matches read out first and ranked in turn.
@Suite("Matches ranked from their bitset, read out beside")
struct UnlistedAnswerTests {
  /// The answer of `query` from its bitset (`nil` when its matches do not end as a bitset, or the
  /// executor declines), the answer of the same query read out first and ranked in turn without a side
  /// thread, and how many records match.
  ///
  /// With `callerCounts`, the side thread takes no attribute of the facets it would share: the caller
  /// counts them all (as it counts those the side thread has not reached).
  static func bothWays(
    _ query: Query, in snapshot: IndexSnapshot, thread: SideThread, callerCounts: Bool = false
  ) throws -> (unlisted: SearchResponse?, expected: SearchResponse, count: Int)? {
    let executor = SearchExecutor(snapshot: snapshot, query: query)
    let resolved = try executor.resolve()
    let words = executor.queryWords(typo: resolved.typoTolerance)
    let plan = FilterPlan(clauses: try LegacyFilterParser.clauses(of: query), snapshot: snapshot)
    guard
      case .unlisted(let bits, let count) = executor.matchSet(words: words, filters: plan, side: nil, listing: false)
    else { return nil }
    #expect(bits.count == count)
    var search = ViewSearch.oneSegment(snapshot, query, thread: thread)
    search.sideTakesSharedFacets = !callerCounts
    let unlisted = try search.run()
    return (unlisted, try ViewSearch.oneSegment(snapshot, query, ranking: .customOrder).run(), count)
  }

  /// Expects `response` to have the hits, counts, pages, facets and statistics of `expected`.
  static func expectSame(_ response: SearchResponse, _ expected: SearchResponse, _ label: String) {
    #expect(response.hits == expected.hits, "\(label)")
    #expect(response.nbHits == expected.nbHits, "\(label)")
    #expect(response.nbPages == expected.nbPages, "\(label)")
    #expect(response.facets == expected.facets, "\(label)")
    #expect(response.facetsStats == expected.facetsStats, "\(label)")
  }

  /// Answers `query` from its bitset twice — the side thread counting the facets it reaches first, then
  /// the caller counting them all — and expects each answer given to equal that of the matches read out
  /// first and ranked in turn, without a side thread. Returns how many records match, once an answer given.
  static func checkBothCounters(
    _ query: Query, in snapshot: IndexSnapshot, thread: SideThread, label: String
  ) throws -> [Int] {
    var counts: [Int] = []
    for callerCounts in [false, true] {
      guard
        let (unlisted, expected, count) = try bothWays(query, in: snapshot, thread: thread, callerCounts: callerCounts),
        let response = unlisted
      else { continue }
      expectSame(response, expected, "\(label) \(callerCounts ? "caller counts" : "")")
      counts.append(count)
    }
    return counts
  }

  @Test("hits, nbHits, pages, facets and statistics equal those of the matches read out first")
  func sameAnswers() throws {
    let snapshot = try FacetShareTests.index().snapshot
    let thread = SideThread(label: "test.unlisted")
    var answered = 0
    var unfaceted = 0
    for text in ["l", "la", "s", "st", "desk s", "wood l", "lamp", "chair t", "ta"] {
      for filters in [nil, "price < 170", "NOT size:S", "price >= 250"] {
        for (page, facets) in [(0, ["brand", "color", "size", "price"]), (2, ["size"]), (1, [])] {
          let query = Fixture.query(text) {
            $0.facets = facets
            $0.filters = filters
            $0.page = page
            $0.maxValuesPerFacet = 25
          }
          let label = "\(text) \(filters ?? "") page \(page) \(facets)"
          let given = try Self.checkBothCounters(query, in: snapshot, thread: thread, label: label).count
          answered += given
          if facets.isEmpty { unfaceted += given }
        }
      }
    }
    // Enough queries take the bitset path, some without facets (nothing read out at all).
    #expect(answered >= 40)
    #expect(unfaceted >= 10)
  }

  /// 6,000 records of which the queries `item`, `it`, `i` match every one, with facets of 30, 3 and 300
  /// values.
  static func mostlyMatchedSnapshot() throws -> IndexSnapshot {
    var random = DifferentialTests.Generator(state: 9)
    let records: [[String: JSON]] = (0..<6_000).map { number in
      [
        "objectID": .string("r\(number)"), "name": .string("item \(FacetShareTests.words[random.int(0..<8)])"),
        "brand": .string("brand \(random.int(0..<30))"), "size": .string(["S", "M", "L"][random.int(0..<3)]),
        "price": .number(Double(random.int(0..<300))), "popularity": .number(Double(random.int(0..<1_000))),
      ]
    }
    return try Fixture.index(
      records,
      settings: [
        "searchableAttributes": ["name"], "attributesForFaceting": ["brand", "size", "price"],
        "customRanking": ["desc(popularity)"],
      ]
    ).snapshot
  }

  @Test("most records matching: facets from the missing records, hits and counts as when read out first")
  func mostRecordsMatch() throws {
    let snapshot = try Self.mostlyMatchedSnapshot()
    let thread = SideThread(label: "test.unlisted.most")
    var answered = 0
    for text in ["item", "it", "i", "item l"] {
      for filters in [nil, "price < 290", "NOT size:XL", "price >= 200"] {
        let query = Fixture.query(text) {
          $0.facets = ["brand", "size", "price"]
          $0.filters = filters
        }
        let counts = try Self.checkBothCounters(query, in: snapshot, thread: thread, label: "\(text) \(filters ?? "")")
        answered += counts.filter { $0 > snapshot.recordCount / 3 * 2 }.count
      }
    }
    // Most of these queries match most records: the missing ones are counted (each twice).
    #expect(answered >= 16)
  }

  @Test("most records matching, the side thread busy or absent: this thread reads out the missing records")
  func mostRecordsMatchAlone() throws {
    let snapshot = try Self.mostlyMatchedSnapshot()
    let thread = SideThread(label: "test.unlisted.alone")
    var answered = 0
    for text in ["item", "i", "item l"] {
      for filters in [nil, "price < 290", "NOT size:XL"] {
        let query = Fixture.query(text) {
          $0.facets = ["brand", "size", "price"]
          $0.filters = filters
        }
        let executor = SearchExecutor(snapshot: snapshot, query: query)
        let resolved = try executor.resolve()
        let words = executor.queryWords(typo: resolved.typoTolerance)
        let plan = FilterPlan(clauses: try LegacyFilterParser.clauses(of: query), snapshot: snapshot)
        guard
          case .unlisted(let bits, let count) = executor.matchSet(
            words: words, filters: plan, side: nil, listing: false),
          count > snapshot.recordCount / 3 * 2
        else { continue }
        _ = bits
        let expected = try ViewSearch.oneSegment(snapshot, query, ranking: .customOrder).run()
        let search = ViewSearch.oneSegment(snapshot, query, thread: thread)
        // No side thread at all.
        let absent: SearchResponse? = try search.run(side: nil)
        // Another session holds the thread (its work waits for the test) for the whole answer: this one's
        // side work waits behind it, and is run here (a wait on it would never end).
        let release = DispatchSemaphore(value: 0)
        let busy = try thread.withSession { (holder: SideSession) throws(EngineError) -> SearchResponse? in
          _ = holder.submit { release.wait() }
          defer { release.signal() }
          #expect(holder.holdsThread)
          return try thread.withSession { (side: SideSession) throws(EngineError) -> SearchResponse? in
            try search.run(side: side)
          }
        }
        // The holder gave the thread up when its work was done, which may be after its session ended (the
        // release is then queued behind that work): wait for it, or the next round's holder finds the
        // thread still taken, depending on how the threads were scheduled.
        thread.drain()
        for (response, label) in [(absent, "no side thread"), (busy, "side thread busy")] {
          guard let response else {
            Issue.record("\(text) \(filters ?? ""), \(label): answered from the bitset")
            continue
          }
          Self.expectSame(response, expected, "\(text) \(filters ?? ""), \(label)")
          answered += 1
        }
      }
    }
    #expect(answered >= 12)
  }

  @Test("without a side thread the facets are counted from the bitset here, as over the matches read out")
  func countsHere() throws {
    let snapshot = try FacetShareTests.index().snapshot
    let query = Fixture.query("l") { $0.facets = ["brand"] }
    let executor = SearchExecutor(snapshot: snapshot, query: query)
    let resolved = try executor.resolve()
    let words = executor.queryWords(typo: resolved.typoTolerance)
    let plan = FilterPlan(clauses: [], snapshot: snapshot)
    guard
      case .unlisted(let bits, let count) = executor.matchSet(words: words, filters: plan, side: nil, listing: false)
    else {
      Issue.record("\"l\" matches many records: a bitset")
      return
    }
    #expect(count < snapshot.recordCount / 3 * 2, "fewer than most records match")
    let pending = try #require(executor.startFacets(unlisted: bits, count: count, paths: ["brand"], resolved, nil))
    #expect(pending.isDone(), "nothing runs beside")
    let counted = pending.finish()
    #expect(counted.facets == executor.facetCounts(bits.members, resolved: resolved).facets)
    #expect(counted.facets["brand"]?.isEmpty == false)
  }
}
