import InstantSearchModel

/// The numeric values of one attribute, per record and sorted, for filters, ranking and statistics.
final class NumericColumn: Sendable {
  /// The attribute path.
  let path: String
  /// The values of each record: `docStarts[doc]..<docStarts[doc + 1]` in `docValues`; both empty when every
  /// record has at most one value (then ``coded`` holds them).
  let docStarts: Column<UInt32>
  let docValues: Column<Double>
  /// The records of every (value, record) pair sorted by value then record (see ``sortedDocs``): as built,
  /// or nil for a coded column read from an image, which does not store them.
  private let storedSortedDocs: Column<UInt32>?
  /// The sorted records put back from the codes, by the first range that needs them.
  private let rebuiltSortedDocs = Locked<Column<UInt32>?>(nil)
  /// The values of the sorted pairs, when ``coded`` cannot give them.
  let sortedValues: Column<Double>
  /// When no record holds more than one value: each record's value as a code into the sorted distinct
  /// values.
  let coded: CodedNumbers?
  /// Bitsets of the records of consecutive runs of the sorted index (`bucketSize` entries each), so that a
  /// wide range is the union of whole buckets plus its two edges: built with the column, or, for a column
  /// read from an image (which does not store them), by the first range that needs them.
  private let buckets: Locked<[Column<UInt64>]?>
  /// How many entries of the sorted index a bucket covers. Reckoned when read (a coded column's from the
  /// last of its value starts): an image's are mapped, and reading one when the column was made, at open,
  /// brought its pages in.
  var bucketSize: Int { Self.bucketSize(sortedCount: coded?.pairCount ?? storedSortedDocs?.count ?? 0) }
  /// The coded values' slices (see ``RangeCodes``): as an image stored them, or made by the first range
  /// checked record by record that reads them; `.some(nil)` when the codes are bytes already.
  private let rangeCodesMade: Locked<RangeCodes??>

  /// A column of stored parts (an image's); `buckets` nil builds them when first needed, and
  /// `sortedDocs` nil (for a coded column only) puts the sorted records back from the codes when first
  /// needed, and `rangeCodes` nil makes the slices when first needed.
  init(
    path: String, docStarts: Column<UInt32>, docValues: Column<Double>, sortedDocs: Column<UInt32>?,
    sortedValues: Column<Double>, coded: CodedNumbers?, buckets: [Column<UInt64>]?, rangeCodes: RangeCodes? = nil
  ) {
    self.rangeCodesMade = Locked(rangeCodes.map { .some($0) })
    self.path = path
    self.docStarts = docStarts
    self.docValues = docValues
    self.storedSortedDocs = coded == nil ? sortedDocs ?? Column() : sortedDocs
    self.sortedValues = sortedValues
    self.coded = coded
    self.buckets = Locked(buckets)
  }

  init(path: String, docStarts: [UInt32], docValues: [Double], sortedValues: [Double], sortedDocs: [UInt32]) {
    self.path = path
    self.rangeCodesMade = Locked(nil)
    let recordCount = max(docStarts.count - 1, 0)
    let singleValued = (0..<recordCount).allSatisfy { docStarts[$0 + 1] - docStarts[$0] <= 1 }
    let sorted = Column(sortedDocs)
    self.coded =
      singleValued ? CodedNumbers(recordCount: recordCount, sortedDocs: sorted) { sortedValues[$0] } : nil
    self.docStarts = Column(singleValued ? [] : docStarts)
    self.docValues = Column(singleValued ? [] : docValues)
    self.storedSortedDocs = sorted
    self.sortedValues = Column(singleValued ? [] : sortedValues)
    let size = Self.bucketSize(sortedCount: sortedDocs.count)
    self.buckets = Locked(Self.makeBuckets(sortedDocs: sorted, size: size, recordCount: recordCount))
  }

  /// The records of every (value, record) pair, sorted by value then record.
  var sortedDocs: Column<UInt32> {
    if let storedSortedDocs { return storedSortedDocs }
    return rebuiltSortedDocs.withLock { rebuilt in
      if let rebuilt { return rebuilt }
      let sorted = coded?.sortedDocs() ?? Column()
      rebuilt = sorted
      return sorted
    }
  }

  /// The bytes of the sorted records held (as built or stored, or put back since; 0 before).
  var sortedDocsBytes: Int {
    storedSortedDocs?.byteCount ?? rebuiltSortedDocs.withLock { $0?.byteCount ?? 0 }
  }

  /// The run of sorted entries each bucket covers.
  private static func bucketSize(sortedCount: Int) -> Int { max(4096, sortedCount / 32) }

  /// A bitset of `recordCount` records for each whole run of `size` sorted entries; none when fewer than
  /// four runs fit (a range is then cheap to set entry by entry).
  private static func makeBuckets(sortedDocs: Column<UInt32>, size: Int, recordCount: Int) -> [Column<UInt64>] {
    guard sortedDocs.count >= 4 * size else { return [] }
    var buckets: [Column<UInt64>] = []
    var start = 0
    while start + size <= sortedDocs.count {
      var words = [UInt64](repeating: 0, count: (recordCount + 63) / 64)
      for doc in sortedDocs[start..<start + size] { Bitset.insert(doc, in: &words) }
      buckets.append(Column(words))
      start += size
    }
    return buckets
  }

