import Dispatch
import InstantSearchModel

/// An immutable state of an index: the records and everything built from them. Searches read one
/// snapshot from start to end; a write builds the next one.
final class IndexSnapshot: Sendable {
  let name: String
  let settings: IndexSettings
  let codec: PackedCodec
  let store: RecordStore
  let trie: PathTrie
  /// Facet columns by attribute path (declared facets and `_tags`).
  let facets: [String: FacetColumn]
  /// Numeric columns by attribute path (every attribute with numbers).
  let numerics: [String: NumericColumn]
  /// The text index (verified on first read when read in place from an image: see ``VerifiedPart``).
  var text: TextIndex { textPart.value }
  let textPart: VerifiedPart<TextIndex>
  /// The text index's terms and the term of each token, which opening reads into arrays and verifies
  /// itself: what every query's highlighter reads, without waiting for the verification of the postings.
  var textTerms: (SortedTerms, termOfToken: [UInt32]) {
    let text = textPart.unverified
    return (text.terms, text.termOfToken)
  }
  /// The searchable attribute of each trie node that holds searchable text.
  let searchableNodes: [Int: IndexSettings.SearchableAttribute]
  /// Reads the searchable text of records.
  let walker: TextWalker
  /// The records by objectID (verified on first read, as ``text`` is).
  var objectIDs: ObjectIDIndex { objectIDPart.value }
  let objectIDPart: VerifiedPart<ObjectIDIndex>
  /// Each record's position in the custom ranking order (ties by record number): a permutation.
  var customRank: Column<UInt32> { rankPermutation.ranks }
  /// Where ``customRank`` comes from (made on first use for a snapshot read from an image).
  let rankPermutation: RankPermutation
  /// The records in custom ranking order: the inverse of ``customRank``.
  let customOrder: Column<UInt32>
  /// How hits are ordered: the criteria of ``customRank`` and where the textual criteria come.
  let ordering: RankingOrder
  /// Whether a root key of some record repeats (the text walker then reads records to their end).
  let hasRepeatedRootKeys: Bool
  /// The snapshot whose stored form this one has too, when it is that snapshot with other settings and
  /// the same ranking (see ``reranked(name:settings:isVirtualReplica:)``): a commit reuses its image.
  let imageSource: IndexSnapshot?
  /// The values the stored records leave out because facet columns hold them (a segment image's), put
  /// back by ``withRecord(_:_:)``.
  let elision: RecordElision?
  /// ``leadingGroups``, once computed.
  let leadingGroupsMemo = Locked<Column<UInt32>?>(nil)
  /// The records' locations (see ``geoIndex``), built on first use; shared with the snapshots that are
  /// this one with other settings (see ``reranked(name:settings:isVirtualReplica:)``).
  let geoMemo: Locked<GeoIndex?>
  /// The codec's key strings by id, for unpacking hits without decoding each key again.
  let keyNames: [String]
  /// The key sequences of the records unpacked so far, for unpacking more of them (see ``ObjectShapes``).
  let objectShapes = ObjectShapes()
  /// The words recent queries matched, with their records.
  let wordCache = WordCache()
  /// Where the searches of the words last typed stood, for the next keystroke.
  let termFrontiers = TermFrontiers()
  /// Scratch arrays for facet counting.
  let countScratch = CountScratch()
  /// The records hits were last made of (see ``hitRecord(_:)``).
  let recordCache = RecordCache()
  /// Records recently written whole as JSON text, for the hits a server writes out (see ``RecordTextCache``).
  let recordTextCache = RecordTextCache()
  /// ``numericFacetLink(_:)`` by path, once made or read from a segment image (`nil` inside: no link);
  /// shared as ``geoMemo`` is.
  let numericFacetMemo: Locked<[String: NumericFacetLink?]>

  init(
    name: String, settings: IndexSettings, codec: PackedCodec, store: RecordStore, trie: PathTrie,
    facets: [String: FacetColumn], numerics: [String: NumericColumn], text: VerifiedPart<TextIndex>,
    searchableNodes: [Int: IndexSettings.SearchableAttribute], objectIDs: VerifiedPart<ObjectIDIndex>,
    hasRepeatedRootKeys: Bool = false, customRank: RankPermutation,
    customOrder: Column<UInt32>, ordering: RankingOrder? = nil, imageSource: IndexSnapshot? = nil,
    elision: RecordElision? = nil, numericFacetLinks: [String: NumericFacetLink?] = [:],
    sharingMemosOf original: IndexSnapshot? = nil
  ) {
    // What is made from records, columns and the codec alone holds for the same structures whatever the
    // settings: a settings change (adding a replica) keeps it instead of making it again on first use.
    geoMemo = original?.geoMemo ?? Locked(nil)
    numericFacetMemo = original?.numericFacetMemo ?? Locked(numericFacetLinks)
    self.elision = elision
    self.name = name
    self.settings = settings
    self.codec = codec
    keyNames = codec.keyNames
    self.store = store
    self.trie = trie
    self.facets = facets
    self.numerics = numerics
    textPart = text
    self.searchableNodes = searchableNodes
    walker = TextWalker(
      trie: trie, searchableNodes: Set(searchableNodes.keys), leavesRecordsEarly: !hasRepeatedRootKeys)
    objectIDPart = objectIDs
    rankPermutation = customRank
    self.customOrder = customOrder
    self.ordering = ordering ?? RankingOrder(settings: settings)
    self.hasRepeatedRootKeys = hasRepeatedRootKeys
    self.imageSource = imageSource
  }

