import InstantSearchCore
import InstantSearchEngine
import Testing

/// An empty query's hits are the matches in custom ranking order, whichever way the top is found (the
/// custom order's first records for every record, read against a bitset for many matches, a heap for few).
@Suite("Top records by custom ranking")
struct CustomRankTopTests {
  @Test("every record, most, some and few of them: the first records by popularity, ties in record order")
  func sameAsSorting() throws {
    var random = DifferentialTests.Generator(state: 29)
    let count = 5_000
    let records: [[String: JSON]] = (0..<count).map { doc in
      [
        "objectID": .string("r\(doc)"), "popularity": .number(Double(random.int(0..<50))),
        "bucket": .number(Double(random.int(0..<1000))),
      ]
    }
    let settings = try IndexSettings(json: ["customRanking": ["desc(popularity)"], "attributesForFaceting": ["bucket"]])
    let index = LocalIndex(name: "top", settings: settings)
    try index.saveRecords(records)
    for (filters, keeps) in [
      (nil, { (_: Double) in true }), ("bucket < 900", { $0 < 900 }), ("bucket < 300", { $0 < 300 }),
      ("bucket < 200", { $0 < 200 }),
      ("bucket < 3", { $0 < 3 }),
    ] as [(String?, (Double) -> Bool)] {
      for hitsPerPage in [1, 20, 1000] {
        var query = Query()
        query.filters = filters
        query.hitsPerPage = hitsPerPage
        let expected = (0..<count).filter { keeps(records[$0]["bucket"]?.doubleValue ?? -1) }
          .sorted { lhs, rhs in
            let left = records[lhs]["popularity"]?.doubleValue ?? 0
            let right = records[rhs]["popularity"]?.doubleValue ?? 0
            return left != right ? left > right : lhs < rhs
          }
        let hits = try index.search(query).hits.map(\.objectID)
        #expect(hits == expected.prefix(hitsPerPage).map { "r\($0)" }, "\(filters ?? "all"), \(hitsPerPage)")
      }
    }
  }
}
