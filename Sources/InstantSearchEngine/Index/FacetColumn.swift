import InstantSearchModel
import Synchronization

/// The values of one faceted attribute: per record, per value, and the counts over all records.
final class FacetColumn: Sendable {
  /// The attribute path.
  let path: String
  /// The value keys as responses spell them (`"Sony"`, `"10"`, `"true"`), by value id.
  let keys: FacetKeys
  /// The numeric value of each value id, when it is a number (for `facets_stats`).
  let numbers: FacetNumbers
  /// Value ids by exact key and by folded key, made from ``keys`` on first use for a column read from an
  /// image (a facet no query filters on never pays for them).
  private let lookups: KeyLookups
  /// Value ids by exact key.
  var exactIDs: [String: UInt32] { lookups.tables.exact }
  /// Value ids by folded key (facet filters compare values case-insensitively).
  var foldedIDs: [String: [UInt32]] { lookups.tables.folded }
  /// The value ids of each record: `docStarts[doc]..<docStarts[doc + 1]` in `docValues`; both empty when
  /// every record has at most one value (then ``single`` holds them).
  let docStarts: Column<UInt32>
  let docValues: NarrowIDs
  /// The records holding each value (see ``PostingLists``); empty for the values of ``dense``.
  let postings: PostingLists
  /// How many records hold each value.
  let counts: Column<UInt32>
  /// The most records holding one value (0 for a column without values): a bound on any count over some of
  /// the records, which lets counting use narrow counters. Found on first use: for a column read from an
  /// image, finding it at open brought all of ``counts`` into memory (300 KB for a price facet at a million
  /// records), whether or not a query would count this facet.
  var largestCount: Int {
    let known = largestCountMemo.load(ordering: .relaxed)
    if known >= 0 { return known }
    // Threads racing here find the same number: whichever stores last stores it again.
    let found = Int(counts.max() ?? 0)
    largestCountMemo.store(found, ordering: .relaxed)
    return found
  }
  /// ``largestCount`` once found; -1 before.
  private let largestCountMemo = Atomic<Int>(-1)
  /// Each value's position when the keys are sorted by UTF-8 bytes (ties between equal counts).
  let keyRank: Column<UInt32>
  /// When no record holds more than one value: the value of each record, in the narrowest integer
  /// type that holds every value id (its maximum means none).
  let single: NarrowIDs?
  /// Bitsets of the values held by many records, for filters that test them record by record.
  let dense: DenseSets
  /// A number no other column of this process has had or will have: what memos keyed by column use, as
  /// an object's address is reused once it is freed (see ``LiveFacetCounts/valueMap(_:from:to:)``).
  let serial = FacetColumn.serials.withLock { serial in
    serial += 1
    return serial
  }
  private static let serials = Locked<UInt64>(0)

  /// A column of stored parts (an image's), as built; the key lookups are made from `keys`.
  init(
    path: String, keys: FacetKeys, numbers: FacetNumbers, docStarts: Column<UInt32>, docValues: NarrowIDs,
    postings: PostingLists, counts: Column<UInt32>, keyRank: Column<UInt32>,
    single: NarrowIDs?, dense: DenseSets
  ) {
    self.path = path
    self.keys = keys
    self.numbers = numbers
    lookups = KeyLookups(keys: keys)
    self.docStarts = docStarts
    self.docValues = docValues
    self.postings = postings
    self.counts = counts
    self.keyRank = keyRank
    self.single = single
    self.dense = dense
  }

