import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// A facet of many values (a price) counted into a histogram, as its totals minus the records missing
/// from the matches (``SearchExecutor/countedFromTotals(_:path:minus:bits:resolved:)``) or over the
/// members of a bitset (``SearchExecutor/countedFromMembers(_:path:members:count:resolved:)``), its
/// values chosen without a list of every value's count: the same values, counts and statistics as the
/// list of counts gives, for any limit, density, link and storage.
@Suite("Facets of many values chosen from a histogram")
struct TotalsFacetCountingTests {
  static let recordCount = 12_000

  /// Records named `lamp` (most of them) or `desk`, whose `price` takes one of 9,000 values (more than the
  /// interleaved histograms hold), a seventh of an integer when `fractional`; some have none, and with
  /// `broken` one holds a word, which leaves the price without a link from facet values to numbers.
  static func records(fractional: Bool, broken: Bool) -> [[String: JSON]] {
    var random = DifferentialTests.Generator(state: 61)
    return (0..<recordCount).map { number in
      var record: [String: JSON] = [
        "objectID": .string("r\(number)"), "name": .string(random.int(0..<10) < 8 ? "lamp" : "desk"),
      ]
      let price = Double(random.int(0..<9_000))
      if random.int(0..<25) > 0 { record["price"] = .number(fractional ? price / 7 : price) }
      if broken, number == 4_321 { record["price"] = .string("ask") }
      return record
    }
  }

  static let settings: [String: JSON] = ["searchableAttributes": ["name"], "attributesForFaceting": ["price"]]

  @Test("candidates of the highest counts: topByCount's choice among them is its choice among all values")
  func candidatesKeepTheTop() {
    var random = DifferentialTests.Generator(state: 3)
    for valueCount in [0, 1, 5, 300, 5_000] {
      for spread in [1, 3, 50, 65_536] {
        let counts = (0..<valueCount).map { _ in UInt16(random.int(0..<4) == 0 ? 0 : random.int(0..<spread)) }
        // Key ranks in a random order: each value's position when sorted by a random number.
        let keys = (0..<valueCount).map { _ in random.int(0..<1_000_000) }
        var rankOf = [UInt32](repeating: 0, count: valueCount)
        for (position, value) in (0..<valueCount).sorted(by: { (keys[$0], $0) < (keys[$1], $1) }).enumerated() {
          rankOf[value] = UInt32(position)
        }
        let rank = Column(rankOf)
        let numbers = (0..<valueCount).map { Double($0) / 3 }
        let all = counts.enumerated().filter { $0.element > 0 }.map { (value: $0.offset, count: Int($0.element)) }
        var linked = NumberStatistics()
        for pair in all { linked.add(numbers[pair.value], count: pair.count) }
        for limit in [0, 1, 2, 10, 100, 10_000] {
          let chosen = counts.withUnsafeBufferPointer {
            TopCountCandidates.candidates($0, limit: limit, numbers: numbers)
          }
          let expected = SearchExecutor.topByCount(all, rank: rank, limit: limit)
          let got = SearchExecutor.topByCount(chosen.pairs, rank: rank, limit: limit)
          #expect(got.map(\.value) == expected.map(\.value), "\(valueCount) values, spread \(spread), limit \(limit)")
          #expect(got.map(\.count) == expected.map(\.count))
          #expect(chosen.pairs.map(\.value) == chosen.pairs.map(\.value).sorted(), "in increasing value order")
          #expect(chosen.pairs.allSatisfy { $0.count > 0 })
          #expect(chosen.statistics?.stats == linked.stats, "summed in value order, as the list of counts is")
        }
      }
    }
    // A value counted without a number: no statistics from the link.
    let chosen = [UInt16](repeating: 1, count: 3).withUnsafeBufferPointer {
      TopCountCandidates.candidates($0, limit: 5, numbers: [1, .nan, 2])
    }
    #expect(chosen.statistics == nil)
    #expect(chosen.pairs.count == 3)
  }

  /// Calls `body` with the price column (and its numbers) of each kind of price — integers, fractions,
  /// unlinked (a record holding a word) — in memory and reopened from a directory, with a label naming it.
  static func forEachPriceColumn(
    _ body: (_ label: String, IndexSnapshot, FacetColumn, NumericColumn) throws -> Void
  ) throws {
    for (fractional, broken) in [(false, false), (true, false), (false, true)] {
      let folder = try ScratchFolder()
      let records = Self.records(fractional: fractional, broken: broken)
      let indices = [
        ("in memory", try Fixture.index(records, settings: Self.settings)),
        ("reopened", try DurableDifferentialTests.reopened(records, folder: folder, settings: Self.settings)),
      ]
      for (storage, index) in indices {
        let snapshot = index.snapshot
        let column = try #require(snapshot.facets["price"])
        let numeric = try #require(snapshot.numerics["price"])
        #expect(column.valueCount > NarrowIDs.interleavedValueLimit)
        let kind = fractional ? "fractional" : broken ? "unlinked" : "integer"
        try body("\(kind) prices \(storage)", snapshot, column, numeric)
      }
    }
  }

