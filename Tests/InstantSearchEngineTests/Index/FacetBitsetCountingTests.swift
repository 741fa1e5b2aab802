import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// Facet values counted from a bitset of the matches (dense values by population count, sparse ones by
/// testing their records): the counts are those of the records themselves, for single- and multi-valued
/// attributes, dense and sparse values, records without a value, and any density of matches.
@Suite("Facet counting from a bitset of the matches")
struct FacetBitsetCountingTests {
  static let recordCount = 12_000
  static let tags = ["common", "frequent", "rare", "odd", "unique"]

  /// Records whose `size` M (half the sizes; some records have none) and `common`/`frequent` tags are dense (held
  /// by more than 4,096 records), and whose `brand` and other tags are sparse.
  static func records() -> [[String: JSON]] {
    var random = DifferentialTests.Generator(state: 41)
    return (0..<recordCount).map { number in
      var record: [String: JSON] = [
        "objectID": .string("r\(number)"), "name": .string(random.bool() ? "lamp" : "desk"),
        "brand": .string("brand \(random.int(0..<60))"), "price": .number(Double(random.int(0..<300))),
      ]
      if random.int(0..<20) > 0 { record["size"] = .string(["S", "M", "M", "L"][random.int(0..<4)]) }
      var tags: [JSON] = []
      if random.int(0..<3) > 0 { tags.append("common") }
      if random.bool() { tags.append("frequent") }
      if random.int(0..<40) == 0 { tags.append("rare") }
      if random.int(0..<9) == 0 { tags.append("odd") }
      if number == 77 { tags.append("unique") }
      record["tags"] = .array(tags)
      return record
    }
  }

  static let settings: [String: JSON] = [
    "searchableAttributes": ["name"], "attributesForFaceting": ["size", "tags", "brand", "price"],
  ]

  static func index(_ records: [[String: JSON]]) throws -> LocalIndex {
    try Fixture.index(records, settings: settings)
  }

  /// The values of `path` in `records[doc]` for each doc of `docs`, counted one by one.
  static func plainCounts(_ records: [[String: JSON]], _ docs: [UInt32], path: String) -> [String: Int] {
    var counts: [String: Int] = [:]
    for doc in docs {
      switch records[Int(doc)][path] {
      case .string(let value)?: counts[value, default: 0] += 1
      case .array(let values)?:
        for case .string(let value) in Set(values) { counts[value, default: 0] += 1 }
      default: break
      }
    }
    return counts
  }

  @Test("dense and sparse values, single- and multi-valued, at densities from 1 % to all records")
  func sameAsPlainCounts() throws {
    let records = Self.records()
    let snapshot = try Self.index(records).snapshot
    // The index keeps records in the order they were saved.
    #expect(snapshot.recordCount == Self.recordCount)
    var random = DifferentialTests.Generator(state: 7)
    for path in ["size", "tags", "brand"] {
      let column = try #require(snapshot.facets[path])
      if path != "brand" { #expect(!column.dense.isEmpty, "\(path) has dense values") }
      for percent in [1, 10, 50, 90, 100] {
        let docs = (0..<UInt32(Self.recordCount)).filter { _ in random.int(0..<100) < percent }
        let bits = Bitset(universe: Self.recordCount, docs)
        var counted: [String: Int] = [:]
        for pair in column.valueCounts(in: bits) { counted[column.keys[pair.value]] = pair.count }
        #expect(counted == Self.plainCounts(records, docs, path: path), "\(path) at \(percent) %")
        // Other segments' counts are added to the same values.
        let extra = try #require(column.valueCounts(in: bits).first)
        let added = column.valueCounts(in: bits, adding: [(extra.value, 5), (extra.value, 2)])
        #expect(added.first { $0.value == extra.value }?.count == extra.count + 7)
      }
    }
  }

  @Test("queries over many records, in memory and reopened: facet counts equal those of the matching records")
  func queriesCountTheMatches() throws {
    let records = Self.records()
    let folder = try ScratchFolder()
    for (index, filters) in try [
      Self.index(records), DurableDifferentialTests.reopened(records, folder: folder, settings: Self.settings),
    ].flatMap({ index in
      ["price < 150", "price >= 20", "tags:common", "NOT size:M", "price < 290 AND NOT tags:odd"].map { (index, $0) }
    }) {
      let query = Fixture.query("", filters: filters) {
        $0.facets = ["size", "tags", "brand"]
        $0.maxValuesPerFacet = 100
      }
      let response = try index.search(query)
      let docs = (0..<UInt32(Self.recordCount)).filter { Self.matches(records[Int($0)], filters) }
      #expect(response.nbHits == docs.count, "\(filters)")
      for path in ["size", "tags", "brand"] {
        #expect(response.facets[path] == Self.plainCounts(records, docs, path: path), "\(filters): \(path)")
      }
    }
  }

  /// Whether `record` passes one of the filters of ``queriesCountTheMatches()``.
  static func matches(_ record: [String: JSON], _ filters: String) -> Bool {
    let price = record["price"]?.doubleValue ?? 0
    let tags: [String] = record["tags"]?.arrayValue?.compactMap(\.stringValue) ?? []
    switch filters {
    case "price < 150": return price < 150
    case "price >= 20": return price >= 20
    case "tags:common": return tags.contains("common")
    case "NOT size:M": return record["size"]?.stringValue != "M"
    default: return price < 290 && !tags.contains("odd")
    }
  }
}
