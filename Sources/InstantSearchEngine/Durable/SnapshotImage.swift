import InstantSearchModel

/// A segment as an image file (see ``ImageWriter``): its snapshot's structures as built — records, codec,
/// path trie, facet and numeric columns, text index, objectID index, ranking permutation — and its
/// sequence numbers, read back without parsing a record or rebuilding anything.
enum SnapshotImage {
  static let magic: [UInt8] = Array("ISSI".utf8)
  /// The magic of the images the builds before the first release wrote (their formats 1 to 10): refused
  /// with a message that says to import the records again.
  static let preReleaseMagic: [UInt8] = Array("ISSG".utf8)
  /// The format written: version 7 of the released format, which stores the bitsets of the dense keys held
  /// by so many records that a packed list would take more (``DenseSetsImage``: version 6 is the same with
  /// every key's records as a list). Since version 6 the image stores the numeric facet links
  /// (``NumericLinkImage``: version 5 is the same without them, made on first use). Since version 5 the
  /// checksum of each block of the records is stored beside theirs (``RecordBlocks``: a query's hits are
  /// read as their blocks are verified, not after all of them). Since version 4 coded numeric columns store
  /// their records' slices (``RangeCodes``; version 3 is the same without them, made by the first range
  /// that needs them). Since version 3 the text index says which terms make up a whole text value
  /// (``TextIndex/wholeTerms``). Versions 2 (without them: every term is then taken as possibly whole) and
  /// 1 are read too (``oldestVersion``); version 1's texts may have been cut
  /// into words (``WordSegmenter``) or folded (``LanguageFolding``) otherwise, which
  /// ``read(_:name:settings:)`` tells. The builds before version 1 wrote ten other formats, under another
  /// magic; none was released, so none is read.
  static let version: UInt32 = 7
  /// The oldest format read.
  static let oldestVersion: UInt32 = 1

  /// The stripped records' bytes from which they are written on a thread of their own (see
  /// ``ImageReservation``): below, starting the thread costs more than the overlap saves.
  static let recordsThreadThreshold = 4 << 20

  /// Writes `segment`'s snapshot and sequence numbers to `path`, its text posting lists as
  /// `textPostings` says, stripped records of `recordsThreadFrom` bytes on on a thread of their own;
  /// returns the file's size.
  static func write(
    _ segment: Segment, to path: String, durability: Durability, textPostings: TextPostings = .packed,
    recordsThreadFrom: Int = recordsThreadThreshold
  ) throws(DurableError) -> Int {
    let snapshot = segment.snapshot
    // Never an image of records that failed their checksum (they would read as empty objects).
    if let failure = snapshot.storageFailure() { throw failure }
    var image = try ImageWriter(path: path, magic: magic, version: version)
    try writeCodec(snapshot.codec, to: &image)
    // Records already stored without their column values keep that form; others are planned and
    // stripped here.
    let stripped = snapshot.elision == nil ? RecordElision.planStripping(for: snapshot) : nil
    let elision = snapshot.elision ?? stripped?.elision
    var recordsWrite: OwnThreads.Job<DurableError>?
    var lists: ImagePostings?
    var strippedOffsets: [UInt32]?
    var blockSums: [UInt32] = []
    if let stripped {
      let (arena, offsets) = (stripped.arena, stripped.offsets)
      blockSums = arena.withUnsafeBytes { RecordBlocks.sums(of: $0) }
      // The stripped records, half the image, are written on a thread of their own while the rest is
      // packed and written (their checksum made from their blocks'); a small segment's (a write's) in
      // turn, starting no thread.
      if arena.count >= recordsThreadFrom {
        let records = try image.reserve("store.arena", byteCount: arena.count)
        let checksum = RecordBlocks.whole(blockSums, length: arena.count)
        recordsWrite = OwnThreads.start { () throws(DurableError) in try records.write(arena, checksum: checksum) }
        lists = ImagePostings(snapshot, packsText: textPostings == .packed)
      } else {
        try image.integers("store.arena", arena)
      }
      strippedOffsets = offsets
    } else {
      let failure = snapshot.store.withParts { arena, offsets -> DurableError? in
        do throws(DurableError) {
          try image.integers("store.arena", arena)
          try image.integers("store.offsets", offsets)
          try image.integers("store.blockSums", RecordBlocks.sums(of: UnsafeRawBufferPointer(arena)))
          return nil
        } catch {
          return error
        }
      }
      if let failure { throw failure }
    }
    do throws(DurableError) {
      if let strippedOffsets {
        try image.integers("store.offsets", strippedOffsets)
        try image.integers("store.blockSums", blockSums)
      }
      try writeColumns(of: segment, elision: elision, textPostings: textPostings, lists: lists, to: &image)
    } catch {
      // The records' thread is done before the error goes up (its own failure, if any, is the same file's).
      try recordsWrite?.join()
      throw error
    }
    try recordsWrite?.join()
    return try image.finish(durability)
  }

