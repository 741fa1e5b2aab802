import InstantSearchModel

/// Multi-word synonyms: the query and its variants (each phrase of the query a synonym list names replaced
/// by one of its synonyms, see ``SynonymTable/variants(of:)``) are searched together. A record matches when
/// it matches any of them, with the best score any gives it; facets count every such record. The words
/// criterion counts the query's own words for all (every word of a variant must match, as of the query).
extension ViewSearch {
  /// The query variants its multi-word synonyms give (none with `synonyms: false`, nor for a query with
  /// an exact phrase or an excluded word of the advanced syntax, whose words a variant would lose).
  var synonymVariants: [SynonymTable.Variant] {
    let table = view.settings.synonymTable
    // Most indexes have no multi-word synonym: then the query is not read again.
    guard table.hasPhrases, query.synonyms != false, let text = query.query, !text.isEmpty else { return [] }
    if query.advancedSyntax == true {
      let read = QueryText(of: query, analysis: table.analysis)
      guard read.excluded.isEmpty, !read.words.contains(where: \.isInPhrase) else { return [] }
    }
    return table.variants(of: table.analysis.words(of: text))
  }

  /// Ranks `parts` (the query's) together with the matches of `variants`, keeping each part's `count`
  /// best.
  func rank(
    _ parts: inout [SegmentSearch], variants: [SynonymTable.Variant], count: Int,
    typoTolerance: IndexSettings.TypoToleranceSetting
  ) throws(EngineError) {
    let wordCount = parts.first?.words.count ?? 0
    var best = parts.map { _ in [UInt32: TextScore]() }
    func take(_ scored: [[(score: TextScore, doc: UInt32)]]) {
      for (index, entries) in scored.enumerated() where index < best.count {
        for (score, doc) in entries {
          var score = score
          score.words = wordCount
          if let known = best[index][doc], !(score < known) { continue }
          best[index][doc] = score
        }
      }
    }
    take(scoreEveryMatch(parts, typoTolerance: typoTolerance))
    for rewrite in variants {
      var variantQuery = query
      variantQuery.query = rewrite.words.joined(separator: " ")
      var variant = ViewSearch(view: view, query: variantQuery, ranking: ranking)
      // The words the synonym put in count as exact only with `multiWordsSynonym` in alternativesAsExact.
      if !rewrite.replacedAreExact && !query.alternativesCountingAsExact.contains(.multiWordsSynonym) {
        variant.inexactWords = rewrite.replaced
      }
      variant.wordsAsRead = rewrite.keepsWords ? rewrite.words : nil
      variant.hiddenObjectIDs = hiddenObjectIDs
      variant.seesUnretrievableAttributes = seesUnretrievableAttributes
      variant.dictionaries = dictionaries
      variant.geoSearch = geoSearch
      guard let plan = try SearchPlan(variant) else { continue }
      let variantParts = try variant.matchingParts(plan)
      take(variant.scoreEveryMatch(variantParts, typoTolerance: typoTolerance))
    }
    for index in parts.indices {
      let hits = best[index].map { (score: $0.value, doc: $0.key) }.sorted { $0.doc < $1.doc }
      let top = TextScorer.best(hits, count: count, rank: parts[index].segment.snapshot.customRank)
      parts[index].ranking = .init(
        nbHits: hits.count, ranked: top.map(\.doc), scores: top.map(\.score), counted: hits.map(\.doc))
    }
  }
}
