/// A facet column in a segment image; its arrays are read in place from the mapped image (the keys and
/// their lookups are built at open: one entry per distinct value).
enum FacetImage {
  /// Writes `column`; with `lists`, its postings and dense sets as ``ImagePostings`` made them.
  static func write(
    _ column: FacetColumn, recordCount: Int, lists: (postings: PostingLists, dense: PostingLists)? = nil,
    to image: inout ImageWriter
  ) throws(DurableError) {
    try image.strings("facet.path", [column.path])
    try image.strings("facet.keys", Array(column.keys))
    try image.integers("facet.hasNumber", column.numbers.map { UInt8($0 == nil ? 0 : 1) })
    try image.doubles("facet.numbers", column.numbers.map { $0 ?? 0 })
    try image.column("facet.docStarts", column.docStarts)
    try NarrowIDsImage.write(column.docValues, kind: "facet.docValueWidth", ids: "facet.docValues", to: &image)
    try PostingImage.write(
      lists?.postings ?? column.postings, starts: "facet.postingStarts", records: "facet.postings", packed: true,
      to: &image)
    try image.column("facet.counts", column.counts)
    try image.column("facet.keyRank", column.keyRank)
    try NarrowIDsImage.write(column.single, kind: "facet.single", ids: "facet.singleIDs", to: &image)
    try DenseSetsImage.write(column.dense, lists: lists?.dense, name: "facet.dense", to: &image)
  }

  static func read(_ image: inout ImageReader, recordCount: Int, mapping: MappedFile) throws(DurableError)
    -> FacetColumn
  {
    let path = try image.strings("facet.path").first ?? ""
    // Read in place: a key's string is made when a query lists it.
    let keyBytes: Column<UInt8> = try image.column("facet.keys.bytes", in: mapping)
    // Walked while verifying (not through the mapping), before anything reads a key.
    let keyEnds: Column<UInt32> = try image.column(
      "facet.keys.ends", in: mapping, structure: FacetKeys.endsStructure(byteCount: keyBytes.count),
      failure: "the keys of facet column \(path) end outside their bytes")
    let keys = FacetKeys.verifiedPacked(bytes: keyBytes, ends: keyEnds)
    let hasNumber: Column<UInt8> = try image.column("facet.hasNumber", in: mapping)
    let numberColumn = try image.doubleColumn("facet.numbers", in: mapping)
    guard let numbers = FacetNumbers.packed(flags: hasNumber, numbers: numberColumn) else {
      throw .corrupt(path: image.path, reason: "the facet column \(path) does not hold together")
    }
    let docStarts: Column<UInt32> = try image.column("facet.docStarts", in: mapping)
    let lastDocStart = try image.lastElement(as: UInt32.self)
    // In the narrowest width that holds every value id.
    let docValues: NarrowIDs =
      try NarrowIDsImage.read(&image, kind: "facet.docValueWidth", ids: "facet.docValues", mapping: mapping)
      ?? .words(Column())
    let postings = try PostingImage.read(
      &image, starts: "facet.postingStarts", records: "facet.postings", mapping: mapping)
    let counts: Column<UInt32> = try image.column("facet.counts", in: mapping)
    let keyRank: Column<UInt32> = try image.column("facet.keyRank", in: mapping)
    let single = try NarrowIDsImage.read(&image, kind: "facet.single", ids: "facet.singleIDs", mapping: mapping)
    let dense = try DenseSetsImage.read(&image, name: "facet.dense", keyCount: keys.count, mapping: mapping)
    guard numbers.count == keys.count, counts.count == keys.count,
      keyRank.count == keys.count, postings.keyCount == keys.count,
      docStarts.isEmpty || (docStarts.count == recordCount + 1 && Int(lastDocStart ?? 0) == docValues.count)
    else { throw .corrupt(path: image.path, reason: "the facet column \(path) does not hold together") }
    return FacetColumn(
      path: path, keys: keys, numbers: numbers, docStarts: docStarts,
      docValues: docValues, postings: postings, counts: counts, keyRank: keyRank,
      single: single, dense: dense)
  }
}

