import InstantSearchModel

/// The facet value of each code of an attribute that is both a single-valued facet and a coded numeric
/// column (a price): when every record's facet value is the one its number's code leads to, counting the
/// codes counts the facet, and the same counts give the statistics.
///
/// A query asking for a price facet with `facets_stats` then reads one per-record array (the codes, which
/// a price filter has usually just read) instead of two — the facet ids, then the codes again.
struct NumericFacetLink: Sendable {
  /// The facet value id of each code.
  let facetIDs: [UInt32]
  /// The code of each facet value id (`UInt32.max` for a value no record of this snapshot holds).
  let codes: [UInt32]
  /// The number of each facet value id (NaN for a value no record of this snapshot holds): read in facet id
  /// order, as counts by facet id come, where reading them through ``codes`` jumps around the numbers.
  ///
  /// Made on first use: from a segment image, making it at open brought the column's values into memory
  /// (600 KB for a price at a million records) for queries that may never ask for its statistics. Read it
  /// once per query, not per value (each read takes a lock).
  var numbers: [Double] {
    numbersMemo.value {
      var numbers = [Double](repeating: .nan, count: codes.count)
      for (id, code) in codes.enumerated() where code != UInt32.max { numbers[id] = values[Int(code)] }
      return numbers
    }
  }
  /// ``numbers`` once made, else `nil`: what the storage statistics count.
  var numbersIfMade: [Double]? { numbersMemo.ifMade }
  /// The coded column's distinct values, by code.
  private let values: Column<Double>
  private let numbersMemo = MadeOnFirstUse<[Double]>()

  /// The link of `numbers` and `facet`, or `nil` when some record breaks it: a number without a facet
  /// value or the reverse (a string `"12"` is a facet value, not a number), or a code leading to two
  /// facet values, or two codes to one (which counting by code would report twice).
  init?(numbers: CodedNumbers, facet: FacetColumn) {
    guard let single = facet.single, single.count == numbers.codes.count,
      let facetIDs = Self.facetIDs(codes: numbers.codes, ids: single, valueCount: numbers.values.count)
    else { return nil }
    self.init(facetIDs: facetIDs, numbers: numbers, facet: facet)
  }

  /// The link whose facet value id of each code is `facetIDs`, as a segment image stores it (see
  /// ``NumericLinkImage``), or `nil` when it cannot be one: not one id (or `UInt32.max`) per code of
  /// `numbers`, an id that is not one of `facet`'s values, two codes leading to one value, or a facet
  /// that is not single-valued over the same records.
  init?(facetIDs: [UInt32], numbers: CodedNumbers, facet: FacetColumn) {
    guard let single = facet.single, single.count == numbers.codes.count, facetIDs.count == numbers.values.count
    else { return nil }
    let unset = UInt32.max
    var codes = [UInt32](repeating: unset, count: facet.keys.count)
    for (code, id) in facetIDs.enumerated() where id != unset {
      guard Int(id) < codes.count, codes[Int(id)] == unset else { return nil }
      codes[Int(id)] = UInt32(code)
    }
    self.facetIDs = facetIDs
    self.codes = codes
    values = numbers.values
  }
}

extension NumericFacetLink {
  /// The facet value id of each of `valueCount` codes (`UInt32.max` for a code no record holds), from
  /// each record's code and facet value id; `nil` when a record has one and not the other, or a code
  /// leads to two facet values.
  ///
  /// One pass over both columns with their widths chosen once: read a record at a time through
  /// ``NarrowIDs/value(_:)``, the pass took a few milliseconds at 1M records, which the first query after
  /// opening an index waited for (or did itself).
  static func facetIDs(codes: NarrowIDs, ids: NarrowIDs, valueCount: Int) -> [UInt32]? {
    switch codes {
    case .bytes(let codes): codes.withUnsafeBufferPointer { facetIDs(codes: $0, ids: ids, valueCount: valueCount) }
    case .shorts(let codes): codes.withUnsafeBufferPointer { facetIDs(codes: $0, ids: ids, valueCount: valueCount) }
    case .words(let codes): codes.withUnsafeBufferPointer { facetIDs(codes: $0, ids: ids, valueCount: valueCount) }
    }
  }

  private static func facetIDs<Code: FixedWidthInteger>(
    codes: UnsafeBufferPointer<Code>, ids: NarrowIDs, valueCount: Int
  ) -> [UInt32]? {
    switch ids {
    case .bytes(let ids): ids.withUnsafeBufferPointer { link(codes, $0, valueCount) }
    case .shorts(let ids): ids.withUnsafeBufferPointer { link(codes, $0, valueCount) }
    case .words(let ids): ids.withUnsafeBufferPointer { link(codes, $0, valueCount) }
    }
  }

  private static func link<Code: FixedWidthInteger, ID: FixedWidthInteger>(
    _ codes: UnsafeBufferPointer<Code>, _ ids: UnsafeBufferPointer<ID>, _ valueCount: Int
  ) -> [UInt32]? {
    let unset = UInt32.max
    var facetIDs = [UInt32](repeating: unset, count: valueCount)
    let holds = facetIDs.withUnsafeMutableBufferPointer { facetIDs in
      for doc in 0..<min(codes.count, ids.count) {
        let code = codes[doc]
        let id = ids[doc]
        // The type's maximum: no value.
        let noCode = code == Code.max
        let noID = id == ID.max
        guard !noCode, !noID else {
          if noCode, noID { continue }
          return false
        }
        let slot = Int(code)
        guard slot < facetIDs.count else { return false }
        let linked = UInt32(truncatingIfNeeded: id)
        let known = facetIDs[slot]
        if known == unset {
          facetIDs[slot] = linked
        } else if known != linked {
          return false
        }
      }
      return true
    }
    return holds ? facetIDs : nil
  }
}

extension IndexSnapshot {
  /// The ``NumericFacetLink`` of the attribute at `path`, made on first use (one pass over the records)
  /// and remembered; `nil` when the attribute is not both kinds of column or a record breaks the link.
  func numericFacetLink(_ path: String) -> NumericFacetLink? {
    if let known = numericFacetMemo.withLock({ $0[path] }) { return known }
    var link: NumericFacetLink?
    if let numbers = numerics[path]?.coded, let facet = facets[path] {
      link = NumericFacetLink(numbers: numbers, facet: facet)
    }
    numericFacetMemo.withLock { $0[path] = .some(link) }
    return link
  }

  /// Makes the ``NumericFacetLink`` of every attribute that is both a facet and a coded numeric column,
  /// as queries would on first use.
  func prepareNumericFacetLinks() {
    for path in facets.keys.sorted() where numerics[path]?.coded != nil { _ = numericFacetLink(path) }
  }
}
