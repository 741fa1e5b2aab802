import InstantSearchModel

/// One query's work in one snapshot, with Algolia's semantics: its parameters resolved, its words and
/// matches found, its facets counted, its hits built — the pieces the stages of a ``ViewSearch`` use on
/// each segment.
struct SearchExecutor {
  let snapshot: IndexSnapshot
  let query: Query
  /// How text matches are ranked; every strategy gives the same answer.
  var ranking: TextScorer.RankingStrategy = .automatic
  /// Whether the side thread counts attributes of a ``FacetShare`` it splits with the caller (tests turn
  /// it off to have the caller count them all, which it otherwise does only when the side thread is slow).
  var sideTakesSharedFacets = true
  /// Whether the hits keep the index's `unretrievableAttributes` (a searcher with the admin key, or a key
  /// with the `seeUnretrievableAttributes` ACL).
  var seesUnretrievableAttributes = false
  /// The application's dictionaries (custom stop words and plurals); `nil`: the standard tables only.
  var dictionaries: LanguageDictionaries?
  /// The query's words given already read (see ``ViewSearch/wordsAsRead``); `nil`: read from its text.
  var wordsAsRead: [String]?

  /// The parameters after validation and defaults.
  struct Resolved {
    var hitsPerPage: Int
    var page: Int
    /// Offset-based pagination: the first position returned and how many (`nil`: pages).
    var window: (offset: Int, length: Int)?
    var maxValuesPerFacet: Int
    var typoTolerance: IndexSettings.TypoToleranceSetting
  }

