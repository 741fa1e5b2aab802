import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// A virtual replica keeps the hits similar enough to the most relevant one and sorts those by its
/// custom ranking. The reference here works out each record's similarity from how it was written (an
/// exact word, a longer word the query is a prefix of, a word one typo away) with the documented formula.
@Suite("Replicas: virtual replicas (Relevant Sort)")
struct VirtualReplicaTests {
  /// How a record's name holds the query word `laptop`, and its similarity to an exact match: a prefix
  /// match is not exact (½), a typo costs a typo and the exact word (¼).
  enum Kind: CaseIterable {
    case exact, prefix, typo
    var word: String {
      switch self {
      case .exact: "laptop"
      case .prefix: "laptops"
      case .typo: "laptpp"
      }
    }
    var similarity: Double {
      switch self {
      case .exact: 1
      case .prefix: 0.5
      case .typo: 0.25
      }
    }
  }

  struct Record {
    let id: String
    let kind: Kind?
    let price: Double
  }

  /// 60 records: a third of each kind and some matching nothing; prices repeat so that ties happen.
  static func records() -> [Record] {
    var random = DifferentialTests.Generator(state: 12)
    return (0..<60).map { number in
      let kind = number % 7 == 6 ? nil : Kind.allCases[random.int(0..<3)]
      return Record(id: "r\(number)", kind: kind, price: Double(random.int(0..<25)))
    }
  }

  static func json(_ record: Record) -> [String: JSON] {
    [
      "objectID": .string(record.id), "name": .string("\(record.kind?.word ?? "desk") item"),
      "price": .number(record.price),
    ]
  }

  /// A primary with the records written in several batches (several segments), and its virtual replica
  /// sorting by price ascending.
  static func replica(strictness: Int? = nil) throws -> (LocalIndex, LocalReplica) {
    let primary = LocalIndex(
      name: "products",
      settings: try IndexSettings(json: ["searchableAttributes": ["name"], "replicas": ["virtual(products_price)"]]))
    let records = records()
    for start in stride(from: 0, to: records.count, by: 13) {
      try primary.saveRecords(records[start..<min(records.count, start + 13)].map(json))
    }
    let replica = try #require(primary.replica(named: "products_price"))
    // The reference counts an exact word anywhere in the name as exact (`word`); Algolia's default for a
    // query of one word, `attribute`, would count only a name that is the word alone.
    var settings = try IndexSettings(
      json: replica.settings.storedJSONObject.merging(["exactOnSingleWordQuery": "word"]) { $1 })
    settings.customRanking = [.init(path: "price", isAscending: true)]
    settings.relevancyStrictness = strictness
    try replica.setSettings(settings)
    return (primary, replica)
  }

  /// The reference: records as relevant as `strictness` asks, by price, then similarity, then order.
  static func expected(strictness: Int) -> [String] {
    let matching = records().enumerated().filter { $0.element.kind != nil }
    return matching.filter { ($0.element.kind?.similarity ?? 0) * 100 >= Double(strictness) }
      .sorted { lhs, rhs in
        if lhs.element.price != rhs.element.price { return lhs.element.price < rhs.element.price }
        let (left, right) = (lhs.element.kind?.similarity ?? 0, rhs.element.kind?.similarity ?? 0)
        if left != right { return left > right }
        return lhs.offset < rhs.offset
      }.map(\.element.id)
  }

  @Test("Hits, nbSortedHits and pages against the reference", arguments: [0, 25, 26, 50, 51, 100])
  func strictness(_ strictness: Int) throws {
    let (_, replica) = try Self.replica()
    let expected = Self.expected(strictness: strictness)
    let all = Self.records().filter { $0.kind != nil }.count
    var query = Query("laptop")
    query.relevancyStrictness = strictness
    query.hitsPerPage = 1000
    let response = try replica.search(query)
    #expect(response.hits.map(\.objectID) == expected)
    #expect(response.nbHits == all)
    #expect(response.nbSortedHits == expected.count)
    #expect(response.appliedRelevancyStrictness == strictness)
    query.hitsPerPage = 4
    query.page = 1
    let page = try replica.search(query)
    #expect(page.nbPages == (expected.count + 3) / 4)
    #expect(page.hits.map(\.objectID) == Array(expected.dropFirst(4).prefix(4)))
  }

  @Test("The strictness comes from the query, else the replica's settings, else 100")
  func strictnessSources() throws {
    let (_, replica) = try Self.replica(strictness: 50)
    #expect(try replica.search(Query("laptop")).appliedRelevancyStrictness == 50)
    #expect(try replica.search(Query("laptop")).nbSortedHits == Self.expected(strictness: 50).count)
    let (_, strict) = try Self.replica()
    #expect(try strict.search(Query("laptop")).appliedRelevancyStrictness == 100)
    var query = Query("laptop")
    query.relevancyStrictness = 101
    #expect(throws: EngineError.self) { try strict.search(query) }
  }

  @Test("Without query words every hit is sorted by the replica's ranking")
  func emptyQuery() throws {
    let (primary, replica) = try Self.replica()
    let response = try replica.search(Fixture.query { $0.hitsPerPage = 1000 })
    #expect(response.nbSortedHits == primary.recordCount)
    let prices = response.hits.compactMap { $0["price"]?.doubleValue }
    #expect(prices == prices.sorted())
    #expect(prices.count == primary.recordCount)
  }

  @Test("The primary and a standard replica report no sorted hits")
  func onlyVirtual() throws {
    let (primary, _) = try Self.replica()
    let response = try primary.search(Query("laptop"))
    #expect(response.nbSortedHits == nil && response.appliedRelevancyStrictness == nil)
  }

  @Test("queryID only with clickAnalytics, new for every search")
  func queryID() throws {
    let (primary, replica) = try Self.replica()
    #expect(try primary.search(Query("laptop")).queryID == nil)
    var query = Query("laptop")
    query.clickAnalytics = false
    #expect(try primary.search(query).queryID == nil)
    query.clickAnalytics = true
    query.userToken = "user-1"
    query.analyticsTags = ["ios"]
    let first = try #require(try primary.search(query).queryID)
    let second = try #require(try replica.search(query).queryID)
    #expect(QueryID.isWellFormed(first) && QueryID.isWellFormed(second))
    #expect(first != second)
    let decoded = try Query(urlEncodedParameters: query.urlEncodedParameters)
    #expect(decoded.userToken == "user-1" && decoded.analyticsTags == ["ios"] && decoded.clickAnalytics == true)
  }
}