  /// An executor of a query for the `limit` most frequent prices of `snapshot`, and its resolved parameters.
  static func executor(_ snapshot: IndexSnapshot, limit: Int) throws -> (SearchExecutor, SearchExecutor.Resolved) {
    let query = Fixture.query("") {
      $0.facets = ["price"]
      $0.maxValuesPerFacet = limit
    }
    let executor = SearchExecutor(snapshot: snapshot, query: query)
    return (executor, try executor.resolve())
  }

  /// What a response shows of the price from `pairs`, the list of counts of `docs`: the statistics through
  /// the link, else from the records' numbers.
  static func listed(
    _ executor: SearchExecutor, _ column: FacetColumn, _ numeric: NumericColumn, _ pairs: [(value: Int, count: Int)],
    of docs: [UInt32], _ resolved: SearchExecutor.Resolved
  ) -> FacetShare.Counted {
    let stats = executor.linkedStatistics("price", pairs) ?? executor.statistics(numeric, docs)
    return executor.counted(column, pairs, stats: stats.stats, resolved: resolved)
  }

  @Test("most records matching, in memory and reopened, with and without a link: the counts of the list")
  func sameAsTheListOfCounts() throws {
    try Self.forEachPriceColumn { name, snapshot, column, numeric in
      var random = DifferentialTests.Generator(state: 17)
      for percent in [70, 95, 100] {
        let docs = (0..<UInt32(Self.recordCount)).filter { _ in random.int(0..<100) < percent }
        let complement = SearchExecutor.complement(of: docs, universe: Self.recordCount)
        for limit in [0, 1, 7, 100, 1_000] {
          let (executor, resolved) = try Self.executor(snapshot, limit: limit)
          let pairs = executor.valueCounts(column, nil, complement: complement)
          let expected = Self.listed(executor, column, numeric, pairs, of: docs, resolved)
          let got = try #require(
            executor.countedFromTotals(column, path: "price", minus: complement, bits: nil, resolved: resolved))
          let label = "\(name) at \(percent) %, limit \(limit)"
          #expect(got.values == expected.values, "\(label)")
          #expect(got.stats == expected.stats, "\(label)")
          #expect(got.values.count == min(limit, pairs.count), "\(label)")
        }
      }
    }
  }

  @Test("members of a bitset, in memory and reopened, with and without a link: the counts of the list")
  func membersSameAsTheListOfCounts() throws {
    try Self.forEachPriceColumn { name, snapshot, column, numeric in
      var random = DifferentialTests.Generator(state: 29)
      for percent in [1, 10, 40, 65, 100] {
        let docs = (0..<UInt32(Self.recordCount)).filter { _ in random.int(0..<100) < percent }
        // A bitset wider than the records: its last words hold none.
        let bits = Bitset(universe: Self.recordCount + 200, docs)
        for limit in [0, 1, 7, 100, 1_000] {
          let (executor, resolved) = try Self.executor(snapshot, limit: limit)
          let pairs = column.valueCounts(members: bits, count: docs.count)
          let expected = Self.listed(executor, column, numeric, pairs, of: docs, resolved)
          let label = "\(name) at \(percent) %, limit \(limit)"
          let counted = executor.countedFromMembers(
            column, path: "price", members: bits, count: docs.count, resolved: resolved)
          // Where the values' own record lists count it for less (all records), the caller counts as ever.
          guard column.countsByMembers(bits, count: docs.count) else {
            #expect(counted == nil, "\(label)")
            continue
          }
          let got = try #require(counted, "\(label)")
          #expect(got.values == expected.values, "\(label)")
          #expect(got.stats == expected.stats, "\(label)")
        }
      }
    }
  }

  @Test("queries most or half the records match: the price counts and statistics of their records")
  func queriesCountTheirRecords() throws {
    let records = Self.records(fractional: false, broken: false)
    let index = try Fixture.index(records, settings: Self.settings)
    for (text, filters) in [("lamp", ""), ("lamp", "price < 4500"), ("desk", "")] {
      let query = Fixture.query(text, filters: filters) {
        $0.facets = ["price"]
        $0.maxValuesPerFacet = 1_000
      }
      let response = try index.search(query)
      let matching = records.filter { record in
        record["name"]?.stringValue == text && (filters.isEmpty || (record["price"]?.doubleValue ?? .infinity) < 4_500)
      }
      #expect(response.nbHits == matching.count, "\(text) \(filters)")
      Self.expectCounts(response, matching.compactMap { $0["price"]?.doubleValue }, "\(text) \(filters)")
    }
  }

  /// Expects the price counts of `response` to be the 1,000 most frequent of `prices` (ties by key in
  /// byte order), and its statistics theirs.
  static func expectCounts(_ response: SearchResponse, _ prices: [Double], _ label: String) {
    var counts: [String: Int] = [:]
    for price in prices { counts[String(Int(price)), default: 0] += 1 }
    let top = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(1_000)
    let expected = Dictionary(uniqueKeysWithValues: top.map { ($0.key, $0.value) })
    #expect(response.facets["price"] == expected, "\(label): \(response.facets["price"]?.count ?? 0) values")
    let stats = response.facetsStats["price"]
    #expect(stats?.min == prices.min() && stats?.max == prices.max(), "\(label)")
    #expect(stats?.sum == prices.reduce(0, +), "\(label)")
  }
}
