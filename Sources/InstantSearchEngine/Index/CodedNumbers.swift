/// The numbers of an attribute no record holds more than one of, as codes: the distinct values sorted
/// once, and for each record the position of its value in that table, in the narrowest integer that holds
/// it (a rating of 1–5 takes one byte a record, a price of 77,000 distinct cents four instead of eight).
///
/// Codes keep the values' order, so a numeric filter is a range of codes — two integer comparisons a
/// record — and the records of a range of values are a slice of the column's sorted index, found through
/// ``starts`` without comparing a single number.
struct CodedNumbers: Sendable {
  /// The distinct values, ascending.
  let values: Column<Double>
  /// Each record's position in ``values`` (the integer type's maximum for a record without a value).
  let codes: NarrowIDs
  /// Where each value's records begin in the sorted index: `starts[code]..<starts[code + 1]`
  /// (`values.count + 1` entries).
  let starts: Column<UInt32>

  /// Coded numbers of stored parts (an image's).
  init(values: Column<Double>, codes: NarrowIDs, starts: Column<UInt32>) {
    self.values = values
    self.codes = codes
    self.starts = starts
  }

  /// The coded form of a single-valued column, from its sorted index: `sortedDocs` ordered by value then
  /// record, `value(position)` the number at each position.
  init(recordCount: Int, sortedDocs: Column<UInt32>, value: (Int) -> Double) {
    var values: [Double] = []
    var starts: [UInt32] = []
    var codes = [UInt32](repeating: UInt32.max, count: recordCount)
    for position in sortedDocs.indices {
      let number = value(position)
      if values.last != number {
        values.append(number)
        starts.append(UInt32(position))
      }
      codes[Int(sortedDocs[position])] = UInt32(values.count - 1)
    }
    starts.append(UInt32(sortedDocs.count))
    self.values = Column(values)
    self.codes = NarrowIDs(codes, valueCount: values.count)
    self.starts = Column(starts)
  }

  /// The number of records with a value (the sorted index's length).
  var pairCount: Int { Int(starts.last ?? 0) }

  /// The records sorted by value then record, put back from the codes (a counting sort: one pass over
  /// the records). Codes that disagree with ``starts`` (a damaged image) are left out rather than written
  /// out of bounds.
  func sortedDocs() -> Column<UInt32> {
    var sorted = [UInt32](repeating: 0, count: pairCount)
    var next = Array(starts.dropLast())
    for doc in 0..<codes.count {
      guard let code = codes.value(doc), code < next.count, Int(next[code]) < Int(starts[code + 1]) else { continue }
      sorted[Int(next[code])] = UInt32(doc)
      next[code] += 1
    }
    return Column(sorted)
  }

  /// The number of record `doc`, if it has one.
  @inline(__always)
  func value(_ doc: Int) -> Double? {
    codes.value(doc).map { values[$0] }
  }

  /// The codes of the values passing `test`: a range, since codes follow the values' order.
  func codes(passing test: NumericTest) -> Range<Int> {
    let start = values.firstPosition(from: test.lower, strict: test.lowerStrict)
    let end = values.firstPosition(from: test.upper, strict: !test.upperStrict)
    return start..<max(start, end)
  }

  /// The positions of the sorted index holding the values of `codes`.
  func positions(of codes: Range<Int>) -> Range<Int> {
    Int(starts[codes.lowerBound])..<Int(starts[codes.upperBound])
  }

  /// The bytes the codes and the table take.
  var byteCount: Int { codes.byteCount + values.byteCount + starts.byteCount }
}
