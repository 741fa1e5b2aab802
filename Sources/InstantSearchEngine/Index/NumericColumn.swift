/// The numeric values of one attribute, per record and sorted, for filters, ranking and statistics.
final class NumericColumn: Sendable {
  /// The attribute path.
  let path: String
  /// The values of each record: `docStarts[doc]..<docStarts[doc + 1]` in `docValues`; both empty when every
  /// record has at most one value (then ``single`` holds them).
  let docStarts: Column<UInt32>
  let docValues: Column<Double>
  /// Every (value, record) pair sorted by value then record: the records, and the values when
  /// ``single`` cannot give them.
  let sortedDocs: Column<UInt32>
  let sortedValues: Column<Double>
  /// When no record holds more than one value: the value of each record (NaN for none).
  let single: Column<Double>?
  /// The same in single precision, when every value is exactly a `Float` (counts, ratings, years).
  let singleFloat: Column<Float>?
  /// Bitsets of the records of consecutive runs of the sorted index (`bucketSize` entries each), so that a
  /// wide range is the union of whole buckets plus its two edges.
  let buckets: [Column<UInt64>]
  let bucketSize: Int

  /// A column of stored parts (an image's), as built.
  init(
    path: String, docStarts: Column<UInt32>, docValues: Column<Double>, sortedDocs: Column<UInt32>,
    sortedValues: Column<Double>, single: Column<Double>?, singleFloat: Column<Float>?, buckets: [Column<UInt64>],
    bucketSize: Int
  ) {
    self.path = path
    self.docStarts = docStarts
    self.docValues = docValues
    self.sortedDocs = sortedDocs
    self.sortedValues = sortedValues
    self.single = single
    self.singleFloat = singleFloat
    self.buckets = buckets
    self.bucketSize = bucketSize
  }

  init(path: String, docStarts: [UInt32], docValues: [Double], sortedValues: [Double], sortedDocs: [UInt32]) {
    self.path = path
    let recordCount = max(docStarts.count - 1, 0)
    let single = SingleValues.extract(docStarts: docStarts, docValues: docValues, none: Double.nan)
    if let values = single, values.allSatisfy({ $0.isNaN || Double(Float($0)) == $0 }) {
      self.single = nil
      self.singleFloat = Column(values.map { Float($0) })
    } else {
      self.single = single.map { Column($0) }
      self.singleFloat = nil
    }
    self.docStarts = Column(single == nil ? docStarts : [])
    self.docValues = Column(single == nil ? docValues : [])
    self.sortedDocs = Column(sortedDocs)
    self.sortedValues = Column(single == nil ? sortedValues : [])
    let size = max(4096, sortedDocs.count / 32)
    var buckets: [Column<UInt64>] = []
    if sortedDocs.count >= 4 * size {
      var start = 0
      while start + size <= sortedDocs.count {
        var words = [UInt64](repeating: 0, count: (recordCount + 63) / 64)
        for doc in sortedDocs[start..<start + size] { Bitset.insert(doc, in: &words) }
        buckets.append(Column(words))
        start += size
      }
    }
    self.buckets = buckets
    self.bucketSize = size
  }

  /// The records of the sorted-index positions `range`, as a bitset of `words` words.
  func bits(of range: Range<Int>, words count: Int) -> [UInt64] {
    var words = [UInt64](repeating: 0, count: count)
    words.withUnsafeMutableBufferPointer { words in
      sortedDocs.withUnsafeBufferPointer { sorted in
        var position = range.lowerBound
        while position < range.upperBound {
          let bucket = position / bucketSize
          if position % bucketSize == 0, bucket < buckets.count, position + bucketSize <= range.upperBound {
            buckets[bucket].withUnsafeBufferPointer { source in
              for index in 0..<count { words[index] |= source[index] }
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

  /// The value at a position of the sorted index.
  @inline(__always)
  func sortedValue(_ position: Int) -> Double {
    if let single { return single[Int(sortedDocs[position])] }
    if let singleFloat { return Double(singleFloat[Int(sortedDocs[position])]) }
    return sortedValues[position]
  }

  /// The first value of `doc`, if any (custom ranking uses it).
  @inline(__always)
  func firstValue(_ doc: Int) -> Double? {
    if let single {
      let value = single[doc]
      return value.isNaN ? nil : value
    }
    if let singleFloat {
      let value = singleFloat[doc]
      return value.isNaN ? nil : Double(value)
    }
    let start = Int(docStarts[doc])
    return start < Int(docStarts[doc + 1]) ? docValues[start] : nil
  }

  /// Whether one of `doc`'s values satisfies `test`.
  @inline(__always)
  func anyValue(_ doc: Int, _ test: (Double) -> Bool) -> Bool {
    if let single {
      let value = single[doc]
      return !value.isNaN && test(value)
    }
    if let singleFloat {
      let value = singleFloat[doc]
      return !value.isNaN && test(Double(value))
    }
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
    if let single {
      let value = single[doc]
      if !value.isNaN { body(value) }
      return
    }
    if let singleFloat {
      let value = singleFloat[doc]
      if !value.isNaN { body(Double(value)) }
      return
    }
    for index in Int(docStarts[doc])..<Int(docStarts[doc + 1]) { body(docValues[index]) }
  }

  /// The index of the first sorted entry `>= value` (or `> value` when `strict`).
  func lowerIndex(_ value: Double, strict: Bool) -> Int {
    var low = 0
    var high = sortedDocs.count
    while low < high {
      let middle = (low + high) / 2
      let entry = sortedValue(middle)
      if entry < value || (strict && entry == value) { low = middle + 1 } else { high = middle }
    }
    return low
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
