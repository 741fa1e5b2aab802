import Dispatch
import InstantSearchModel

extension SnapshotBuilder {
  /// The snapshot of everything added, where a record whose `objectID` appeared before replaces the
  /// earlier one in its position.
  func deduplicated() -> IndexSnapshot {
    let snapshot = build()
    // The object ID index holds the records sorted by hash, then record: equal ids are in one run.
    let (hashes, docs) = snapshot.objectIDs.parts
    var replacement: [Int: Int] = [:]
    var dropped = Set<Int>()
    var index = 0
    while index < hashes.count {
      var end = index + 1
      while end < hashes.count, hashes[end] == hashes[index] { end += 1 }
      if end - index > 1 {
        var firstByID: [String: Int] = [:]
        for position in index..<end {
          let doc = Int(docs[position])
          let id = snapshot.objectID(doc) ?? ""
          if let first = firstByID[id] {
            replacement[first] = doc
            dropped.insert(doc)
          } else {
            firstByID[id] = doc
          }
        }
      }
      index = end
    }
    guard !dropped.isEmpty else { return snapshot }
    var rebuilt = SnapshotBuilder(name: name, settings: settings, codec: codec)
    rebuilt.inheritVerification(from: store)
    for doc in 0..<store.count where !dropped.contains(doc) {
      store.withRecord(replacement[doc] ?? doc) { rebuilt.add(packed: $0) }
    }
    return rebuilt.build()
  }

  /// The record count from which the parts of a snapshot are built on several threads.
  static let parallelBuildThreshold = 4096

  /// The snapshot of everything added.
  func build() -> IndexSnapshot {
    let count = store.count
    // Independent parts, built on as many cores as there are, taken in turn by the threads: the text
    // index, numeric columns with the custom ranking, the object ID index, and each facet column on its
    // own. The facet columns were one part: at a million records the text index (220 ms) and the
    // numerics then the facets (130 + 211 ms) took the two cores, and the build waited on the second. The
    // longer parts come first, so that the short ones fill in at the end: the object ID index (~45 ms at
    // a million records) taken last, or the price column (77,665 values: ~100 ms) among the last, ran
    // alone while the other core waited.
    let facetParts = facetBuilders.compactMap { $0 }
    let facetSchedule = facetParts.indices.sorted { facetParts[$0].buildCost > facetParts[$1].buildCost }
    let results = Locked<
      (
        facets: [FacetColumn?], numerics: [String: NumericColumn], rank: [UInt32], order: [UInt32],
        text: TextIndex?, objectIDs: ObjectIDIndex?
      )
    >(
      ([FacetColumn?](repeating: nil, count: facetParts.count), [:], [], [], nil, nil))
    let buildPart = { @Sendable (part: Int) in
      switch part {
      case 0:
        let text = buildTextIndex()
        results.withLock { $0.text = text }
      case 1:
        var numerics: [String: NumericColumn] = [:]
        for builder in numericBuilders.compactMap({ $0 }) { numerics[builder.path] = builder.build(recordCount: count) }
        let ranking = Self.customRanking(count: count, settings: settings, numerics: numerics)
        results.withLock {
          $0.numerics = numerics
          $0.rank = ranking.rank
          $0.order = ranking.order
        }
      case 2:
        let objectIDs = ObjectIDIndex(hashed: objectIDHashes)
        results.withLock { $0.objectIDs = objectIDs }
      default:
        let index = facetSchedule[part - 3]
        let column = facetParts[index].build(recordCount: count, dictionary: codec.dictionary)
        results.withLock { $0.facets[index] = column }
      }
    }
    let parts = 3 + facetParts.count
    // Small segments (a write's) build their parts in turn: waking threads would cost more than the work.
    if count >= Self.parallelBuildThreshold {
      DispatchQueue.concurrentPerform(iterations: parts, execute: buildPart)
    } else {
      for part in 0..<parts { buildPart(part) }
    }
    var searchableNodes: [Int: IndexSettings.SearchableAttribute] = [:]
    for (node, role) in roles.enumerated() {
      if let searchable = role?.searchable { searchableNodes[node] = searchable }
    }
    let (columns, numerics, rank, order, text, objectIDs) = results.withLock {
      ($0.facets, $0.numerics, $0.rank, $0.order, $0.text, $0.objectIDs)
    }
    // In the builders' order, as one thread made them: of two columns under one path (keys holding dots
    // can make two nodes of a path), the later one is kept.
    var facets: [String: FacetColumn] = [:]
    for (builder, column) in zip(facetParts, columns) {
      facets[builder.path] = column ?? builder.build(recordCount: count, dictionary: codec.dictionary)
    }
    let snapshot = IndexSnapshot(
      name: name, settings: settings, codec: codec, store: store, trie: trie, facets: facets, numerics: numerics,
      text: VerifiedPart(text ?? buildTextIndex()), searchableNodes: searchableNodes,
      objectIDs: VerifiedPart(objectIDs ?? ObjectIDIndex(hashed: objectIDHashes)),
      hasRepeatedRootKeys: hasRepeatedRootKeys,
      customRank: RankPermutation(Column(rank)), customOrder: Column(order))
    // A large index's first query asking for a price facet would otherwise make the link (a pass over the
    // records, ~5 ms at 1M): the first keystroke after loading was the slowest of a session.
    if count >= Self.parallelBuildThreshold { snapshot.prepareNumericFacetLinks() }
    return snapshot
  }

