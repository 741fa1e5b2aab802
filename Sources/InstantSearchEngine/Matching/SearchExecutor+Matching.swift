extension SearchExecutor {
  /// The records matching the text and the filters, in increasing order; `nil` means every record (not
  /// in `excluded`: a segment's deleted records, left out as the sets are combined).
  func matchingRecords(words: [QueryWord], filters: FilterPlan, excluded: Bitset? = nil) -> [UInt32]? {
    matchingRecordsAndBits(words: words, filters: filters, excluded: excluded).docs
  }

  /// ``matchingRecords(words:filters:excluded:)``, with the matches as a bitset too when one was built
  /// for them (holding exactly the same records); with a `side` session, many records are read out of
  /// the bitset on two threads (``Bitset/members(side:)``).
  func matchingRecordsAndBits(
    words: [QueryWord], filters: FilterPlan, excluded: Bitset? = nil, side: SideSession? = nil
  ) -> (docs: [UInt32]?, bits: Bitset?) {
    matchSet(words: words, filters: filters, excluded: excluded, side: side, listing: true).listed(side: side)
  }

  /// The records matching the text and the filters (see ``matchingRecordsAndBits(words:filters:excluded:side:)``);
  /// a bitset built for them is read out when `listing`, else handed back as it is.
  ///
  /// A word `optional` marks does not restrict the matches; when every word is optional, a match holds
  /// at least one of them.
  func matchSet(
    words: [QueryWord], filters: FilterPlan, excluded: Bitset? = nil, optional: [Bool] = [], side: SideSession?,
    listing: Bool
  ) -> MatchSet {
    let universe = snapshot.recordCount
    // Each source of restriction with its estimated size: text words first, then filter clauses.
    var textSets: [DocSet] = []
    var optionalSets: [DocSet] = []
    for (index, word) in words.enumerated() {
      // The word being typed too: a query's disjunctive facet queries, a refinement clicked, the next page
      // or the server's popular queries ask for the same words again (merging a prefix's postings, "head"
      // at 1M records, was a tenth of W3).
      let records = snapshot.wordCache.records(word.cacheKey, word: word) {
        snapshot.text.records(of: word.runs, universe: universe)
      }
      if index < optional.count, optional[index] {
        optionalSets.append(records)
      } else {
        textSets.append(records)
      }
    }
    if textSets.isEmpty, !optionalSets.isEmpty {
      var any = Bitset(universe: universe)
      for set in optionalSets { any.formUnion(set.bitset(universe: universe)) }
      textSets = [.bits(any.words, count: any.count)]
    }
    if textSets.isEmpty && filters.clauses.isEmpty { return .every }
    if filters.clauses.isEmpty {
      let found = Self.intersection(textSets, universe: universe, excluded: excluded, side: side, listing: listing)
      guard let excluded, case .listed(let docs, bits: .none) = found else { return found }
      var kept: [UInt32] = []
      kept.reserveCapacity(docs.count)
      for doc in docs where !excluded.contains(doc) { kept.append(doc) }
      return .listed(kept, bits: nil)
    }
    var driverClause: Int?
    var driverSize = Int.max
    for (index, clause) in filters.clauses.enumerated() {
      let estimate = filters.estimate(clause: clause)
      if estimate < driverSize {
        driverSize = estimate
        driverClause = index
      }
    }
    var driverText: Int?
    for (index, set) in textSets.enumerated() where set.count < driverSize {
      driverSize = set.count
      driverText = index
      driverClause = nil
    }
    // A large driver: every restriction as a bitset, ANDed, is cheaper than checking each record.
    if driverSize > universe / 64, !filters.clauses.isEmpty {
      // Wide numeric ranges are checked on the records the other restrictions leave, when that is cheaper.
      let candidates = filters.deferrableClauses(survivors: 0)
      let survivors = min(filters.smallestEstimate(skipping: candidates), textSets.map(\.count).min() ?? universe)
      let deferred = candidates.isEmpty ? [] : filters.deferrableClauses(survivors: survivors)
      var words = filters.bits(skipping: deferred)
      // In place through buffers: an array subscript assignment in a loop checks the array's uniqueness
      // at every word (15,625 words at 1M records).
      words.withUnsafeMutableBufferPointer { words in
        if let excluded {
          excluded.words.withUnsafeBufferPointer { excluded in
            for index in 0..<min(words.count, excluded.count) { words[index] &= ~excluded[index] }
          }
        }
        for set in textSets {
          switch set {
          case .bits(let other, _):
            other.withUnsafeBufferPointer { other in
              for index in 0..<min(words.count, other.count) { words[index] &= other[index] }
            }
          case .sorted(let docs):
            var mask = [UInt64](repeating: 0, count: words.count)
            for doc in docs { Bitset.insert(doc, in: &mask) }
            mask.withUnsafeBufferPointer { mask in
              for index in 0..<words.count { words[index] &= mask[index] }
            }
          }
        }
      }
      // The records left are counted, and listed when asked, as the deferred clauses are checked, rather
      // than in a pass after.
      switch filters.keep(&words, passing: deferred, listing: listing, side: side) {
      case .some(let kept):
        guard let docs = kept.docs else { return .unlisted(Bitset(words: words), count: kept.count) }
        return .listed(docs, bits: Bitset(words: words))
      case .none: return .of(Bitset(words: words), listing: listing, side: side)
      }
    }
    // Candidates from the driver, checked against every other restriction as they are produced.
    var result: [UInt32] = []
    var needsSorting = false
    let others = textSets.enumerated().filter { $0.offset != driverText }.map(\.element)
    func check(_ doc: UInt32) {
      if let excluded, excluded.contains(doc) { return }
      for set in others where !set.contains(doc) { return }
      if filters.matches(Int(doc), skipping: driverClause) { result.append(doc) }
    }
    if let driverText {
      for doc in textSets[driverText].sortedDocs { check(doc) }
    } else if let driverClause {
      let sources = filters.sources(of: filters.clauses[driverClause])
      needsSorting = sources.lists.count > 1 || sources.bits != nil && !sources.lists.isEmpty
      for list in sources.lists { for doc in list { check(doc) } }
      if let bits = sources.bits { for doc in Bitset(words: bits).members { check(doc) } }
    } else {
      for doc in 0..<UInt32(universe) { check(doc) }
    }
    if needsSorting {
      result.sort()
      var unique: [UInt32] = []
      unique.reserveCapacity(result.count)
      for doc in result where unique.last != doc { unique.append(doc) }
      return .listed(unique, bits: nil)
    }
    return .listed(result, bits: nil)
  }

  /// The records in every one of `sets` (not empty), in increasing order: bitsets ANDed word by word
  /// when the smallest set is large (the records of `excluded` taken out of them, and the bitset given
  /// back), else the smallest set's records checked against the others (`excluded` left to the caller).
  /// With a `side` session, many records are read out of the bitset on two threads; without `listing`,
  /// the bitset is handed back unread.
  static func intersection(
    _ sets: [DocSet], universe: Int, excluded: Bitset? = nil, side: SideSession? = nil, listing: Bool = true
  ) -> MatchSet {
    let sets = sets.sorted { $0.count < $1.count }
    guard let smallest = sets.first else { return .listed([], bits: nil) }
    if case .bits = smallest {
      var result = smallest.bitset(universe: universe)
      for set in sets.dropFirst() { result.formIntersection(set.bitset(universe: universe)) }
      if let excluded { result.subtract(excluded) }
      return .of(result, listing: listing, side: side)
    }
    var result = Array(smallest.sortedDocs)
    for set in sets.dropFirst() { result = set.intersect(result) }
    return .listed(result, bits: nil)
  }
}
