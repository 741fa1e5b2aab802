import InstantSearchCore

/// Answers one query against one snapshot, with Algolia's semantics.
struct SearchExecutor {
  let snapshot: IndexSnapshot
  let query: Query
  /// How text matches are ranked; every strategy gives the same answer.
  var ranking: TextScorer.RankingStrategy = .automatic

  /// The parameters after validation and defaults.
  struct Resolved {
    var hitsPerPage: Int
    var page: Int
    var maxValuesPerFacet: Int
    var typoTolerance: IndexSettings.TypoToleranceSetting
  }

  func resolve() throws(EngineError) -> Resolved {
    let settings = snapshot.settings
    let hitsPerPage = query.hitsPerPage ?? settings.hitsPerPage
    guard (0...1000).contains(hitsPerPage) else {
      throw .invalidParameter("hitsPerPage must be between 0 and 1000, got \(hitsPerPage)")
    }
    let page = query.page ?? 0
    guard page >= 0 else { throw .invalidParameter("page must be 0 or more, got \(page)") }
    if let text = query.query, text.utf8.count > SearchLimits.maximumQueryBytes {
      throw .invalidParameter("query must be at most \(SearchLimits.maximumQueryBytes) bytes, got \(text.utf8.count)")
    }
    if let facets = query.facets, facets.count > SearchLimits.maximumFacetCount {
      throw .invalidParameter(
        "facets must name at most \(SearchLimits.maximumFacetCount) attributes, got \(facets.count)")
    }
    for (name, tag) in [
      ("highlightPreTag", query.highlightPreTag), ("highlightPostTag", query.highlightPostTag),
      ("snippetEllipsisText", query.snippetEllipsisText),
    ] {
      if let tag, tag.utf8.count > IndexSettings.maximumTagBytes {
        throw .invalidParameter("\(name) must be at most \(IndexSettings.maximumTagBytes) bytes, got \(tag.utf8.count)")
      }
    }
    let maxValues = query.maxValuesPerFacet ?? settings.maxValuesPerFacet
    guard (0...1000).contains(maxValues) else {
      throw .invalidParameter("maxValuesPerFacet must be between 0 and 1000, got \(maxValues)")
    }
    var typo = settings.typoTolerance
    switch query.typoTolerance {
    case .enabled(let enabled)?: typo = enabled ? .enabled : .disabled
    case .min?: typo = .min
    case .strict?: typo = .strict
    case nil: break
    }
    return Resolved(hitsPerPage: hitsPerPage, page: page, maxValuesPerFacet: maxValues, typoTolerance: typo)
  }

  /// The query words, with the terms each matches.
  func queryWords(typo: IndexSettings.TypoToleranceSetting) -> [QueryWord] {
    let texts = TextTokens.words(of: query.query ?? "")
    let settings = snapshot.settings
    return texts.enumerated().map { index, text in
      let isPrefix: Bool
      switch settings.queryType {
      case .prefixAll: isPrefix = true
      case .prefixLast: isPrefix = index == texts.count - 1
      case .prefixNone: isPrefix = false
      }
      let allowed =
        typo == .disabled
        ? 0
        : QueryWord.allowedTypos(
          length: text.count, oneTypo: settings.minWordSizefor1Typo, twoTypos: settings.minWordSizefor2Typos)
      // The word being typed (the last) changes with every keystroke: only the words before it, which
      // the next keystrokes repeat, go through the cache; the last one's search resumes from where the
      // previous keystroke's stood.
      let alternatives = query.synonyms == false ? [] : settings.synonymTable.alternatives(of: text)
      guard index < texts.count - 1 else {
        let search = TermSearch(query: Array(text.utf8), isPrefix: isPrefix, limit: max(0, allowed))
        return QueryWord(
          text: text, isPrefix: isPrefix, allowedTypos: allowed,
          runs: snapshot.termFrontiers.runs(of: search, in: snapshot.text.terms), terms: snapshot.text.terms,
          alternatives: alternatives)
      }
      let key = WordCache.Key(text: text, isPrefix: isPrefix, allowedTypos: allowed, alternatives: alternatives)
      return snapshot.wordCache.word(key) {
        QueryWord(
          text: text, isPrefix: isPrefix, allowedTypos: allowed, index: snapshot.text, alternatives: alternatives)
      }
    }
  }

  /// The records matching the text and the filters, in increasing order; `nil` means every record (not
  /// in `excluded`: a segment's deleted records, left out as the sets are combined).
  func matchingRecords(words: [QueryWord], filters: FilterPlan, excluded: Bitset? = nil) -> [UInt32]? {
    matchingRecordsAndBits(words: words, filters: filters, excluded: excluded).docs
  }