  /// The buckets, built now if this column was read without them.
  private func builtBuckets(words count: Int, sortedDocs: Column<UInt32>) -> [Column<UInt64>] {
    buckets.withLock { stored in
      if let stored { return stored }
      let built = Self.makeBuckets(sortedDocs: sortedDocs, size: bucketSize, recordCount: count * 64)
      stored = built
      return built
    }
  }

  /// The bytes of the buckets built so far.
  var bucketBytes: Int { buckets.withLock { $0?.reduce(0) { $0 + $1.byteCount } ?? 0 } }

  /// The slices of the coded values (see ``RangeCodes``), made now if no range has read them yet; `nil`
  /// for a column that is not coded or whose codes are bytes.
  var rangeCodes: RangeCodes? {
    guard let coded else { return nil }
    return rangeCodesMade.withLock { made in
      if let made { return made }
      let slices = RangeCodes(coded)
      made = .some(slices)
      return slices
    }
  }

  /// The bytes of the range codes made so far.
  var rangeCodeBytes: Int { rangeCodesMade.withLock { $0.flatMap { $0?.byteCount } ?? 0 } }

  /// The records of the sorted-index positions `range`, as a bitset of `words` words.
  func bits(of range: Range<Int>, words count: Int) -> [UInt64] {
    var words = [UInt64](repeating: 0, count: count)
    let sortedDocs = self.sortedDocs
    let bucketSize = self.bucketSize
    let buckets = range.count >= bucketSize ? builtBuckets(words: count, sortedDocs: sortedDocs) : []
    words.withUnsafeMutableBufferPointer { words in
      sortedDocs.withUnsafeBufferPointer { sorted in
        var position = range.lowerBound
        while position < range.upperBound {
          let bucket = position / bucketSize
          if position % bucketSize == 0, bucket < buckets.count, position + bucketSize <= range.upperBound {
            buckets[bucket].withUnsafeBufferPointer { source in
              for index in 0..<min(count, source.count) { words[index] |= source[index] }
            }
            position += bucketSize
          } else {
            let doc = sorted[position]
            Bitset.insert(doc, in: &words)
            position += 1
          }
        }
      }
    }
    return words
  }

  /// The first value of `doc`, if any (custom ranking uses it).
  @inline(__always)
  func firstValue(_ doc: Int) -> Double? {
    if let coded { return coded.value(doc) }
    let start = Int(docStarts[doc])
    return start < Int(docStarts[doc + 1]) ? docValues[start] : nil
  }

  /// Whether one of `doc`'s values satisfies `test`.
  @inline(__always)
  func anyValue(_ doc: Int, _ test: (Double) -> Bool) -> Bool {
    if let coded { return coded.value(doc).map(test) ?? false }
    var index = Int(docStarts[doc])
    let end = Int(docStarts[doc + 1])
    while index < end {
      if test(docValues[index]) { return true }
      index += 1
    }
    return false
  }

  /// Calls `body` with each value of record `doc`.
  @inline(__always)
  func forEachValue(_ doc: Int, _ body: (Double) -> Void) {
    if let coded {
      if let value = coded.value(doc) { body(value) }
      return
    }
    for index in Int(docStarts[doc])..<Int(docStarts[doc + 1]) { body(docValues[index]) }
  }

  /// The positions of the sorted index whose values pass `test`.
  func sortedRange(passing test: NumericTest) -> Range<Int> {
    if let coded { return coded.positions(of: coded.codes(passing: test)) }
    let start = sortedValues.firstPosition(from: test.lower, strict: test.lowerStrict)
    let end = sortedValues.firstPosition(from: test.upper, strict: !test.upperStrict)
    return start..<max(start, end)
  }

}

/// Builds a ``NumericColumn`` while records are ingested in order.
struct NumericColumnBuilder {
  let path: String
  private var pairDocs: [UInt32] = []
  private var pairValues: [Double] = []

  init(path: String) {
    self.path = path
  }

  /// Makes room for `scale` times the values added so far.
  mutating func reserve(scale: Double) {
    let capacity = Int(Double(pairDocs.count) * scale)
    pairDocs.reserveCapacity(capacity)
    pairValues.reserveCapacity(capacity)
  }

  mutating func add(doc: Int, value: Double) {
    pairDocs.append(UInt32(doc))
    pairValues.append(value)
  }

  func build(recordCount: Int) -> NumericColumn {
    var docStarts = [UInt32](repeating: 0, count: recordCount + 1)
    var pair = 0
    for doc in 0..<recordCount {
      docStarts[doc] = UInt32(pair)
      while pair < pairDocs.count, pairDocs[pair] == UInt32(doc) { pair += 1 }
    }
    docStarts[recordCount] = UInt32(pair)
    // By value, then record: the pairs are in record order and the sort is stable.
    var order = Array(0..<UInt32(pairValues.count))
    pairValues.withUnsafeBufferPointer { values in RadixSort.sort(&order) { RadixSort.key(values[Int($0)]) } }
    return NumericColumn(
      path: path, docStarts: docStarts, docValues: pairValues, sortedValues: order.map { pairValues[Int($0)] },
      sortedDocs: order.map { pairDocs[Int($0)] })
  }
}
