/// A numeric column in a segment image; its arrays are read in place from the mapped image. A
/// single-valued column is stored coded (see ``CodedNumbers``), without its range buckets, which the
/// first wide range builds, and without its sorted records, which the first range puts back from the
/// codes. Since format 4 a coded column with codes wider than a byte also stores its records' slices
/// (``RangeCodes``: a byte a record), which the first range of a format-3 image makes from the codes.
enum NumericImage {
  static func write(_ column: NumericColumn, recordCount: Int, to image: inout ImageWriter) throws(DurableError) {
    try image.strings("numeric.path", [column.path])
    try image.column("numeric.docStarts", column.docStarts)
    try image.doubleColumn("numeric.docValues", column.docValues)
    // A coded column's sorted records are put back from its codes when first needed.
    try image.column("numeric.sortedDocs", column.coded == nil ? column.sortedDocs : Column())
    try image.doubleColumn("numeric.sortedValues", column.sortedValues)
    try NarrowIDsImage.write(column.coded?.codes, kind: "numeric.coded", ids: "numeric.codes", to: &image)
    if let coded = column.coded {
      try image.doubleColumn("numeric.values", coded.values)
      try image.column("numeric.valueStarts", coded.starts)
      try image.column("numeric.slices", column.rangeCodes?.slices ?? Column())
    }
  }

  static func read(_ image: inout ImageReader, recordCount: Int, mapping: MappedFile) throws(DurableError)
    -> NumericColumn
  {
    let path = try image.strings("numeric.path").first ?? ""
    let docStarts: Column<UInt32> = try image.column("numeric.docStarts", in: mapping)
    let lastDocStart = try image.lastElement(as: UInt32.self)
    let docValues = try image.doubleColumn("numeric.docValues", in: mapping)
    let sortedDocs: Column<UInt32> = try image.column("numeric.sortedDocs", in: mapping)
    let sortedValues = try image.doubleColumn("numeric.sortedValues", in: mapping)
    let corrupt = DurableError.corrupt(path: image.path, reason: "the numeric column \(path) does not hold together")
    guard docStarts.isEmpty || (docStarts.count == recordCount + 1 && Int(lastDocStart ?? 0) == docValues.count),
      sortedValues.isEmpty || sortedValues.count == sortedDocs.count
    else { throw corrupt }
    let coded: CodedNumbers?
    var rangeCodes: RangeCodes?
    if let codes = try NarrowIDsImage.read(&image, kind: "numeric.coded", ids: "numeric.codes", mapping: mapping) {
      let values = try image.doubleColumn("numeric.values", in: mapping)
      // Walked while verifying (not through the mapping), before anything reads a start.
      let starts: Column<UInt32> = try image.column(
        "numeric.valueStarts", in: mapping, structure: .risingWithin(first: 0, atMost: UInt32(clamping: recordCount)),
        failure: "the numeric column \(path) does not hold together")
      guard codes.count == recordCount, starts.count == values.count + 1 else { throw corrupt }
      let numbers = CodedNumbers(values: values, codes: codes, starts: starts)
      if image.version >= 4 {
        let slices: Column<UInt8> = try image.column("numeric.slices", in: mapping)
        // A byte a record for codes wider than a byte, none for byte codes: anything else is damage.
        rangeCodes = RangeCodes(numbers, stored: slices)
        if case .bytes = codes {
          guard slices.isEmpty else { throw corrupt }
        } else {
          guard rangeCodes != nil else { throw corrupt }
        }
      }
      coded = numbers
    } else {
      coded = nil
    }
    guard coded != nil || sortedValues.count == sortedDocs.count else { throw corrupt }
    let rebuildsSorted = coded != nil
    guard !rebuildsSorted || sortedDocs.isEmpty else { throw corrupt }
    return NumericColumn(
      path: path, docStarts: docStarts, docValues: docValues, sortedDocs: rebuildsSorted ? nil : sortedDocs,
      sortedValues: sortedValues, coded: coded, buckets: nil, rangeCodes: rangeCodes)
  }
}

/// Per-record value ids (``NarrowIDs``) in a segment image: their width as a number (0 for none), then
/// the ids.
enum NarrowIDsImage {
  static func write(_ ids: NarrowIDs?, kind: String, ids name: String, to image: inout ImageWriter)
    throws(DurableError)
  {
    switch ids {
    case nil: try image.number(kind, 0)
    case .bytes(let ids)?:
      try image.number(kind, 1)
      try image.column(name, ids)
    case .shorts(let ids)?:
      try image.number(kind, 2)
      try image.column(name, ids)
    case .words(let ids)?:
      try image.number(kind, 3)
      try image.column(name, ids)
    }
  }

  static func read(_ image: inout ImageReader, kind: String, ids name: String, mapping: MappedFile)
    throws(DurableError) -> NarrowIDs?
  {
    switch try image.number(kind) {
    case 0: nil
    case 1: .bytes(try image.column(name, in: mapping))
    case 2: .shorts(try image.column(name, in: mapping))
    default: .words(try image.column(name, in: mapping))
    }
  }
}
