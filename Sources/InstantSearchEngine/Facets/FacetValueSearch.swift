import InstantSearchModel

extension SearchExecutor {
  /// Searches the values of a `searchable(…)` facet among the records matching the query and filters:
  /// a value matches when each word of `facetQuery` starts one of its words. Best counts first, ties by
  /// value; at most `maxFacetHits` (the index's `maxFacetHits`, 10 by default; 1 to 100).
  func searchFacetValues(attribute: String, facetQuery: String, maxFacetHits: Int?) throws(EngineError)
    -> FacetSearchResponse
  {
    let counts = try facetValueCounts(attribute: attribute, liveIn: nil)
    return facetHits(counts, facetQuery: facetQuery, maxFacetHits: maxFacetHits)
  }

  /// How many of the records matching the query and filters hold each value of a
  /// `searchable(…)` facet (values held by none are left out); deleted records of `segment` do not count.
  func facetValueCounts(attribute: String, liveIn segment: Segment?) throws(EngineError) -> [(
    value: String, count: Int
  )] {
    guard let declared = snapshot.settings.faceting(attribute), declared.isSearchable else {
      throw .facetNotSearchable(attribute)
    }
    let resolved = try resolve()
    let filters = FilterPlan(clauses: try LegacyFilterParser.clauses(of: query), snapshot: snapshot)
    let words = queryWords(typo: resolved.typoTolerance)
    var records = matchingRecords(words: words, filters: filters, excluded: segment?.deleted)
    if let segment, segment.deletedCount > 0, records == nil { records = segment.liveDocs }
    let text = queryText
    if let excluded = excludedRecords(text) {
      records = (records ?? Array(0..<UInt32(snapshot.recordCount))).filter { !excluded.contains($0) }
    }
    if !words.isEmpty {
      let scorer = TextScorer(snapshot: snapshot, words: words, constraints: textConstraints(text))
      var scratch = TextScorer.Scratch()
      records = (records ?? []).filter { scorer.score(Int($0), scratch: &scratch) != nil }
    }
    guard let column = snapshot.facets[attribute] else { return [] }
    var counts = [Int](repeating: 0, count: column.valueCount)
    if let records {
      for doc in records {
        column.forEachValue(Int(doc)) { counts[$0] += 1 }
      }
    } else {
      for value in 0..<column.valueCount { counts[value] = column.count(of: UInt32(value)) }
    }
    return counts.enumerated().filter { $0.element > 0 }.map { (column.keys[$0.offset], $0.element) }
  }

  /// The facet hits among `counts` for `facetQuery`: best counts first, ties by value.
  func facetHits(_ counts: [(value: String, count: Int)], facetQuery: String, maxFacetHits: Int?)
    -> FacetSearchResponse
  {
    let limit = max(1, min(100, maxFacetHits ?? snapshot.settings.maxFacetHits))
    let analysis = snapshot.settings.textAnalysis
    let searched = analysis.words(of: facetQuery)
    let preTag = query.highlightPreTag ?? snapshot.settings.highlightPreTag
    let postTag = query.highlightPostTag ?? snapshot.settings.highlightPostTag
    var hits: [Facet] = []
    for (value, count) in counts {
      guard
        let highlighted = Self.highlightPrefixes(value, words: searched, pre: preTag, post: postTag, analysis: analysis)
      else { continue }
      hits.append(Facet(value: value, count: count, highlighted: highlighted))
    }
    hits.sort { lhs, rhs in lhs.count != rhs.count ? lhs.count > rhs.count : UTF8Ordering.precedes(lhs.value, rhs.value)
    }
    return FacetSearchResponse(facetHits: Array(hits.prefix(limit)), exhaustiveFacetsCount: true, processingTimeMS: 0)
  }

  /// The value with each word that a query word starts highlighted, or `nil` when a query word starts
  /// none of its words; words cut and folded by `analysis` (the index's).
  static func highlightPrefixes(
    _ value: String, words: [String], pre: String, post: String, analysis: TextAnalysis = .standard
  ) -> String? {
    var pieces: [(word: String, rest: String, folded: String)] = []
    var value = value
    value.withUTF8 { bytes in
      analysis.forEachToken(in: bytes) { range, wordLength in
        let word = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<range.lowerBound + wordLength]),
          as: UTF8.self)
        let rest = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + wordLength)..<range.upperBound]),
          as: UTF8.self)
        pieces.append((word, rest, analysis.fold(word)))
      }
    }
    var lengths = [Int](repeating: 0, count: pieces.count)
    for queryWord in words {
      guard
        let index = pieces.indices.first(where: { !pieces[$0].word.isEmpty && pieces[$0].folded.hasPrefix(queryWord) })
      else { return nil }
      lengths[index] = max(lengths[index], min(queryWord.count, pieces[index].word.count))
    }
    var output = ""
    for (index, piece) in pieces.enumerated() {
      if lengths[index] > 0 {
        let split = piece.word.index(piece.word.startIndex, offsetBy: lengths[index])
        output += pre + piece.word[..<split] + post + piece.word[split...] + piece.rest
      } else {
        output += piece.word + piece.rest
      }
    }
    return output
  }
}
