import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// The radix sort behind the numeric columns, the custom ranking and the object ID index gives the order
/// the comparison sorts it replaced gave: by key, ties in their first order.
@Suite("Radix sort of loading")
struct RadixSortTests {
  typealias Generator = DifferentialTests.Generator

  /// Random doubles with many ties, both zeros, negatives, tiny and huge magnitudes.
  static func value(_ random: inout Generator) -> Double {
    switch random.int(0..<6) {
    case 0: return random.pick([0.0, -0.0, 1.5, -1.5, Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude])
    case 1: return Double(random.int(-5..<6))
    case 2: return Double(random.int(-1_000_000..<1_000_000)) / 100
    case 3: return random.pick([1e300, -1e300, 1.7976931348623157e308, -1.7976931348623157e308])
    case 4: return Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF) * (random.bool() ? 1 : -1)
    default: return Double(random.int(0..<3))
    }
  }

  @Test("keys sort like their numbers; -0 and +0 share a key")
  func keyOrder() {
    var random = Generator(state: 3)
    for _ in 0..<20_000 {
      let left = Self.value(&random)
      let right = Self.value(&random)
      #expect((RadixSort.key(left) < RadixSort.key(right)) == (left < right), "\(left) vs \(right)")
      #expect((RadixSort.key(left) == RadixSort.key(right)) == (left == right), "\(left) vs \(right)")
    }
  }

  @Test("random keys, narrow and wide: the same order as a stable comparison sort")
  func sameAsComparisonSort() {
    var random = Generator(state: 5)
    for trial in 0..<60 {
      let count = random.int(0..<3_000)
      let keys: [UInt64] = (0..<count).map { _ in
        switch trial % 3 {
        case 0: return UInt64(random.int(0..<7))
        case 1: return random.next()
        default: return random.next() & 0xFF00_0000_00FF_0000
        }
      }
      // The items in a random first order (a record's pairs need not come sorted).
      var items = Array(0..<UInt32(count))
      for index in items.indices.reversed() where index > 0 { items.swapAt(index, random.int(0..<index + 1)) }
      let positions = Array(items.indices)
      let byKey: (Int, Int) -> Bool = { lhs, rhs in
        let left = keys[Int(items[lhs])]
        let right = keys[Int(items[rhs])]
        return left != right ? left < right : lhs < rhs
      }
      let expected = positions.sorted(by: byKey).map { items[$0] }
      RadixSort.sort(&items) { keys[Int($0)] }
      #expect(items == expected)
    }
  }

  @Test("a numeric column's sorted values and records: by value, then record, arrays included")
  func numericColumn() {
    var random = Generator(state: 7)
    var builder = NumericColumnBuilder(path: "price")
    var pairs: [(doc: UInt32, value: Double)] = []
    let recordCount = 2_000
    for doc in 0..<recordCount where random.int(0..<5) > 0 {
      for _ in 0..<random.int(1..<4) {
        let value = Self.value(&random)
        builder.add(doc: doc, value: value)
        pairs.append((UInt32(doc), value))
      }
    }
    let column = builder.build(recordCount: recordCount)
    let expected = pairs.sorted { $0.value != $1.value ? $0.value < $1.value : $0.doc < $1.doc }
    #expect(Array(column.sortedDocs) == expected.map(\.doc))
    #expect(Array(column.sortedValues).map(\.bitPattern) == expected.map(\.value.bitPattern))
  }

  @Test("the custom ranking on two criteria with missing values: the order of the comparison it replaced")
  func customRanking() throws {
    var random = Generator(state: 9)
    let count = 3_000
    let records: [[String: JSON]] = (0..<count).map { doc in
      var record: [String: JSON] = ["objectID": .string("r\(doc)")]
      if random.int(0..<4) > 0 { record["popularity"] = .number(Double(random.int(0..<20))) }
      if random.int(0..<3) > 0 { record["price"] = .number(Self.value(&random)) }
      return record
    }
    let settings = try IndexSettings(json: ["customRanking": ["desc(popularity)", "asc(price)"]])
    let index = LocalIndex(name: "ranked", settings: settings)
    try index.saveRecords(records)
    func value(_ doc: Int, _ key: String) -> Double? { records[doc][key]?.doubleValue.map { $0 == 0 ? 0 : $0 } }
    let expected = (0..<count).sorted { lhs, rhs in
      for (key, ascending) in [("popularity", false), ("price", true)] {
        switch (value(lhs, key), value(rhs, key)) {
        case (nil, nil): continue
        case (nil, _): return false
        case (_, nil): return true
        case (let left?, let right?):
          if left != right { return ascending ? left < right : left > right }
        }
      }
      return lhs < rhs
    }
    var query = Query()
    query.hitsPerPage = 1000
    let hits = try index.search(query).hits.map(\.objectID)
    #expect(hits == expected.prefix(1000).map { "r\($0)" })
  }
}
