import Testing

@testable import InstantSearchEngine

/// A deferred numeric range checked through the records' one-byte slices (``RangeCodes``) must keep
/// exactly the records a comparison of their codes keeps, count them, and list them as they are checked: both paths
/// are run on random codes, ranges and candidate sets and compared with a plain loop.
@Suite("Filters: deferred ranges checked through range codes")
struct RangeCodesTests {
  typealias Generator = DifferentialTests.Generator

  /// The candidates of `words` whose id lies in `range` (a missing value, the type's maximum, never does).
  static func expected(_ words: [UInt64], ids: [UInt32], range: Range<Int>) -> [UInt32] {
    (0..<UInt32(ids.count)).filter { doc in
      Bitset.contains(doc, in: words) && ids[Int(doc)] != .max && range.contains(Int(ids[Int(doc)]))
    }
  }

  /// Runs `keep` on a copy of `words` with and without slices, listing and not, and checks each against
  /// `expected`.
  static func check<T: FixedWidthInteger>(
    _ words: [UInt64], codes: Column<T>, slices: RangeCodes, range: Range<Int>, expected: [UInt32],
    _ note: Comment
  ) {
    let expectedBits = Bitset(universe: codes.count, expected).words
    for sliced in [nil, slices] {
      var listedWords = words
      let listed = FilterPlan.keep(&listedWords, codes: codes, in: range, slices: sliced, listing: true)
      #expect(listed.docs == expected && listed.count == expected.count, note)
      #expect(listedWords == expectedBits, note)
      var plainWords = words
      let counted = FilterPlan.keep(&plainWords, codes: codes, in: range, slices: sliced, listing: false)
      #expect(counted.docs == nil && counted.count == expected.count, note)
      #expect(plainWords == expectedBits, note)
    }
  }

  @Test("two- and four-byte codes: the same records kept and listed as by comparing codes", arguments: [0, 1])
  func sameAsCodes(wide: Int) throws {
    var random = Generator(state: 0x5_11CE + UInt64(wide))
    // Four-byte codes need more than 65,535 values; two-byte ones more than 254.
    let valueCount = wide == 1 ? 70_000 + random.int(0..<5_000) : 255 + random.int(0..<20_000)
    let recordCount = 3_000 + random.int(0..<3_000)
    // Some values held by many records (a slice of one value), most by few or none.
    let heavy = (0..<4).map { _ in UInt32(random.int(0..<valueCount)) }
    let ids = (0..<recordCount).map { _ in
      switch random.int(0..<12) {
      case 0: UInt32.max
      case 1: heavy[random.int(0..<heavy.count)]
      default: UInt32(random.int(0..<valueCount))
      }
    }
    var starts = [UInt32](repeating: 0, count: valueCount + 1)
    for id in ids where id != .max { starts[Int(id) + 1] += 1 }
    for code in 0..<valueCount { starts[code + 1] += starts[code] }
    let narrow = NarrowIDs(ids, valueCount: valueCount)
    let coded = CodedNumbers(
      values: Column((0..<valueCount).map(Double.init)), codes: narrow, starts: Column(starts))
    let slices = try #require(RangeCodes(coded))
    #expect(slices.slices.count == recordCount)
    #expect(slices.slices.allSatisfy { $0 < RangeCodes.sliceCount || $0 == RangeCodes.none })
    // The slices follow the codes' order.
    let byCode = (0..<recordCount).filter { ids[$0] != .max }.sorted { ids[$0] < ids[$1] }
    #expect(byCode.map { slices.slices[$0] } == byCode.map { slices.slices[$0] }.sorted())
    for round in 0..<120 {
      // Ranges anywhere: empty, inside one slice, across two, wide, everything, at either end.
      let start = random.int(0..<valueCount + 1)
      let length: Int
      switch round % 4 {
      case 0: length = random.int(0..<valueCount / 300 + 2)
      case 1: length = random.int(0..<valueCount / 60 + 2)
      default: length = random.int(0..<valueCount + 1)
      }
      let range = start..<min(valueCount, start + length)
      let density = random.int(1..<65)
      let candidates = (0..<UInt32(recordCount)).filter { _ in random.int(0..<64) < density }
      let words = Bitset(universe: recordCount, candidates).words
      let expected = Self.expected(words, ids: ids, range: range)
      let note: Comment = "round \(round): \(range), density \(density)/64"
      switch narrow {
      case .shorts(let codes):
        #expect(wide == 0)
        Self.check(words, codes: codes, slices: slices, range: range, expected: expected, note)
      case .words(let codes):
        #expect(wide == 1)
        Self.check(words, codes: codes, slices: slices, range: range, expected: expected, note)
      case .bytes: Issue.record("more than 254 values take more than a byte")
      }
    }
  }

  @Test("byte codes have no slices; a column's range codes are made once and counted in its storage")
  func madeOnce() throws {
    let bytes = CodedNumbers(
      values: Column([1, 2, 3]), codes: NarrowIDs([0, 1, 2, .max], valueCount: 3), starts: Column([0, 1, 2, 3]))
    #expect(RangeCodes(bytes) == nil)
    let column = NumericColumn(
      path: "price", docStarts: (0...300).map(UInt32.init), docValues: (0..<300).map(Double.init),
      sortedValues: (0..<300).map(Double.init), sortedDocs: (0..<300).map(UInt32.init))
    #expect(column.rangeCodeBytes == 0, "none before a range reads them")
    let made = try #require(column.rangeCodes)
    // A slice a record of 300, each its own value: record r in slice r × 254 / 300; the codes' table too.
    #expect(made.slices.count == 300 && column.rangeCodeBytes == 600)
    #expect(made.slices.elementsEqual((0..<300).map { UInt8($0 * RangeCodes.sliceCount / 300) }))
  }
}
