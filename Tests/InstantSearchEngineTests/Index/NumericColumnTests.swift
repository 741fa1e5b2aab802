import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// Numeric columns: single-valued ones are coded (sorted distinct values, a narrow code a record), and a
/// column read from an image builds its range buckets the first time a wide range needs them. Filters must
/// answer as a plain comparison of every record's numbers does, in memory and reopened.
@Suite("Numeric columns: coded values and range buckets")
struct NumericColumnTests {
  typealias Generator = DifferentialTests.Generator

  static func column(_ values: [[Double]]) -> NumericColumn {
    var builder = NumericColumnBuilder(path: "n")
    for (doc, numbers) in values.enumerated() { for number in numbers { builder.add(doc: doc, value: number) } }
    return builder.build(recordCount: values.count)
  }

  /// The records of `column` passing `test`, through its sorted index.
  static func sortedMatches(_ column: NumericColumn, _ test: NumericTest) -> Set<UInt32> {
    Set(column.sortedDocs[column.sortedRange(passing: test)])
  }

  static let tests: [Filter.Numeric.ValueType] = [
    .comparison(.lessThan, 0), .comparison(.lessThanOrEqual, 0), .comparison(.equals, 0),
    .comparison(.greaterThan, 2.5), .comparison(.greaterThanOrEqual, 299), .comparison(.equals, 17),
    .comparison(.lessThan, -1_000), .comparison(.greaterThan, 1e9), .range(-3...12.5), .range(40...40),
  ]

  @Test("Codes keep the values' order; each filter's codes and sorted slice hold exactly the passing records")
  func codedFilters() throws {
    var random = Generator(state: 7)
    // Over 255 distinct values (two-byte codes), negatives, fractions, zero and negative zero, records
    // without a value.
    let values: [[Double]] = (0..<3_000).map { _ in
      switch random.int(0..<10) {
      case 0: []
      case 1: [random.bool() ? 0.0 : -0.0]
      default: [Double(random.int(-400..<400)) / (random.bool() ? 1 : 4)]
      }
    }
    let column = Self.column(values)
    let coded = try #require(column.coded)
    guard case .shorts = coded.codes else {
      Issue.record("\(coded.values.count) distinct values should take two-byte codes")
      return
    }
    #expect(zip(coded.values, coded.values.dropFirst()).allSatisfy { $0 < $1 })
    for (doc, numbers) in values.enumerated() { #expect(column.firstValue(doc) == numbers.first, "\(doc)") }
    for value in Self.tests {
      let test = NumericTest(value)
      let expected = Set(values.indices.filter { values[$0].contains(where: test.passes) }.map { UInt32($0) })
      let codes = coded.codes(passing: test)
      let byCode = Set(values.indices.filter { coded.codes.value($0).map(codes.contains) ?? false }.map { UInt32($0) })
      #expect(byCode == expected, "\(value)")
      #expect(Self.sortedMatches(column, test) == expected, "\(value)")
    }
  }

  @Test("A column where some record holds several numbers stays uncoded and answers the same")
  func multiValued() {
    let values: [[Double]] = [[1, 5], [], [3], [5, 5, 9], [-2]]
    let column = Self.column(values)
    #expect(column.coded == nil)
    for value in Self.tests {
      let test = NumericTest(value)
      let expected = Set(values.indices.filter { values[$0].contains(where: test.passes) }.map { UInt32($0) })
      #expect(Self.sortedMatches(column, test) == expected, "\(value)")
    }
  }

  @Test("Reopened, coded columns answer filters as in memory")
  func reopenedFilters() throws {
    var random = Generator(state: 11)
    // Ratings of few distinct values (one-byte codes) and prices of many (two-byte codes).
    let records: [[String: JSON]] = (0..<20_000).map { number in
      var record: [String: JSON] = ["objectID": .string("r\(number)"), "name": "item"]
      if random.int(0..<8) > 0 { record["rating"] = .number(Double(random.int(0..<6))) }
      record["price"] = .number(Double(random.int(0..<90_000)) / 100)
      return record
    }
    let settings: [String: JSON] = ["searchableAttributes": ["name"], "attributesForFaceting": ["rating"]]
    let memory = LocalIndex(name: "products", settings: try IndexSettings(json: settings))
    try memory.saveRecords(records)
    let folder = try ScratchFolder()
    let path = folder.file("numbers")
    try RecordElisionTests.write(records, settings: settings, to: path)
    let reopened = try DurableIndex(directory: path, name: "products").index
    let columns = reopened.view.segments.compactMap { $0.snapshot.numerics["price"] }
    #expect(!columns.isEmpty && columns.allSatisfy { $0.sortedDocsBytes == 0 && $0.coded != nil })
    for filters in [
      "price > 12.5", "price <= 700", "price:10 TO 880", "rating >= 1", "NOT rating = 3 AND price < 450",
      "NOT price < 450",
    ] {
      let query = Fixture.query("") {
        $0.filters = filters
        $0.hitsPerPage = 5
        $0.facets = ["rating"]
      }
      try Fixture.expectSameAnswer(query, from: reopened, as: memory, "\(filters)")
    }
  }

  @Test("A column read without its sorted records nor range buckets puts them back for the first range")
  func lazySortedRecords() throws {
    var random = Generator(state: 5)
    let values: [[Double]] = (0..<40_000).map { _ in random.int(0..<9) == 0 ? [] : [Double(random.int(0..<5_000))] }
    let built = Self.column(values)
    let read = NumericColumn(
      path: "n", docStarts: built.docStarts, docValues: built.docValues, sortedDocs: nil,
      sortedValues: built.sortedValues, coded: built.coded, buckets: nil)
    #expect(built.bucketBytes > 0 && read.bucketBytes == 0 && read.sortedDocsBytes == 0)
    #expect(read.bucketSize == built.bucketSize)
    let words = (values.count + 63) / 64
    let narrow = read.sortedRange(passing: NumericTest(.range(10...20)))
    #expect(read.sortedDocsBytes == 0)
    #expect(read.bits(of: narrow, words: words) == built.bits(of: narrow, words: words))
    #expect(Array(read.sortedDocs) == Array(built.sortedDocs))
    #expect(read.sortedDocsBytes == built.sortedDocsBytes && read.bucketBytes == 0)
    let wide = read.sortedRange(passing: NumericTest(.range(100...4_000)))
    #expect(wide.count > 4 * read.bucketSize)
    let bits = read.bits(of: wide, words: words)
    #expect(read.bucketBytes == built.bucketBytes)
    var plain = [UInt64](repeating: 0, count: words)
    for doc in built.sortedDocs[wide] { Bitset.insert(doc, in: &plain) }
    #expect(bits == plain && bits == built.bits(of: wide, words: words))
  }
}
