/// A facet column in a segment image; its arrays are read in place from the mapped image (the keys and
/// their lookups are built at open: one entry per distinct value).
enum FacetImage {
  static func write(_ column: FacetColumn, recordCount: Int, to image: inout ImageWriter) throws(DurableError) {
    try image.strings("facet.path", [column.path])
    try image.strings("facet.keys", column.keys)
    try image.integers("facet.hasNumber", column.numbers.map { UInt8($0 == nil ? 0 : 1) })
    try image.doubles("facet.numbers", column.numbers.map { $0 ?? 0 })
    try image.column("facet.docStarts", column.docStarts)
    try image.column("facet.docValues", column.docValues)
    try PostingImage.write(
      column.postings, starts: "facet.postingStarts", records: "facet.postings", packed: true, to: &image)
    try image.column("facet.counts", column.counts)
    try image.column("facet.keyRank", column.keyRank)
    switch column.single {
    case nil: try image.number("facet.single", 0)
    case .bytes(let ids)?:
      try image.number("facet.single", 1)
      try image.column("facet.singleIDs", ids)
    case .shorts(let ids)?:
      try image.number("facet.single", 2)
      try image.column("facet.singleIDs", ids)
    case .words(let ids)?:
      try image.number("facet.single", 3)
      try image.column("facet.singleIDs", ids)
    }
    let dense = column.denseBits.sorted { $0.key < $1.key }
    try image.integers("facet.denseValues", dense.map(\.key))
    try image.integers("facet.denseWords", dense.flatMap { Array($0.value) })
  }

  static func read(_ image: inout ImageReader, recordCount: Int, mapping: MappedFile) throws(DurableError)
    -> FacetColumn
  {
    let path = try image.strings("facet.path").first ?? ""
    let keys = try image.strings("facet.keys")
    let hasNumber: [UInt8] = try image.integers("facet.hasNumber")
    let numbers = try image.doubles("facet.numbers")
    let docStarts: Column<UInt32> = try image.column("facet.docStarts", in: mapping)
    let docValues: Column<UInt32> = try image.column("facet.docValues", in: mapping)
    let postings = try PostingImage.read(
      &image, starts: "facet.postingStarts", records: "facet.postings", mapping: mapping)
    let counts: Column<UInt32> = try image.column("facet.counts", in: mapping)
    let keyRank: Column<UInt32> = try image.column("facet.keyRank", in: mapping)
    let single: NarrowIDs?
    switch try image.number("facet.single") {
    case 0: single = nil
    case 1: single = .bytes(try image.column("facet.singleIDs", in: mapping))
    case 2: single = .shorts(try image.column("facet.singleIDs", in: mapping))
    default: single = .words(try image.column("facet.singleIDs", in: mapping))
    }
    let denseValues: [UInt32] = try image.integers("facet.denseValues")
    let denseWords: Column<UInt64> = try image.column("facet.denseWords", in: mapping)
    let wordsPerSet = (recordCount + 63) / 64
    guard hasNumber.count == keys.count, numbers.count == keys.count, counts.count == keys.count,
      keyRank.count == keys.count, postings.keyCount == keys.count, denseWords.count == denseValues.count * wordsPerSet,
      docStarts.isEmpty || (docStarts.count == recordCount + 1 && Int(docStarts.last ?? 0) == docValues.count)
    else { throw .corrupt(path: image.path, reason: "the facet column \(path) does not hold together") }
    var dense: [UInt32: Column<UInt64>] = [:]
    for (slot, value) in denseValues.enumerated() {
      dense[value] = denseWords.sub(slot * wordsPerSet..<(slot + 1) * wordsPerSet)
    }
    return FacetColumn(
      path: path, keys: keys, numbers: zip(hasNumber, numbers).map { $0 == 0 ? nil : $1 }, docStarts: docStarts,
      docValues: docValues, postings: postings, counts: counts, keyRank: keyRank,
      single: single, denseBits: dense)
  }
}

/// A numeric column in a segment image; its arrays are read in place from the mapped image.
enum NumericImage {
  static func write(_ column: NumericColumn, recordCount: Int, to image: inout ImageWriter) throws(DurableError) {
    try image.strings("numeric.path", [column.path])
    try image.column("numeric.docStarts", column.docStarts)
    try image.doubleColumn("numeric.docValues", column.docValues)
    try image.column("numeric.sortedDocs", column.sortedDocs)
    try image.doubleColumn("numeric.sortedValues", column.sortedValues)
    try image.number("numeric.hasSingle", column.single == nil ? 0 : 1)
    if let single = column.single { try image.doubleColumn("numeric.single", single) }
    try image.number("numeric.hasSingleFloat", column.singleFloat == nil ? 0 : 1)
    if let single = column.singleFloat { try image.floatColumn("numeric.singleFloat", single) }
    try image.number("numeric.bucketSize", UInt64(column.bucketSize))
    try image.number("numeric.buckets", UInt64(column.buckets.count))
    try image.integers("numeric.bucketWords", column.buckets.flatMap { Array($0) })
  }