  /// ``matchingRecords(words:filters:excluded:)``, with the matches as a bitset too when one was built
  /// for them (holding exactly the same records).
  func matchingRecordsAndBits(words: [QueryWord], filters: FilterPlan, excluded: Bitset? = nil)
    -> (docs: [UInt32]?, bits: Bitset?)
  {
    let universe = snapshot.recordCount
    // Each source of restriction with its estimated size: text words first, then filter clauses.
    var textSets: [DocSet] = []
    for (index, word) in words.enumerated() {
      guard index < words.count - 1 else {
        textSets.append(snapshot.text.records(of: word.runs, universe: universe))
        continue
      }
      textSets.append(
        snapshot.wordCache.records(word.cacheKey, word: word) {
          snapshot.text.records(of: word.runs, universe: universe)
        })
    }
    if textSets.isEmpty && filters.clauses.isEmpty { return (nil, nil) }
    if filters.clauses.isEmpty {
      let (docs, bits) = Self.intersection(textSets, universe: universe, excluded: excluded)
      guard let excluded, bits == nil else { return (docs, bits) }
      var kept: [UInt32] = []
      kept.reserveCapacity(docs.count)
      for doc in docs where !excluded.contains(doc) { kept.append(doc) }
      return (kept, nil)
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
      filters.keep(&words, passing: deferred)
      let bits = Bitset(words: words)
      return (bits.members, bits)
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
      return (unique, nil)
    }
    return (result, nil)
  }

  /// The records in every one of `sets` (not empty), in increasing order: bitsets ANDed word by word
  /// when the smallest set is large (the records of `excluded` taken out of them, and the bitset given
  /// back), else the smallest set's records checked against the others (`excluded` left to the caller).
  static func intersection(
    _ sets: [DocSet], universe: Int, excluded: Bitset? = nil
  ) -> (docs: [UInt32], bits: Bitset?) {
    let sets = sets.sorted { $0.count < $1.count }
    guard let smallest = sets.first else { return ([], nil) }
    if case .bits = smallest {
      var result = smallest.bitset(universe: universe)
      for set in sets.dropFirst() { result.formIntersection(set.bitset(universe: universe)) }
      if let excluded { result.subtract(excluded) }
      return (result.members, result)
    }
    var result = Array(smallest.sortedDocs)
    for set in sets.dropFirst() { result = set.intersect(result) }
    return (result, nil)
  }

  /// Runs the query.
  func run() throws(EngineError) -> SearchResponse {
    let resolved = try resolve()
    let filters = FilterPlan(clauses: try LegacyFilterParser.clauses(of: query), snapshot: snapshot)
    let words = queryWords(typo: resolved.typoTolerance)
    let (matches, matchBits) = matchingRecordsAndBits(words: words, filters: filters)

    let (page, positionsNeeded) = positionsNeeded(resolved)
    let ranking: TextScorer.Ranking
    if words.isEmpty {
      ranking = .init(
        nbHits: matches?.count ?? snapshot.recordCount, ranked: topByCustomRank(matches, count: positionsNeeded),
        counted: matches)
    } else {
      var scorer = TextScorer(snapshot: snapshot, words: words)
      scorer.matchBits = matchBits
      ranking = scorer.rank(
        matches ?? [], count: positionsNeeded, typoTolerance: resolved.typoTolerance, strategy: self.ranking)
    }
    let (nbHits, ranked, counted) = (ranking.nbHits, ranking.ranked, ranking.counted)

    let start = page * resolved.hitsPerPage
    let pageDocs = start < ranked.count ? Array(ranked[start..<min(ranked.count, start + resolved.hitsPerPage)]) : []
    let highlighter = highlighter(words: words)
    let hits = try pageDocs.map { doc throws(EngineError) in try hit(Int(doc), highlighter: highlighter) }
    // The counted records are the matches (as their bitset holds them) unless ranking left some out.
    let countedBits = counted != nil && counted?.count == matches?.count ? matchBits : nil
    let (facets, stats) = facetCounts(counted, bits: countedBits, resolved: resolved)
    return response(hits: hits, nbHits: nbHits, resolved: resolved, facets: facets, stats: stats)
  }

  /// The positions a page needs ranked: every hit up to the end of the requested page, clamped to the
  /// reachable positions (so that every product stays small, whatever page a request names), and the
  /// clamped page.
  func positionsNeeded(_ resolved: Resolved) -> (page: Int, positions: Int) {
    let reachable = snapshot.settings.reachablePositions
    let page = min(resolved.page, reachable)
    return (page, min((page + 1) * resolved.hitsPerPage, reachable))
  }

