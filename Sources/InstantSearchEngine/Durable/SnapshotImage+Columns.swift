/// A facet column in a segment image.
enum FacetImage {
  static func write(_ column: FacetColumn, recordCount: Int, to image: inout ImageWriter) throws(DurableError) {
    try image.strings("facet.path", [column.path])
    try image.strings("facet.keys", column.keys)
    try image.integers("facet.hasNumber", column.numbers.map { UInt8($0 == nil ? 0 : 1) })
    try image.doubles("facet.numbers", column.numbers.map { $0 ?? 0 })
    try image.integers("facet.docStarts", column.docStarts)
    try image.integers("facet.docValues", column.docValues)
    try image.integers("facet.postingStarts", column.postingStarts)
    try image.integers("facet.postings", column.postings)
    try image.integers("facet.counts", column.counts)
    try image.integers("facet.keyRank", column.keyRank)
    switch column.single {
    case nil: try image.number("facet.single", 0)
    case .bytes(let ids)?:
      try image.number("facet.single", 1)
      try image.integers("facet.singleIDs", ids)
    case .shorts(let ids)?:
      try image.number("facet.single", 2)
      try image.integers("facet.singleIDs", ids)
    case .words(let ids)?:
      try image.number("facet.single", 3)
      try image.integers("facet.singleIDs", ids)
    }
    let dense = column.denseBits.sorted { $0.key < $1.key }
    try image.integers("facet.denseValues", dense.map(\.key))
    try image.integers("facet.denseWords", dense.flatMap(\.value))
  }

  static func read(_ image: inout ImageReader, recordCount: Int) throws(DurableError) -> FacetColumn {
    let path = try image.strings("facet.path").first ?? ""
    let keys = try image.strings("facet.keys")
    let hasNumber: [UInt8] = try image.integers("facet.hasNumber")
    let numbers = try image.doubles("facet.numbers")
    let docStarts: [UInt32] = try image.integers("facet.docStarts")
    let docValues: [UInt32] = try image.integers("facet.docValues")
    let postingStarts: [UInt32] = try image.integers("facet.postingStarts")
    let postings: [UInt32] = try image.integers("facet.postings")
    let counts: [UInt32] = try image.integers("facet.counts")
    let keyRank: [UInt32] = try image.integers("facet.keyRank")
    let single: NarrowIDs?
    switch try image.number("facet.single") {
    case 0: single = nil
    case 1: single = .bytes(try image.integers("facet.singleIDs"))
    case 2: single = .shorts(try image.integers("facet.singleIDs"))
    default: single = .words(try image.integers("facet.singleIDs"))
    }
    let denseValues: [UInt32] = try image.integers("facet.denseValues")
    let denseWords: [UInt64] = try image.integers("facet.denseWords")
    let wordsPerSet = (recordCount + 63) / 64
    guard hasNumber.count == keys.count, numbers.count == keys.count, counts.count == keys.count,
      keyRank.count == keys.count, postingStarts.count == keys.count + 1,
      Int(postingStarts.last ?? 0) == postings.count, denseWords.count == denseValues.count * wordsPerSet,
      docStarts.isEmpty || (docStarts.count == recordCount + 1 && Int(docStarts.last ?? 0) == docValues.count)
    else { throw .corrupt(path: image.path, reason: "the facet column \(path) does not hold together") }
    var dense: [UInt32: [UInt64]] = [:]
    for (slot, value) in denseValues.enumerated() {
      dense[value] = Array(denseWords[slot * wordsPerSet..<(slot + 1) * wordsPerSet])
    }
    return FacetColumn(
      path: path, keys: keys, numbers: zip(hasNumber, numbers).map { $0 == 0 ? nil : $1 }, docStarts: docStarts,
      docValues: docValues, postingStarts: postingStarts, postings: postings, counts: counts, keyRank: keyRank,
      single: single, denseBits: dense)
  }
}

/// A numeric column in a segment image.
enum NumericImage {
  static func write(_ column: NumericColumn, recordCount: Int, to image: inout ImageWriter) throws(DurableError) {
    try image.strings("numeric.path", [column.path])
    try image.integers("numeric.docStarts", column.docStarts)
    try image.doubles("numeric.docValues", column.docValues)
    try image.integers("numeric.sortedDocs", column.sortedDocs)
    try image.doubles("numeric.sortedValues", column.sortedValues)
    try image.number("numeric.hasSingle", column.single == nil ? 0 : 1)
    if let single = column.single { try image.doubles("numeric.single", single) }
    try image.number("numeric.hasSingleFloat", column.singleFloat == nil ? 0 : 1)
    if let single = column.singleFloat { try image.floats("numeric.singleFloat", single) }
    try image.number("numeric.bucketSize", UInt64(column.bucketSize))
    try image.number("numeric.buckets", UInt64(column.buckets.count))
    try image.integers("numeric.bucketWords", column.buckets.flatMap { $0 })
  }