  init(
    path: String, keys: [String], numbers: [Double?], exactIDs: [String: UInt32], foldedIDs: [String: [UInt32]],
    docStarts: [UInt32], docValues: [UInt32], postingStarts: [UInt32], postings: [UInt32]
  ) {
    self.path = path
    self.keys = FacetKeys(keys)
    self.numbers = FacetNumbers(numbers)
    lookups = KeyLookups(keys: self.keys, exact: exactIDs, folded: foldedIDs)
    let order = (0..<keys.count).sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) }
    var rank = [UInt32](repeating: 0, count: keys.count)
    for (position, value) in order.enumerated() { rank[value] = UInt32(position) }
    self.keyRank = Column(rank)
    let recordCount = max(docStarts.count - 1, 0)
    let single = SingleValues.extract(docStarts: docStarts, docValues: docValues, none: UInt32.max)
    self.single = single.map { NarrowIDs($0, valueCount: keys.count) }
    self.docStarts = Column(single == nil ? docStarts : [])
    self.docValues = NarrowIDs(single == nil ? docValues : [], valueCount: keys.count)
    let wordsPerSet = (recordCount + 63) / 64
    var denseValues: [UInt32] = []
    var denseWords: [UInt64] = []
    let threshold = max(4096, recordCount / 32)
    var counts = [UInt32](repeating: 0, count: keys.count)
    var sparseStarts = [UInt32](repeating: 0, count: keys.count + 1)
    for value in 0..<keys.count {
      let count = postingStarts[value + 1] - postingStarts[value]
      counts[value] = count
      if Int(count) >= threshold {
        var words = [UInt64](repeating: 0, count: wordsPerSet)
        for doc in postings[Int(postingStarts[value])..<Int(postingStarts[value + 1])] {
          Bitset.insert(doc, in: &words)
        }
        denseValues.append(UInt32(value))
        denseWords.append(contentsOf: words)
        sparseStarts[value + 1] = sparseStarts[value]
      } else {
        sparseStarts[value + 1] = sparseStarts[value] + count
      }
    }
    // Dense values keep only their bitset: their postings are dropped.
    var sparse: [UInt32] = []
    sparse.reserveCapacity(Int(sparseStarts[keys.count]))
    for value in 0..<keys.count where Int(counts[value]) < threshold {
      sparse.append(contentsOf: postings[Int(postingStarts[value])..<Int(postingStarts[value + 1])])
    }
    self.dense = DenseSets(keys: Column(denseValues), words: Column(denseWords), wordsPerSet: wordsPerSet)
    self.counts = Column(counts)
    self.postings = PostingLists(starts: sparseStarts, records: sparse)
  }

  /// The records holding `value`, when it is not dense (a copy: the postings may be mapped).
  func sparsePostings(_ value: UInt32) -> ArraySlice<UInt32>? {
    guard dense.slot(of: value) == nil else { return nil }
    return postings.records(Int(value))[...]
  }

  /// Sets the bits of the records holding `value`.
  func addRecords(of value: UInt32, to words: inout [UInt64]) {
    if let slot = dense.slot(of: value) {
      dense.union([slot..<slot + 1], into: &words)
    } else {
      postings.insert(Int(value)..<Int(value) + 1, into: &words)
    }
  }

  var valueCount: Int { keys.count }

  /// How many records hold `value`.
  @inline(__always)
  func count(of value: UInt32) -> Int {
    Int(counts[Int(value)])
  }

  /// The value ids matching a filter value: case-insensitive for facets, exact for tags.
  func ids(matching value: String, caseSensitive: Bool) -> [UInt32] {
    if caseSensitive { return exactIDs[value].map { [$0] } ?? [] }
    return foldedIDs[TextTokens.fold(value)] ?? []
  }

  /// Whether record `doc` holds one of the values flagged in `wanted`.
  @inline(__always)
  func holds(_ doc: Int, anyOf wanted: [Bool]) -> Bool {
    if let single {
      guard let value = single.value(doc) else { return false }
      return wanted[value]
    }
    var index = Int(docStarts[doc])
    let end = Int(docStarts[doc + 1])
    while index < end {
      if wanted[docValues.id(index)] { return true }
      index += 1
    }
    return false
  }

  /// Calls `body` with each value of record `doc`.
  @inline(__always)
  func forEachValue(_ doc: Int, _ body: (Int) -> Void) {
    if let single {
      if let value = single.value(doc) { body(value) }
      return
    }
    docValues.forEachID(in: Int(docStarts[doc])..<Int(docStarts[doc + 1]), body)
  }
}