  /// Everything after the records: the trie, the facet and numeric columns, the text index, the object
  /// IDs, the ranking, the sequence numbers and the elision's tables.
  private static func writeColumns(
    of segment: Segment, elision: RecordElision?, textPostings: TextPostings, lists: ImagePostings?,
    to image: inout ImageWriter
  ) throws(DurableError) {
    let snapshot = segment.snapshot
    try writeTrie(snapshot.trie, to: &image)
    let facets = snapshot.facets.values.sorted { $0.path < $1.path }
    try image.number("facets", UInt64(facets.count))
    for column in facets {
      try FacetImage.write(column, recordCount: snapshot.recordCount, lists: lists?.facets[column.path], to: &image)
    }
    let numerics = snapshot.numerics.values.sorted { $0.path < $1.path }
    try image.number("numerics", UInt64(numerics.count))
    for column in numerics { try NumericImage.write(column, recordCount: snapshot.recordCount, to: &image) }
    try TextImage.write(snapshot.text, packed: textPostings == .packed, lists: lists?.text, to: &image)
    let nodes = snapshot.searchableNodes.sorted { $0.key < $1.key }
    try image.integers("searchable.nodes", nodes.map { UInt32($0.key) })
    try image.integers("searchable.priorities", nodes.map { Int64($0.value.priority) })
    try image.integers("searchable.ordered", nodes.map { UInt8($0.value.isOrdered ? 1 : 0) })
    try image.strings("searchable.paths", nodes.map(\.value.path))
    let ids = snapshot.objectIDs.parts
    try image.column("objectIDs.hashes", ids.hashes)
    try image.column("objectIDs.docs", ids.docs)
    try image.number("repeatedRootKeys", snapshot.walker.leavesRecordsEarly ? 0 : 1)
    try image.column("ranking.order", snapshot.customOrder)
    let sequences = segment.sequences.stored
    try image.number("sequences.base", sequences.base)
    try image.number("sequences.listed", sequences.listed == nil ? 0 : 1)
    if let listed = sequences.listed { try image.integers("sequences", listed) }
    try ElisionImage.write(elision, to: &image)
    try NumericLinkImage.write(snapshot, to: &image)
  }

  /// Refuses an image that a build before the first release wrote (see ``preReleaseMagic``), saying what
  /// to do, before it is read as a damaged one.
  static func refusePreRelease(_ path: String) throws(DurableError) {
    guard let head = try PosixFile.read(path, upTo: 8), head.count == 8, Array(head.prefix(4)) == preReleaseMagic
    else { return }
    let format = UInt32(head[4]) | UInt32(head[5]) << 8 | UInt32(head[6]) << 16 | UInt32(head[7]) << 24
    throw .corrupt(
      path: path,
      reason:
        "not damaged, but written by a build before the first release (its pre-release format \(format)), "
        + "which this build does not read: build the index again from its records (instantsearch import)")
  }

