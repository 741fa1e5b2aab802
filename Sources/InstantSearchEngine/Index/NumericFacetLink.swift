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
  let numbers: [Double]

  /// The link of `numbers` and `facet`, or `nil` when some record breaks it: a number without a facet
  /// value or the reverse (a string `"12"` is a facet value, not a number), or a code leading to two
  /// facet values, or two codes to one (which counting by code would report twice).
  init?(numbers: CodedNumbers, facet: FacetColumn) {
    guard let single = facet.single, single.count == numbers.codes.count else { return nil }
    let unset = UInt32.max
    var facetIDs = [UInt32](repeating: unset, count: numbers.values.count)
    for doc in 0..<single.count {
      let code = numbers.codes.value(doc)
      let id = single.value(doc)
      guard let code, let id else {
        if code == nil, id == nil { continue }
        return nil
      }
      guard code < facetIDs.count else { return nil }
      if facetIDs[code] == unset {
        facetIDs[code] = UInt32(truncatingIfNeeded: id)
      } else if facetIDs[code] != UInt32(truncatingIfNeeded: id) {
        return nil
      }
    }
    var codes = [UInt32](repeating: unset, count: facet.keys.count)
    var values = [Double](repeating: .nan, count: facet.keys.count)
    for (code, id) in facetIDs.enumerated() where id != unset {
      guard Int(id) < codes.count, codes[Int(id)] == unset else { return nil }
      codes[Int(id)] = UInt32(code)
      values[Int(id)] = numbers.values[code]
    }
    self.facetIDs = facetIDs
    self.codes = codes
    self.numbers = values
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