  static func read(_ image: inout ImageReader, recordCount: Int, mapping: MappedFile) throws(DurableError)
    -> NumericColumn
  {
    let path = try image.strings("numeric.path").first ?? ""
    let docStarts: Column<UInt32> = try image.column("numeric.docStarts", in: mapping)
    let docValues = try image.doubleColumn("numeric.docValues", in: mapping)
    let sortedDocs: Column<UInt32> = try image.column("numeric.sortedDocs", in: mapping)
    let sortedValues = try image.doubleColumn("numeric.sortedValues", in: mapping)
    let single =
      try image.number("numeric.hasSingle") != 0 ? try image.doubleColumn("numeric.single", in: mapping) : nil
    let singleFloat =
      try image.number("numeric.hasSingleFloat") != 0
      ? try image.floatColumn("numeric.singleFloat", in: mapping) : nil
    let bucketSize = Int(try image.number("numeric.bucketSize"))
    let bucketCount = Int(try image.number("numeric.buckets"))
    let words: Column<UInt64> = try image.column("numeric.bucketWords", in: mapping)
    let wordsPerSet = (recordCount + 63) / 64
    guard words.count == bucketCount * wordsPerSet, bucketSize > 0,
      single.map({ $0.count == recordCount }) ?? true, singleFloat.map({ $0.count == recordCount }) ?? true,
      docStarts.isEmpty || (docStarts.count == recordCount + 1 && Int(docStarts.last ?? 0) == docValues.count),
      sortedValues.isEmpty || sortedValues.count == sortedDocs.count
    else { throw .corrupt(path: image.path, reason: "the numeric column \(path) does not hold together") }
    let buckets = (0..<bucketCount).map { words.sub($0 * wordsPerSet..<($0 + 1) * wordsPerSet) }
    return NumericColumn(
      path: path, docStarts: docStarts, docValues: docValues, sortedDocs: sortedDocs, sortedValues: sortedValues,
      single: single, singleFloat: singleFloat, buckets: buckets, bucketSize: bucketSize)
  }
}

/// The text index in a segment image; its postings and bitsets are read in place from the mapped image.
enum TextImage {
  static func write(_ text: TextIndex, packed: Bool, to image: inout ImageWriter) throws(DurableError) {
    try image.integers("text.terms", text.terms.arena)
    try image.integers("text.termStarts", text.terms.starts)
    try image.integers("text.termOfToken", text.termOfToken)
    try PostingImage.write(
      text.postings, starts: "text.postingStarts", records: "text.postings", packed: packed, to: &image)
    try image.column("text.denseTerms", text.denseTerms)
    try image.column("text.denseWords", text.denseWords)
    try image.number("text.wordsPerSet", UInt64(text.wordsPerSet))
    try image.integers("text.bestRanks", text.bestRanks.map { Int64($0) })
    try image.number("text.hasLeads", text.leads == nil ? 0 : 1)
    if let leads = text.leads {
      try PostingImage.write(
        leads.records, starts: "text.leadStarts", records: "text.leadDocs", packed: true, to: &image)
    }
  }

  static func read(_ image: inout ImageReader, mapping: MappedFile) throws(DurableError) -> TextIndex {
    let terms = SortedTerms(arena: try image.integers("text.terms"), starts: try image.integers("text.termStarts"))
    let termOfToken: [UInt32] = try image.integers("text.termOfToken")
    let postings = try PostingImage.read(
      &image, starts: "text.postingStarts", records: "text.postings", mapping: mapping)
    let denseTerms: Column<UInt32> = try image.column("text.denseTerms", in: mapping)
    let denseWords: Column<UInt64> = try image.column("text.denseWords", in: mapping)
    let wordsPerSet = Int(try image.number("text.wordsPerSet"))
    let bestRanks: [Int64] = try image.integers("text.bestRanks")
    var leads: LeadPostings?
    if try image.number("text.hasLeads") != 0 {
      leads = LeadPostings(
        records: try PostingImage.read(&image, starts: "text.leadStarts", records: "text.leadDocs", mapping: mapping))
    }
    let termCount = terms.count
    guard terms.starts.first == 0, Int(terms.starts.last ?? 1) == terms.arena.count,
      postings.keyCount == termCount,
      denseWords.count == denseTerms.count * wordsPerSet, bestRanks.count == termCount || bestRanks.isEmpty,
      termOfToken.allSatisfy({ $0 == TokenDictionary.noTerm || Int($0) < termCount }),
      leads.map({ $0.records.keyCount == termCount }) ?? true
    else { throw .corrupt(path: image.path, reason: "the text index does not hold together") }
    return TextIndex(
      terms: terms, termOfToken: termOfToken, postings: postings,
      denseTerms: denseTerms, denseWords: denseWords, wordsPerSet: wordsPerSet, bestRanks: bestRanks.map { Int($0) },
      leads: leads)
  }
}