  var recordCount: Int { store.count }

  /// Why what a search read of this snapshot cannot be trusted, without waiting: a records block, the text
  /// index or the objectID index found damaged when read (see ``RecordStore/readFailure()`` and
  /// ``VerifiedPart/readFailure``).
  func readFailure() -> DurableError? {
    store.readFailure() ?? textPart.readFailure ?? objectIDPart.readFailure
  }

  /// Why the records cannot be read — they, or those they were copied from, failed their checksum —
  /// waiting for their verification; with `findingByObjectID`, also why the objectID index cannot.
  func recordsFailure(findingByObjectID: Bool = false) -> DurableError? {
    store.failure() ?? (findingByObjectID ? objectIDPart.failure() : nil)
  }

  /// Why this snapshot cannot be read whole — its records, its text index or its objectID index failed
  /// their checksums — waiting for verifications not done yet; `nil` when it can. What writes, commits and
  /// image writes check first.
  func storageFailure() -> DurableError? {
    store.failure() ?? textPart.failure() ?? objectIDPart.failure()
  }

  /// The record `doc` as a JSON object.
  func record(_ doc: Int) -> [String: JSON] {
    let shapes = ShapeContext(objectShapes)
    var object = store.withRecord(doc) { codec.unpack($0, keyNames: keyNames, shapes: shapes) }
    elision?.restore(&object, doc: doc, codec: codec, keyNames: keyNames)
    return object
  }

  /// Record `doc` for a hit: as ``record(_:)``, kept for the next searches that show it (see
  /// ``RecordCache``). Reads of many records (updates, browsing) use ``record(_:)`` and leave the cache be.
  func hitRecord(_ doc: Int) -> [String: JSON] {
    recordCache.record(doc) { record(doc) }
  }

  /// Calls `body` with record `doc` packed as it was saved: its stored bytes, with the values the image
  /// left out (see ``elision``) put back. The text walker and `objectID` read the stored bytes directly:
  /// nothing they read is ever left out.
  func withRecord<R>(_ doc: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    guard let elision, elision.leavesOut(doc) else { return try store.withRecord(doc, body) }
    var restored: [UInt8] = []
    store.withRecord(doc) { elision.restore($0, doc: doc, into: &restored) }
    return try restored.withUnsafeBufferPointer(body)
  }

  /// The `objectID` of record `doc`, read from the packed record without unpacking it.
  func objectID(_ doc: Int) -> String? {
    guard let key = codec.keys.lookup("objectID") else { return nil }
    return store.withRecord(doc) { bytes -> String? in
      var reader = PackedReader(bytes)
      guard reader.byte() == PackedTag.object.rawValue else { return nil }
      while let current = reader.nextKey() {
        if current == key, reader.bytes[reader.position] == PackedTag.raw.rawValue {
          reader.position += 1
          let length = Int(reader.varint())
          let start = reader.position
          return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<start + length]), as: UTF8.self)
        }
        reader.skipValue()
      }
      return nil
    }
  }

  /// The record whose id is `objectID`.
  func doc(for objectID: String) -> Int? {
    objectIDs.doc(for: objectID) { self.objectID($0) }
  }

  /// Makes on a thread below queries' priority (``BackgroundThread``) what a snapshot read from an image
  /// leaves to first use and most queries need: each record's rank (``RankPermutation``), then the numeric
  /// facet links that the image does not hold (one of a format before 6; a large build makes them at
  /// once). A query that needs one first waits for it or makes it itself: the same result.
  func prepareAhead() {
    BackgroundThread.start {
      self.rankPermutation.prepare()
      self.prepareNumericFacetLinks()
    }
  }

  /// An empty index.
  static func empty(name: String, settings: IndexSettings) -> IndexSnapshot {
    SnapshotBuilder(name: name, settings: settings, codec: PackedCodec()).build()
  }
}
