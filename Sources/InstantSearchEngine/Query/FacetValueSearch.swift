import InstantSearchCore

extension SearchExecutor {
  /// Searches the values of a `searchable(…)` facet among the records matching the query and filters:
  /// a value matches when each word of `facetQuery` starts one of its words. Best counts first, ties by
  /// value; at most `maxFacetHits` (10 by default, 1 to 100).
  func searchFacetValues(attribute: String, facetQuery: String, maxFacetHits: Int?) throws(EngineError)
    -> FacetSearchResponse
  {
    guard let declared = snapshot.settings.faceting(attribute), declared.isSearchable else {
      throw .facetNotSearchable(attribute)
    }
    let limit = max(1, min(100, maxFacetHits ?? 10))
    let resolved = try resolve()
    let filters = FilterPlan(clauses: try LegacyFilterParser.clauses(of: query), snapshot: snapshot)
    let words = queryWords(typo: resolved.typoTolerance)
    var records = matchingRecords(words: words, filters: filters)
    if !words.isEmpty {
      let scorer = TextScorer(snapshot: snapshot, words: words)
      var scratch = TextScorer.Scratch()
      records = (records ?? []).filter { scorer.score(Int($0), scratch: &scratch) != nil }
    }
    guard let column = snapshot.facets[attribute] else { return FacetSearchResponse(facetHits: []) }
    var counts = [Int](repeating: 0, count: column.valueCount)
    if let records {
      for doc in records {
        column.forEachValue(Int(doc)) { counts[$0] += 1 }
      }
    } else {
      for value in 0..<column.valueCount { counts[value] = column.count(of: UInt32(value)) }
    }
    let searched = TextTokens.words(of: facetQuery)
    let preTag = query.highlightPreTag ?? snapshot.settings.highlightPreTag
    let postTag = query.highlightPostTag ?? snapshot.settings.highlightPostTag
    var hits: [Facet] = []
    for (value, count) in counts.enumerated() where count > 0 {
      guard let highlighted = Self.highlightPrefixes(column.keys[value], words: searched, pre: preTag, post: postTag)
      else { continue }
      hits.append(Facet(value: column.keys[value], count: count, highlighted: highlighted))
    }
    hits.sort { lhs, rhs in lhs.count != rhs.count ? lhs.count > rhs.count : UTF8Ordering.precedes(lhs.value, rhs.value)
    }
    return FacetSearchResponse(facetHits: Array(hits.prefix(limit)), exhaustiveFacetsCount: true, processingTimeMS: 0)
  }

  /// The value with each word that a query word starts highlighted, or `nil` when a query word starts
  /// none of its words.
  static func highlightPrefixes(_ value: String, words: [String], pre: String, post: String) -> String? {
    var pieces: [(word: String, rest: String, folded: String)] = []
    var value = value
    value.withUTF8 { bytes in
      TextTokens.forEachToken(in: bytes) { range, wordLength in
        let word = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<range.lowerBound + wordLength]),
          as: UTF8.self)
        let rest = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + wordLength)..<range.upperBound]),
          as: UTF8.self)
        pieces.append((word, rest, TextTokens.fold(word)))
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
