import Dispatch
import InstantSearchModel

/// Builds an ``IndexSnapshot`` from packed records, walking each record once to collect facet values,
/// numbers and term frequencies, then once more to fill the postings.
struct SnapshotBuilder {
  let name: String
  let settings: IndexSettings
  var codec: PackedCodec
  private(set) var store = RecordStore()
  var trie = PathTrie()
  var roles: [NodeRole?] = [nil]
  /// Builders by trie node (`nil` until the node gets a value of that kind).
  var facetBuilders: [FacetColumnBuilder?] = []
  var numericBuilders: [NumericColumnBuilder?] = []
  var termFrequencies: [UInt32] = []
  var termLastDoc: [UInt32] = []
  /// The (term, record) pairs where the term has attribute rank 0 (the best), in record order, and the
  /// last record each term got such a pair.
  var leadPairs: [(term: UInt32, doc: UInt32)] = []
  var termLastLeadDoc: [UInt32] = []
  /// The distinct searchable terms of each record, in the order first seen: `docTermStarts[doc]..<`.
  var docTerms: [UInt32] = []
  var docTermStarts: [UInt32] = [0]
  /// Per term, the best attribute rank (as ``TextScorer`` computes it) of any of its occurrences.
  var termBestRanks: [Int] = []
  /// Per term, whether it made up a whole searchable text value (see ``TextIndex/wholeTerms``).
  var termIsWhole: [Bool] = []
  /// The word position reached in each node by the record being added, and the nodes it touched.
  var nodePositions: [Int] = []
  var touchedNodes: [Int] = []
  /// While a loader packs records on another thread, the key names and token terms it has published so
  /// far, read instead of the codec (which is only handed over at the end).
  var publishedKeyNames: [String]?
  var publishedTermOfToken: [UInt32]?
  var objectIDHashes: [(UInt64, UInt32)] = []
  /// The last record that had each top-level attribute, and whether a record has one twice (JSON text
  /// with a repeated key), which stops ``TextWalker`` from leaving a record early.
  var rootKeyLastDoc: [Int] = []
  var hasRepeatedRootKeys = false
  private let objectIDKey: UInt32
  var childCache = TrieChildCache()

  /// What a path is used for.
  struct NodeRole {
    var facet: Bool
    var searchable: IndexSettings.SearchableAttribute?
  }

  /// A builder of a snapshot of index `name` with `settings`, whose records are packed with `codec`. An
  /// empty codec takes the analysis of `settings`; one with texts already has it (a segment of the index
  /// with these settings, see `IndexView.merged`).
  init(name: String, settings: IndexSettings, codec: PackedCodec) {
    self.name = name
    self.settings = settings
    var codec = codec
    if codec.dictionary.tokens.count == 0 { codec.dictionary.analysis = settings.textAnalysis }
    self.objectIDKey = codec.keys.intern("objectID")
    self.codec = codec
  }

  var recordCount: Int { store.count }

  /// Makes room for about `records` records in all, extrapolated from the ones added so far, so that the
  /// large arrays (records, per-record terms, column pairs) are allocated once instead of being copied
  /// each time they double (at 1M records, a tenth of the indexing thread went into those copies and the
  /// page faults of the new buffers).
  mutating func reserve(records: Int) {
    guard store.count > 0, records > store.count else { return }
    // A little more than the estimate: one more doubling would cost far more than the spare room.
    let scale = Double(records) / Double(store.count) * 1.03
    store.reserve(scale: scale)
    docTerms.reserveCapacity(Int(Double(docTerms.count) * scale))
    docTermStarts.reserveCapacity(Int(Double(docTermStarts.count) * scale))
    leadPairs.reserveCapacity(Int(Double(leadPairs.count) * scale))
    objectIDHashes.reserveCapacity(Int(Double(objectIDHashes.count) * scale))
    for node in facetBuilders.indices { facetBuilders[node]?.reserve(scale: scale) }
    for node in numericBuilders.indices { numericBuilders[node]?.reserve(scale: scale) }
  }

  /// Makes the records about to be copied from `source` carry its records' verification still pending
  /// (see ``RecordStore/failure()``).
  mutating func inheritVerification(from source: RecordStore) {
    store.inherit(from: source)
  }

  /// Adds a packed record.
  mutating func add(packed bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { add(packed: $0) }
  }

  /// Adds a packed record.
  mutating func add(packed bytes: UnsafeBufferPointer<UInt8>) {
    let doc = store.count
    store.append(bytes)
    var reader = PackedReader(bytes)
    walk(&reader, node: 0, doc: doc)
    docTermStarts.append(UInt32(docTerms.count))
    for node in touchedNodes { nodePositions[node] = 0 }
    touchedNodes.removeAll(keepingCapacity: true)
  }

  private mutating func role(of node: Int) -> NodeRole {
    while roles.count <= node { roles.append(nil) }
    if let role = roles[node] { return role }
    let path = trie.paths[node]
    // The distinct attribute gets a column too: its values group the records.
    let facet = path == "_tags" || settings.faceting(path) != nil || path == settings.attributeForDistinct
    var searchable: IndexSettings.SearchableAttribute?
    if settings.searchableAttributes.isEmpty {
      searchable =
        path == "objectID" ? nil : IndexSettings.SearchableAttribute(path: path, priority: 0, isOrdered: true)
    } else {
      searchable = settings.searchableAttributes.first { path == $0.path || path.hasPrefix($0.path + ".") }
    }
    let role = NodeRole(facet: facet, searchable: searchable)
    roles[node] = role
    return role
  }