  func resolve() throws(EngineError) -> Resolved {
    let settings = snapshot.settings
    let requestedPerPage = query.hitsPerPage ?? settings.hitsPerPage
    guard requestedPerPage >= 0 else {
      throw .invalidParameter(
        #"Value too small for "hitsPerPage" parameter, expected integer between 0 and 9223372036854775807"#)
    }
    // As Algolia: a page holds at most 1,000 hits, and a larger `hitsPerPage` is read as 1,000 (answered,
    // not refused; the response's `hitsPerPage` says what was applied).
    let hitsPerPage = min(requestedPerPage, SearchLimits.maximumHitsPerPage)
    let page = query.page ?? 0
    guard page >= 0 else { throw .invalidParameter("page must be 0 or more, got \(page)") }
    if let offset = query.offset, offset < 0 {
      throw .invalidParameter("offset must be 0 or more, got \(offset)")
    }
    if let length = query.length, !(0...1000).contains(length) {
      throw .invalidParameter("length must be between 0 and 1000, got \(length)")
    }
    for (name, size) in [
      ("minWordSizefor1Typo", query.minWordSizefor1Typo), ("minWordSizefor2Typos", query.minWordSizefor2Typos),
    ] {
      if let size, !(1...100).contains(size) {
        throw .invalidParameter("\(name) must be between 1 and 100, got \(size)")
      }
    }
    if let proximity = query.minProximity, !(1...7).contains(proximity) {
      throw .invalidParameter("minProximity must be between 1 and 7, got \(proximity)")
    }
    if let text = query.query, text.utf8.count > SearchLimits.maximumQueryBytes {
      throw .invalidParameter(
        #"Invalid value for "query" parameter, expected string shorter than \#(SearchLimits.maximumQueryBytes) bytes"#)
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
    // `length` counts only with an offset; without one, the hits per page.
    let window = query.offset.map { (offset: $0, length: query.length ?? hitsPerPage) }
    return Resolved(
      hitsPerPage: hitsPerPage, page: page, window: window, maxValuesPerFacet: maxValues, typoTolerance: typo)
  }

  /// The query's text as it reads: plain, or with the advanced syntax.
  ///
  /// With `removeStopWords`, the stop words of its languages are left out (see
  /// ``QueryText/removeStopWords(_:isPrefix:)``).
  var queryText: QueryText {
    var text = wordsAsRead.map(QueryText.init(words:)) ?? QueryText(of: query, analysis: snapshot.settings.textAnalysis)
    if let languages = LanguageData.languages(
      of: query.removeStopWords, query: query, indexLanguages: snapshot.settings.indexLanguages,
      every: LanguageData.stopWordLanguages)
    {
      let last = text.words.count - 1
      let type = query.queryType ?? snapshot.settings.queryType
      let stopWords = dictionaries?.stopWords(of: languages) ?? LanguageData.stopWords(of: languages)
      text.removeStopWords(stopWords) { index in
        type == .prefixAll || type == .prefixLast && index == last
      }
    }
    return text
  }

  /// What the query, whose text reads as `text`, asks of its words' occurrences in this snapshot (see
  /// ``TextConstraints``).
  func textConstraints(_ text: QueryText, words: [QueryWord] = []) -> TextConstraints {
    TextConstraints(query: query, text: text, snapshot: snapshot, words: words)
  }

  /// The query words, with the terms each matches. A word of an exact phrase matches whole, without
  /// typos or synonyms; a word of the index's `disableTypoToleranceOnWords`, a number with
  /// `allowTyposOnNumericTokens: false`, and a word of Han or kana (``WordSegmenter/isLogographic(_:)``),
  /// without typos.
  func queryWords(typo: IndexSettings.TypoToleranceSetting) -> [QueryWord] {
    let texts = queryText.words
    let settings = snapshot.settings
    // The query's own queryType and typo word sizes win over the index's (checked in `resolve()`).
    let oneTypo = query.minWordSizefor1Typo ?? settings.minWordSizefor1Typo
    let countingAsExact = query.alternativesCountingAsExact
    let singleWordSynonymsAreExact = countingAsExact.contains(.singleWordSynonym)
    let twoTypos = query.minWordSizefor2Typos ?? settings.minWordSizefor2Typos
    // The words as query words read (`iPhone` is `iphone`).
    // `ignorePlurals`: the other-number forms of a word match it as a synonym does, exact unless
    // `alternativesAsExact` leaves `ignorePlurals` out.
    let pluralLanguages = LanguageData.languages(
      of: query.ignorePlurals, query: query, indexLanguages: settings.indexLanguages, every: PluralForms.languages)
    let pluralsAreExact = countingAsExact.contains(.ignorePlurals)
    let compoundLanguages = decompoundingLanguages
    let typoFreeWords =
      settings.disableTypoToleranceOnWords.isEmpty
      ? [] : Set(settings.disableTypoToleranceOnWords.flatMap { settings.textAnalysis.words(of: $0) })
    return texts.enumerated().map { index, word in
      let text = word.text
      let isPrefix: Bool
      switch query.queryType ?? settings.queryType {
      case _ where word.isInPhrase: isPrefix = false
      case .prefixAll: isPrefix = true
      case .prefixLast: isPrefix = index == texts.count - 1
      case .prefixNone: isPrefix = false
      }
      let typosOff =
        typo == .disabled || word.isInPhrase || typoFreeWords.contains(text)
        || query.allowTyposOnNumericTokens == false && text.utf8.allSatisfy { (48...57).contains($0) }
        || WordSegmenter.isLogographic(text)
      let allowed =
        typosOff
        ? 0
        : QueryWord.allowedTypos(
          length: text.count, oneTypo: oneTypo, twoTypos: twoTypos)
      // The word being typed (the last) changes with every keystroke: only the words before it, which
      // the next keystrokes repeat, go through the cache; the last one's search resumes from where the
      // previous keystroke's stood.
      var alternatives =
        query.synonyms == false || word.isInPhrase
        ? [] : settings.synonymTable.alternatives(of: text, exact: singleWordSynonymsAreExact)
      if let pluralLanguages, !word.isInPhrase {
        let forms =
          dictionaries?.pluralForms(of: text, languages: pluralLanguages)
          ?? PluralForms.forms(of: text, languages: pluralLanguages)
        for form in forms
        where !alternatives.contains(where: { $0.word == form }) {
          alternatives.append(SynonymTable.Alternative(word: form, typos: 0, isExact: pluralsAreExact))
        }
      }
      if !word.isInPhrase {
        for derived in derivedAlternatives(of: text, isPrefix: isPrefix, languages: compoundLanguages)
        where !alternatives.contains(where: { $0.word == derived.word }) {
          alternatives.append(derived)
        }
      }
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

  /// The records holding one of the words the query excludes (`-word` in the advanced syntax), whole
  /// and without typos, in any searchable attribute; `nil` when it excludes none.
  func excludedRecords(_ text: QueryText) -> Bitset? {
    let excluded = text.excluded
    guard !excluded.isEmpty else { return nil }
    var records = Bitset(universe: snapshot.recordCount)
    for text in excluded {
      let word = QueryWord(text: text, isPrefix: false, allowedTypos: 0, index: snapshot.text)
      guard !word.runs.isEmpty else { continue }
      for doc in snapshot.text.records(of: word.runs, universe: snapshot.recordCount).sortedDocs {
        records.insert(doc)
      }
    }
    return records
  }

  /// The fewest matches whose facets are counted on the side thread: below, counting them costs less
  /// than handing them over.
  static let sideFacetsThreshold = 1_000

  /// The fewest matches whose facet attributes this thread counts too, after its own work: below, the
  /// side thread is done with them about when this thread is done with the hits.
  static let sharedFacetsThreshold = 8_000

  /// The positions of the hits returned — the requested page's, or `length` from `offset` — clamped to
  /// the reachable positions (so that every product stays small, whatever page or offset a request names),
  /// and the clamped page.
  func positionsNeeded(_ resolved: Resolved) -> (page: Int, shown: Range<Int>) {
    let reachable = snapshot.settings.reachablePositions
    let page = min(resolved.page, reachable)
    guard let window = resolved.window else {
      let start = min(page * resolved.hitsPerPage, reachable)
      return (page, start..<min((page + 1) * resolved.hitsPerPage, reachable))
    }
    let start = min(window.offset, reachable)
    return (page, start..<min(start + window.length, reachable))
  }

  /// The highlighter of `words` in this snapshot's records.
  func highlighter(words: [QueryWord]) -> Highlighter {
    let highlighter = Highlighter(
      words: words, terms: snapshot.textTerms, dictionary: snapshot.codec.dictionary,
      preTag: query.highlightPreTag ?? snapshot.settings.highlightPreTag,
      postTag: query.highlightPostTag ?? snapshot.settings.highlightPostTag)
    highlighter.replacesSynonyms = query.replaceSynonymsInHighlight == true
    let prefixFree = snapshot.settings.disablePrefixOnAttributes
    if !prefixFree.isEmpty, words.contains(where: \.isPrefix) {
      // The attributes without prefix matching are highlighted by the words as whole words.
      let whole = Highlighter(
        words: words.map { $0.asWholeWord(in: snapshot) }, terms: snapshot.textTerms,
        dictionary: snapshot.codec.dictionary, preTag: highlighter.preTag, postTag: highlighter.postTag)
      whole.replacesSynonyms = highlighter.replacesSynonyms
      highlighter.wholeWords = (whole, prefixFree)
    }
    let outside = TextConstraints.outsideNodes(words: words, in: snapshot)
    if !outside.isEmpty {
      // Outside a scope's attributes, a word matched through its alternatives is not highlighted either.
      let scopes = SynonymTable.Alternative.Scope.allCases.filter { !outside[$0.rawValue].isEmpty }
      var byOutside: [Set<SynonymTable.Alternative.Scope>: Highlighter] = [:]
      for mask in 1..<(1 << scopes.count) {
        let left = Set(scopes.indices.filter { mask & (1 << $0) != 0 }.map { scopes[$0] })
        byOutside[left] = self.highlighter(words: words.map { $0.without(left, in: snapshot) })
      }
      highlighter.scoped = Highlighter.Scoped(byOutside: byOutside, settings: snapshot.settings)
    }
    return highlighter
  }

  /// The fewest hits of a page of which half are built on the side thread: a hit takes a few microseconds.
  static let sideHitsThreshold = 8

  /// The hit of record `doc`. Every stored record has an objectID (loading refuses one without); a hit
  /// that cannot be built is reported with its record rather than left out of the page.
  func hit(_ doc: Int, highlighter: Highlighter) throws(EngineError) -> SearchHit {
    do {
      return try SearchHit(object: hitObject(doc, highlighter: highlighter))
    } catch {
      throw .invalidRecord(line: nil, reason: "stored record \(doc) cannot be a hit: \(error.message)")
    }
  }

  /// The response of a page of `hits` among `nbHits`, with the facet counts.
  func response(
    hits: [SearchHit], nbHits: Int, resolved: Resolved, facets: [String: [String: Int]], stats: [String: FacetStats]
  ) -> SearchResponse {
    let limit = min(nbHits, snapshot.settings.reachablePositions)
    let nbPages = resolved.hitsPerPage == 0 ? 0 : (limit + resolved.hitsPerPage - 1) / resolved.hitsPerPage
    var response = SearchResponse(
      hits: hits, nbHits: nbHits, page: resolved.page, nbPages: nbPages, hitsPerPage: resolved.hitsPerPage,
      processingTimeMS: 0, facets: facets, facetsStats: stats, exhaustiveFacetsCount: true,
      exhaustive: .init(nbHits: true, facetsCount: true, facetValues: true, typo: true),
      query: query.query ?? "", params: query.formEncodedParameters, index: snapshot.name)
    // Algolia sends both generations of the exhaustiveness flags, and `renderingContent` (`{}` when the index
    // sets none): this engine counts every match and applies typo tolerance to all of them.
    response.exhaustiveNbHits = true
    response.exhaustiveTypo = true
    response.renderingContent = snapshot.settings.renderingContent ?? RenderingContent()
    response.offset = resolved.window?.offset
    response.length = resolved.window?.length
    // A page that starts past the reachable positions while there are matches beyond them: no hits, and
    // Algolia's notice saying why.
    let reachable = snapshot.settings.reachablePositions
    let start = resolved.window?.offset ?? min(resolved.page, reachable) * resolved.hitsPerPage
    let asked = resolved.window?.length ?? resolved.hitsPerPage
    if nbHits > reachable, start >= reachable, asked > 0 { response.message = Self.paginationNotice(reachable) }
    return response
  }

  /// Algolia's notice for a page past `paginationLimitedTo` (`reachable` positions).
  static func paginationNotice(_ reachable: Int) -> String {
    "you can only fetch the \(reachable) hits for this query. You can extend the number of hits returned via the "
      + "paginationLimitedTo index parameter or use the browse method. You can read our FAQ for more details about "
      + "browsing: https://www.algolia.com/doc/faq/index-configuration/how-can-i-retrieve-all-the-records-in-my-index"
  }

  /// The `count` best records by custom ranking (all records when `matches` is `nil`); `bits`, when
  /// given, holds exactly `matches`.
  func topByCustomRank(_ matches: [UInt32]?, bits: Bitset? = nil, count: Int) -> [UInt32] {
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
      // The matches' bitset when matching built one (it holds exactly them), else one built now.
      let members =
        bits.flatMap { $0.words.count == (snapshot.recordCount + 63) / 64 ? $0 : nil }
        ?? Bitset(universe: snapshot.recordCount, matches)
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