/// The text index in a segment image; its postings and bitsets are read in place from the mapped image.
enum TextImage {
  /// Writes `text`, its postings packed when `packed`; with `lists`, its lists as ``ImagePostings`` made
  /// them.
  static func write(
    _ text: TextIndex, packed: Bool, lists: ImagePostings.TextLists? = nil, to image: inout ImageWriter
  )
    throws(DurableError)
  {
    try image.integers("text.terms", text.terms.arena)
    try image.integers("text.termStarts", text.terms.starts)
    try image.integers("text.termOfToken", text.termOfToken)
    try PostingImage.write(
      lists?.postings ?? text.postings, starts: "text.postingStarts", records: "text.postings", packed: packed,
      to: &image)
    try DenseSetsImage.write(text.dense, lists: lists?.dense, name: "text.dense", to: &image)
    try image.integers("text.bestRanks", text.bestRanks.map { Int64($0) })
    // Format 3: the whole-value terms (a text index read from an older image does not know them and
    // writes every term as one, which is what it assumes).
    try image.integers(
      "text.wholeTerms", text.wholeTerms ?? [UInt64](repeating: .max, count: (text.terms.count + 63) / 64))
    try image.number("text.hasLeads", text.leads == nil ? 0 : 1)
    if let leads = text.leads {
      try PostingImage.write(
        lists?.leads ?? leads.records, starts: "text.leadStarts", records: "text.leadDocs", packed: true,
        to: &image)
    }
  }

  /// `text` with no records for any term: what reads of a text index that failed its checksums get (see
  /// ``VerifiedPart``). Only what opening read and verified itself is kept — the terms, the tokens' terms,
  /// the best ranks, the whole terms — so that a search reads nothing unverified and finds nothing.
  static func emptied(_ text: TextIndex) -> TextIndex {
    TextIndex(
      terms: text.terms, termOfToken: text.termOfToken,
      postings: PostingLists(starts: [UInt32](repeating: 0, count: text.terms.count + 1), records: []),
      bestRanks: text.bestRanks, wholeTerms: text.wholeTerms)
  }

  static func read(_ image: inout ImageReader, mapping: MappedFile) throws(DurableError) -> TextIndex {
    let terms = SortedTerms(arena: try image.integers("text.terms"), starts: try image.integers("text.termStarts"))
    let termOfToken: [UInt32] = try image.integers("text.termOfToken")
    let postings = try PostingImage.read(
      &image, starts: "text.postingStarts", records: "text.postings", mapping: mapping)
    let termCount = terms.count
    let dense = try DenseSetsImage.read(&image, name: "text.dense", keyCount: termCount, mapping: mapping)
    let bestRanks: [Int64] = try image.integers("text.bestRanks")
    let wholeTerms: [UInt64]? = image.version >= 3 ? try image.integers("text.wholeTerms") : nil
    var leads: LeadPostings?
    if try image.number("text.hasLeads") != 0 {
      leads = LeadPostings(
        records: try PostingImage.read(&image, starts: "text.leadStarts", records: "text.leadDocs", mapping: mapping))
    }
    guard terms.starts.first == 0, Int(terms.starts.last ?? 1) == terms.arena.count,
      postings.keyCount == termCount,
      bestRanks.count == termCount || bestRanks.isEmpty,
      wholeTerms.map({ $0.count == (termCount + 63) / 64 }) ?? true,
      termOfToken.allSatisfy({ $0 == TokenDictionary.noTerm || Int($0) < termCount }),
      leads.map({ $0.records.keyCount == termCount }) ?? true
    else { throw .corrupt(path: image.path, reason: "the text index does not hold together") }
    return TextIndex(
      terms: terms, termOfToken: termOfToken, postings: postings,
      dense: dense, bestRanks: bestRanks.map { Int($0) },
      leads: leads, wholeTerms: wholeTerms)
  }
}