  /// The highlighter of `words` in this snapshot's records.
  func highlighter(words: [QueryWord]) -> Highlighter {
    Highlighter(
      words: words, text: snapshot.text, dictionary: snapshot.codec.dictionary,
      preTag: query.highlightPreTag ?? snapshot.settings.highlightPreTag,
      postTag: query.highlightPostTag ?? snapshot.settings.highlightPostTag)
  }

  /// The hit of record `doc`. Every stored record has an objectID (loading refuses one without); a hit
  /// that cannot be built is reported with its record rather than left out of the page.
  func hit(_ doc: Int, highlighter: Highlighter) throws(EngineError) -> Hit {
    do {
      return try Hit(object: hitObject(doc, highlighter: highlighter))
    } catch {
      throw .invalidRecord(line: nil, reason: "stored record \(doc) cannot be a hit: \(error.message)")
    }
  }

  /// The response of a page of `hits` among `nbHits`, with the facet counts.
  func response(
    hits: [Hit], nbHits: Int, resolved: Resolved, facets: [String: [String: Int]], stats: [String: FacetStats]
  ) -> SearchResponse {
    let limit = min(nbHits, snapshot.settings.reachablePositions)
    let nbPages = resolved.hitsPerPage == 0 ? 0 : (limit + resolved.hitsPerPage - 1) / resolved.hitsPerPage
    var response = SearchResponse(
      hits: hits, nbHits: nbHits, page: resolved.page, nbPages: nbPages, hitsPerPage: resolved.hitsPerPage,
      processingTimeMS: 0, facets: facets, facetsStats: stats, exhaustiveFacetsCount: true,
      exhaustive: .init(nbHits: true, facetsCount: true, facetValues: true, typo: true),
      query: query.query ?? "", params: query.urlEncodedParameters, index: snapshot.name)
    response.renderingContent = snapshot.settings.renderingContent
    return response
  }

  /// The `count` best records by custom ranking (all records when `matches` is `nil`).
  func topByCustomRank(_ matches: [UInt32]?, count: Int) -> [UInt32] {
    guard count > 0 else { return [] }
    let order = snapshot.customOrder
    // Every record: the custom order's first records (a heap over all of them took ~2 ms at 1M).
    guard let matches else { return Array(order.prefix(count)) }
    // Many matches: the custom order read from its start finds `count` of them after about
    // count × records / matches entries, a sequential read and a bit test each, against a heap offered
    // every match (a random read of its rank each). Read when that is expected to be shorter, at most
    // twice as many entries as there are matches (matches bunched late in the order then fall back on the
    // heap, so the worst case is three times the heap's cost).
    let expected = count.multipliedReportingOverflow(by: snapshot.recordCount).partialValue / max(matches.count, 1)
    if matches.count >= 1024, expected <= matches.count {
      let members = Bitset(universe: snapshot.recordCount, matches)
      let wanted = min(count, matches.count)
      var top: [UInt32] = []
      top.reserveCapacity(wanted)
      for doc in order.prefix(2 * matches.count) where members.contains(doc) {
        top.append(doc)
        if top.count == wanted { return top }
      }
    }
    let rank = snapshot.customRank
    var heap = MaxHeap(capacity: count)
    rank.withUnsafeBufferPointer { rank in
      for doc in matches { heap.offer(UInt64(rank[Int(doc)]) << 32 | UInt64(doc)) }
    }
    return heap.sortedAscending().map { UInt32(truncatingIfNeeded: $0) }
  }
}

/// Keeps the `capacity` smallest values offered.
struct MaxHeap {
  private var storage: [UInt64] = []
  let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
    storage.reserveCapacity(capacity)
  }

  mutating func offer(_ value: UInt64) {
    if storage.count < capacity {
      storage.append(value)
      var child = storage.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard storage[parent] < storage[child] else { break }
        storage.swapAt(parent, child)
        child = parent
      }
    } else if let top = storage.first, value < top {
      storage[0] = value
      var parent = 0
      while true {
        let left = 2 * parent + 1
        let right = left + 1
        var largest = parent
        if left < storage.count, storage[left] > storage[largest] { largest = left }
        if right < storage.count, storage[right] > storage[largest] { largest = right }
        if largest == parent { break }
        storage.swapAt(parent, largest)
        parent = largest
      }
    }
  }

  func sortedAscending() -> [UInt64] { storage.sorted() }
}