  static func read(_ image: inout ImageReader, recordCount: Int) throws(DurableError) -> NumericColumn {
    let path = try image.strings("numeric.path").first ?? ""
    let docStarts: [UInt32] = try image.integers("numeric.docStarts")
    let docValues = try image.doubles("numeric.docValues")
    let sortedDocs: [UInt32] = try image.integers("numeric.sortedDocs")
    let sortedValues = try image.doubles("numeric.sortedValues")
    let single = try image.number("numeric.hasSingle") != 0 ? try image.doubles("numeric.single") : nil
    let singleFloat = try image.number("numeric.hasSingleFloat") != 0 ? try image.floats("numeric.singleFloat") : nil
    let bucketSize = Int(try image.number("numeric.bucketSize"))
    let bucketCount = Int(try image.number("numeric.buckets"))
    let words: [UInt64] = try image.integers("numeric.bucketWords")
    let wordsPerSet = (recordCount + 63) / 64
    guard words.count == bucketCount * wordsPerSet, bucketSize > 0,
      single.map({ $0.count == recordCount }) ?? true, singleFloat.map({ $0.count == recordCount }) ?? true,
      docStarts.isEmpty || (docStarts.count == recordCount + 1 && Int(docStarts.last ?? 0) == docValues.count)
    else { throw .corrupt(path: image.path, reason: "the numeric column \(path) does not hold together") }
    let buckets = (0..<bucketCount).map { Array(words[$0 * wordsPerSet..<($0 + 1) * wordsPerSet]) }
    return NumericColumn(
      path: path, docStarts: docStarts, docValues: docValues, sortedDocs: sortedDocs, sortedValues: sortedValues,
      single: single, singleFloat: singleFloat, buckets: buckets, bucketSize: bucketSize)
  }
}

/// The text index in a segment image.
enum TextImage {
  static func write(_ text: TextIndex, to image: inout ImageWriter) throws(DurableError) {
    try image.integers("text.terms", text.terms.arena)
    try image.integers("text.termStarts", text.terms.starts)
    try image.integers("text.termOfToken", text.termOfToken)
    try image.integers("text.postingStarts", text.postingStarts)
    try image.integers("text.postings", text.postings)
    try image.integers("text.denseTerms", text.denseTerms)
    try image.integers("text.denseWords", text.denseWords)
    try image.number("text.wordsPerSet", UInt64(text.wordsPerSet))
    try image.integers("text.bestRanks", text.bestRanks.map { Int64($0) })
    try image.number("text.hasLeads", text.leads == nil ? 0 : 1)
    if let leads = text.leads {
      try image.integers("text.leadStarts", leads.starts)
      try image.integers("text.leadDocs", leads.docs)
    }
  }

  static func read(_ image: inout ImageReader) throws(DurableError) -> TextIndex {
    let terms = SortedTerms(arena: try image.integers("text.terms"), starts: try image.integers("text.termStarts"))
    let termOfToken: [UInt32] = try image.integers("text.termOfToken")
    let postingStarts: [UInt32] = try image.integers("text.postingStarts")
    let postings: [UInt32] = try image.integers("text.postings")
    let denseTerms: [UInt32] = try image.integers("text.denseTerms")
    let denseWords: [UInt64] = try image.integers("text.denseWords")
    let wordsPerSet = Int(try image.number("text.wordsPerSet"))
    let bestRanks: [Int64] = try image.integers("text.bestRanks")
    var leads: LeadPostings?
    if try image.number("text.hasLeads") != 0 {
      leads = LeadPostings(starts: try image.integers("text.leadStarts"), docs: try image.integers("text.leadDocs"))
    }
    let termCount = terms.count
    guard terms.starts.first == 0, Int(terms.starts.last ?? 1) == terms.arena.count,
      postingStarts.count == termCount + 1, Int(postingStarts.last ?? 0) == postings.count,
      denseWords.count == denseTerms.count * wordsPerSet, bestRanks.count == termCount || bestRanks.isEmpty,
      termOfToken.allSatisfy({ $0 == TokenDictionary.noTerm || Int($0) < termCount }),
      leads.map({ $0.starts.count == termCount + 1 && Int($0.starts.last ?? 0) == $0.docs.count }) ?? true
    else { throw .corrupt(path: image.path, reason: "the text index does not hold together") }
    return TextIndex(
      terms: terms, termOfToken: termOfToken, postingStarts: postingStarts, postings: postings,
      denseTerms: denseTerms, denseWords: denseWords, wordsPerSet: wordsPerSet, bestRanks: bestRanks.map { Int($0) },
      leads: leads)
  }
}