  /// Reads the segment image at `path` as a segment of index `name` with `settings`. `isStale` says that
  /// the image is of format 1 and holds text this build cuts or folds otherwise
  /// (``TokenDictionary/holdsTextOfNewerAnalysis``): its records must be packed again before it is searched.
  static func read(_ path: String, name: String, settings: IndexSettings) throws(DurableError)
    -> (snapshot: IndexSnapshot, sequences: SequenceNumbers, isStale: Bool)
  {
    try refusePreRelease(path)
    var image = try ImageReader(
      path: path, magic: magic, versions: oldestVersion...version, kind: "a segment image")
    let mapping = try MappedFile(path: path)
    var codec = try readCodec(&image)
    let isStale = image.version < 2 && codec.dictionary.holdsTextOfNewerAnalysis
    // The manifest's settings are the ones the image was built with (a change of analysis rebuilds every
    // segment before the manifest names it).
    codec.dictionary.analysis = settings.textAnalysis
    let store = try readStore(&image, mapping: mapping)
    let recordCount = store.count
    let trie = try readTrie(&image)
    var facets: [String: FacetColumn] = [:]
    for _ in 0..<(try image.number("facets")) {
      let column = try FacetImage.read(&image, recordCount: recordCount, mapping: mapping)
      facets[column.path] = column
    }
    var numerics: [String: NumericColumn] = [:]
    for _ in 0..<(try image.number("numerics")) {
      let column = try NumericImage.read(&image, recordCount: recordCount, mapping: mapping)
      numerics[column.path] = column
    }
    // The text index and the objectIDs are verified after opening, before their first read (see
    // ``VerifiedPart``): most first queries read neither.
    image.beginDeferring()
    let textIndex = try TextImage.read(&image, mapping: mapping)
    let text = deferredPart(textIndex, image.endDeferring(), path: path) {
      TextImage.emptied(textIndex)
    }
    let nodes: [UInt32] = try image.integers("searchable.nodes")
    let priorities: [Int64] = try image.integers("searchable.priorities")
    let ordered: [UInt8] = try image.integers("searchable.ordered")
    let paths = try image.strings("searchable.paths")
    guard priorities.count == nodes.count, ordered.count == nodes.count, paths.count == nodes.count else {
      throw .corrupt(path: path, reason: "the searchable attributes do not line up")
    }
    var searchable: [Int: IndexSettings.SearchableAttribute] = [:]
    for index in nodes.indices {
      searchable[Int(nodes[index])] = IndexSettings.SearchableAttribute(
        path: paths[index], priority: Int(priorities[index]), isOrdered: ordered[index] != 0)
    }
    image.beginDeferring()
    let objectIDIndex = ObjectIDIndex(
      hashes: try image.column("objectIDs.hashes", in: mapping), docs: try image.column("objectIDs.docs", in: mapping))
    let objectIDs = deferredPart(objectIDIndex, image.endDeferring(), path: path) {
      ObjectIDIndex(hashes: Column(), docs: Column())
    }
    let repeated = try image.number("repeatedRootKeys") != 0
    // Checked to be a permutation by the threads that verify the checksums (``finish()``).
    let order: Column<UInt32> = try image.column(
      "ranking.order", in: mapping, structure: .permutation(count: recordCount),
      failure: "the ranking order is not a permutation of the records")
    guard order.count == recordCount else {
      throw .corrupt(path: path, reason: "the ranking covers \(order.count) records, not \(recordCount)")
    }
    // Made on first use or ahead of it on another thread (the image stores the order only).
    let rank = RankPermutation(inverting: order)
    let base = try image.number("sequences.base")
    var sequences = SequenceNumbers(consecutiveFrom: base)
    if try image.number("sequences.listed") != 0 {
      let listed: [UInt64] = try image.integers("sequences")
      guard listed.count == recordCount else {
        throw .corrupt(path: path, reason: "\(listed.count) sequence numbers for \(recordCount) records")
      }
      sequences = SequenceNumbers(listed)
    }
    let elision = try ElisionImage.read(
      &image, facets: facets, numerics: numerics, keyCount: codec.keys.count, mapping: mapping)
    let links = image.version >= 6 ? try NumericLinkImage.read(&image, facets: facets, numerics: numerics) : [:]
    try image.finish()
    // What opening left unverified is verified from now on, in the background, beside the first queries
    // (which wait for what they read, or verify it themselves).
    text.startVerifying()
    objectIDs.startVerifying()
    store.startVerifying()
    let snapshot = IndexSnapshot(
      name: name, settings: settings, codec: codec, store: store, trie: trie, facets: facets, numerics: numerics,
      text: text, searchableNodes: searchable, objectIDs: objectIDs, hasRepeatedRootKeys: repeated, customRank: rank,
      customOrder: order, elision: elision, numericFacetLinks: links)
    snapshot.prepareAhead()
    return (snapshot, sequences, isStale)
  }

  /// `value`, read in place, as a part verified on first read by `work` (none: read into arrays, and
  /// verified with them), whose reads get `substitute()` if they fail.
  private static func deferredPart<Value: Sendable>(
    _ value: Value, _ work: DeferredVerification.Work, path: String,
    substitute: @escaping @Sendable () -> Value
  ) -> VerifiedPart<Value> {
    guard !work.isEmpty else { return VerifiedPart(value) }
    return VerifiedPart(value, verification: DeferredVerification(work, in: path), substitute: substitute)
  }
}