  func buildTextIndex() -> TextIndex {
    let dictionary = codec.dictionary
    let termCount = dictionary.termCount
    let recordCount = store.count
    // Terms are renumbered in byte order, so that prefixes and typo runs are ranges of ids.
    let order = (0..<UInt32(termCount)).sorted {
      dictionary.terms.bytes($0).lexicographicallyPrecedes(dictionary.terms.bytes($1))
    }
    var idOfTerm = [UInt32](repeating: 0, count: termCount)
    for (id, term) in order.enumerated() { idOfTerm[Int(term)] = UInt32(id) }
    let sortedTerms = SortedTerms(sorted: order.lazy.map { dictionary.terms.bytes($0) })
    let termOfToken = dictionary.termOfToken.map { $0 == TokenDictionary.noTerm ? $0 : idOfTerm[Int($0)] }
    // Terms held by many records get a bitset (smaller than their postings); the others a posting list.
    let denseThreshold = max(4096, recordCount / 32)
    var isDense = [Bool](repeating: false, count: termCount)
    var starts = [UInt32](repeating: 0, count: termCount + 1)
    var bestRanks = [Int](repeating: Int.max, count: termCount)
    var wholeTerms = [UInt64](repeating: 0, count: (termCount + 63) / 64)
    for id in 0..<termCount {
      let term = Int(order[id])
      let frequency = term < termFrequencies.count ? termFrequencies[term] : 0
      if term < termBestRanks.count { bestRanks[id] = termBestRanks[term] }
      if term < termIsWhole.count, termIsWhole[term] { wholeTerms[id >> 6] |= 1 << UInt64(id & 63) }
      isDense[id] = Int(frequency) >= denseThreshold
      starts[id + 1] = starts[id] + (isDense[id] ? 0 : frequency)
    }
    // Dense terms' bitsets side by side in one buffer, addressed by slot.
    var slotOfTerm = [Int](repeating: -1, count: termCount)
    var denseTerms: [UInt32] = []
    for id in 0..<termCount where isDense[id] {
      slotOfTerm[id] = denseTerms.count
      denseTerms.append(UInt32(id))
    }
    let wordsPerSet = (recordCount + 63) / 64
    var denseWords = [UInt64](repeating: 0, count: denseTerms.count * wordsPerSet)
    var cursor = starts
    // Written in place, each entry once: a term's list takes as many entries as it has records
    // (`termFrequencies`, counted once a record as `docTerms` lists it).
    let postings = Column<UInt32>(count: Int(starts[termCount])) { postings in
      docTerms.withUnsafeBufferPointer { docTerms in
        denseWords.withUnsafeMutableBufferPointer { denseWords in
          for doc in 0..<recordCount {
            for index in Int(docTermStarts[doc])..<Int(docTermStarts[doc + 1]) {
              let id = Int(idOfTerm[Int(docTerms[index])])
              let slot = slotOfTerm[id]
              if slot >= 0 {
                Bitset.insert(doc, in: &denseWords, wordOffset: slot * wordsPerSet)
              } else {
                postings.initializeElement(at: Int(cursor[id]), to: UInt32(doc))
                cursor[id] += 1
              }
            }
          }
        }
      }
    }
    // Rank-0 postings, unless they would cost more than a few entries a record (every attribute of
    // equal first priority unordered, say).
    var leads: LeadPostings?
    if leadPairs.count <= 4 * max(recordCount, 1) {
      var leadStarts = [UInt32](repeating: 0, count: termCount + 1)
      for pair in leadPairs { leadStarts[Int(idOfTerm[Int(pair.term)]) + 1] += 1 }
      for id in 0..<termCount { leadStarts[id + 1] += leadStarts[id] }
      var leadDocs = [UInt32](repeating: 0, count: leadPairs.count)
      var next = leadStarts
      for pair in leadPairs {
        let id = Int(idOfTerm[Int(pair.term)])
        leadDocs[Int(next[id])] = pair.doc
        next[id] += 1
      }
      leads = LeadPostings(records: PostingLists(starts: leadStarts, records: leadDocs))
    }
    return TextIndex(
      terms: sortedTerms, termOfToken: termOfToken,
      postings: PostingLists(starts: Column(starts), form: .plain(postings)),
      dense: DenseSets(keys: Column(denseTerms), words: Column(denseWords), wordsPerSet: wordsPerSet),
      bestRanks: bestRanks, leads: leads, wholeTerms: wholeTerms)
  }
}