  private mutating func walk(_ reader: inout PackedReader, node: Int, doc: Int) {
    guard let tag = PackedTag(rawValue: reader.byte()) else { return }
    switch tag {
    case .object:
      while let key = reader.nextKey() {
        if node == 0, key == objectIDKey, reader.bytes[reader.position] == PackedTag.raw.rawValue {
          let start = reader.position + 1
          var lengthReader = PackedReader(reader.bytes, at: start)
          let length = Int(lengthReader.varint())
          let idBytes = UnsafeBufferPointer(
            rebasing: reader.bytes[lengthReader.position..<lengthReader.position + length])
          objectIDHashes.append((ByteInterner.hash(idBytes), UInt32(doc)))
        }
        let child: Int
        if let known = childCache.child(of: node, key: key) {
          child = known
        } else {
          let keys = codec.keys
          let published = publishedKeyNames
          child = trie.child(of: node, key: key) { published?[Int(key)] ?? keys.string(key) }
          childCache.remember(child, of: node, key: key)
        }
        if node == 0 {
          while rootKeyLastDoc.count <= child { rootKeyLastDoc.append(-1) }
          if rootKeyLastDoc[child] == doc { hasRepeatedRootKeys = true }
          rootKeyLastDoc[child] = doc
        }
        walk(&reader, node: child, doc: doc)
      }
    case .array:
      while !reader.atEnd() { walk(&reader, node: node, doc: doc) }
    case .null, .end:
      break
    case .falseValue, .trueValue:
      if role(of: node).facet {
        var flag: UInt8 = tag == .trueValue ? 1 : 0
        withUnsafeBytes(of: &flag) { payload in
          addFacet(node: node, doc: doc, kind: FacetKeyKind.bool, payload: payload.assumingMemoryBound(to: UInt8.self))
        }
      }
    case .integer:
      addNumber(Double(reader.integer()), node: node, doc: doc)
    case .double:
      addNumber(reader.double(), node: node, doc: doc)
    case .text:
      let count = Int(reader.varint())
      let tokensStart = reader.position
      let nodeRole = role(of: node)
      if let searchable = nodeRole.searchable {
        while nodePositions.count <= node { nodePositions.append(0) }
        if nodePositions[node] == 0 { touchedNodes.append(node) }
        var position = nodePositions[node]
        for _ in 0..<count {
          let rank = searchable.priority * 100_000 + (searchable.isOrdered ? min(position, 99_999) : 0)
          countTerm(token: UInt32(reader.varint()), doc: doc, rank: rank, isWhole: count == 1)
          position += 1
        }
        nodePositions[node] = position + 1
      } else {
        reader.skipVarints(count)
      }
      if nodeRole.facet {
        let payload = UnsafeBufferPointer(rebasing: reader.bytes[tokensStart..<reader.position])
        addFacet(node: node, doc: doc, kind: FacetKeyKind.text, payload: payload)
      }
    case .raw:
      let length = Int(reader.varint())
      let payload = UnsafeBufferPointer(rebasing: reader.bytes[reader.position..<reader.position + length])
      reader.position += length
      if role(of: node).facet { addFacet(node: node, doc: doc, kind: FacetKeyKind.raw, payload: payload) }
    }
  }

  private mutating func addNumber(_ value: Double, node: Int, doc: Int) {
    while numericBuilders.count <= node { numericBuilders.append(nil) }
    if numericBuilders[node] == nil { numericBuilders[node] = NumericColumnBuilder(path: trie.paths[node]) }
    numericBuilders[node]?.add(doc: doc, value: value)
    if role(of: node).facet {
      while facetBuilders.count <= node { facetBuilders.append(nil) }
      if facetBuilders[node] == nil { facetBuilders[node] = FacetColumnBuilder(path: trie.paths[node]) }
      facetBuilders[node]?.add(doc: doc, numberBits: (value == 0 ? 0 : value).bitPattern)
    }
  }

  private mutating func addFacet(node: Int, doc: Int, kind: UInt8, payload: UnsafeBufferPointer<UInt8>) {
    while facetBuilders.count <= node { facetBuilders.append(nil) }
    if facetBuilders[node] == nil { facetBuilders[node] = FacetColumnBuilder(path: trie.paths[node]) }
    // The key (kind byte, then payload) in temporary memory: on the stack for the usual short values.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: payload.count + 1) { buffer in
      guard let target = buffer.baseAddress else { return }
      target.initialize(to: kind)
      if let source = payload.baseAddress { (target + 1).initialize(from: source, count: payload.count) }
      facetBuilders[node]?.add(doc: doc, key: UnsafeBufferPointer(buffer))
    }
  }

  private mutating func countTerm(token: UInt32, doc: Int, rank: Int, isWhole: Bool) {
    let term = publishedTermOfToken?[Int(token)] ?? codec.dictionary.termOfToken[Int(token)]
    guard term != TokenDictionary.noTerm else { return }
    let index = Int(term)
    if index >= termFrequencies.count {
      let missing = index + 1 - termFrequencies.count
      termFrequencies.append(contentsOf: repeatElement(0, count: missing))
      termLastDoc.append(contentsOf: repeatElement(UInt32.max, count: missing))
      termLastLeadDoc.append(contentsOf: repeatElement(UInt32.max, count: missing))
      termBestRanks.append(contentsOf: repeatElement(Int.max, count: missing))
      termIsWhole.append(contentsOf: repeatElement(false, count: missing))
    }
    termBestRanks[index] = min(termBestRanks[index], rank)
    if isWhole { termIsWhole[index] = true }
    if rank == 0, termLastLeadDoc[index] != UInt32(doc) {
      termLastLeadDoc[index] = UInt32(doc)
      leadPairs.append((term, UInt32(doc)))
    }
    if termLastDoc[index] != UInt32(doc) {
      termLastDoc[index] = UInt32(doc)
      termFrequencies[index] += 1
      docTerms.append(term)
    }
  }
}
