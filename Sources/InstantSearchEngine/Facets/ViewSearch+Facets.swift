import InstantSearchModel

extension ViewSearch {
  /// The requested facets' counts summed over the parts' counted records, by value, then cut to
  /// `maxValuesPerFacet` as one snapshot would (by count then value, or by value); statistics combined.
  ///
  /// The part counting the most records is the base: its values are counted by id, and the other parts'
  /// values are added to the base's ids (or kept aside by key when the base lacks them). Only the base's
  /// best `maxValuesPerFacet` can be among the best overall (the order of the base's values among
  /// themselves is the overall one), so only they and the values kept aside become strings.
  ///
  /// Counts over every live record (no query words, no filters) are kept on the view for the next query.
  func facetCounts(
    _ parts: [SegmentSearch], resolved: SearchExecutor.Resolved
  ) -> (facets: [String: [String: Int]], stats: [String: FacetStats]) {
    guard let paths = parts.first?.executor.requestedFacets(), !paths.isEmpty else { return ([:], [:]) }
    guard parts.allSatisfy({ $0.ranking.counted == nil }) else { return countFacets(parts, paths, resolved) }
    let key = IndexView.LiveFacetKey(
      paths: paths, maxValues: resolved.maxValuesPerFacet, alphabetical: query.sortFacetValuesBy == .alpha)
    if let known = view.liveFacetTotals.withLock({ $0[key] }) { return known }
    let totals = countFacets(parts, paths, resolved)
    view.liveFacetTotals.withLock { memo in
      // Bounded: many different facet lists (a client trying them all) start the memo again.
      if memo.count >= 64 { memo = [:] }
      memo[key] = totals
    }
    return totals
  }

  /// ``facetCounts(_:resolved:)`` computed.
  private func countFacets(
    _ parts: [SegmentSearch], _ paths: [String], _ resolved: SearchExecutor.Resolved
  ) -> (facets: [String: [String: Int]], stats: [String: FacetStats]) {
    // Every live record of a segment is counted as the totals minus its deleted records.
    let complements = parts.map { part in
      part.ranking.counted == nil && part.segment.deletedCount > 0
        ? part.segment.deletedDocs
        : part.executor.complementWhenSmaller(
          part.ranking.counted, paths: paths,
          bits: part.ranking.counted?.count == part.matches?.count ? part.matchBits : nil)
    }
    let sizes = parts.map { $0.ranking.counted?.count ?? $0.segment.snapshot.recordCount }
    var facets: [String: [String: Int]] = [:]
    var stats: [String: FacetStats] = [:]
    for path in paths {
      let holders = parts.indices.filter { parts[$0].segment.snapshot.facets[path] != nil }
      guard let base = holders.max(by: { sizes[$0] < sizes[$1] }),
        let baseColumn = parts[base].segment.snapshot.facets[path]
      else { continue }
      let counted = { (index: Int, column: FacetColumn) in
        // Read in place: a copy of a part retains every reference its executor holds.
        let compute = {
          parts[index].executor.valueCounts(column, parts[index].ranking.counted, complement: complements[index])
        }
        return parts[index].ranking.counted == nil ? parts[index].segment.liveCounts.counts(path, compute) : compute()
      }
      // The other parts' counts first, in the base's value ids (or aside by key when the base lacks the
      // value): few, as the other parts are mostly small write segments.
      var extras: [(value: Int, count: Int)] = []
      var aside: [String: Int] = [:]
      var numbers = NumberStatistics()
      for index in holders where index != base {
        let snapshot = parts[index].segment.snapshot
        if let numeric = snapshot.numerics[path] {
          numbers.add(parts[index].liveStatistics(numeric))
        }
        guard let column = snapshot.facets[path] else { continue }
        let map = parts[index].segment.liveCounts.valueMap(from: column, to: baseColumn)
        for pair in counted(index, column) {
          let id = Int(map[pair.value])
          if id >= 0 {
            extras.append((id, pair.count))
          } else {
            aside[column.keys[pair.value], default: 0] += pair.count
          }
        }
      }
      let pairs: [(value: Int, count: Int)]
      var baseNumbers: NumberStatistics?
      if parts[base].ranking.counted == nil {
        // Every live record of the base: its remembered counts (in increasing value order) plus the extras.
        pairs = Self.adding(extras, to: counted(base, baseColumn))
      } else if complements[base] == nil, let records = parts[base].ranking.counted,
        let linked = parts[base].executor.linkedCounts(path, records, adding: extras)
      {
        // A numeric facet counted by its codes, with the base's statistics from the same counts.
        pairs = linked.pairs
        baseNumbers = linked.statistics
      } else {
        pairs = parts[base].executor.valueCounts(
          baseColumn, parts[base].ranking.counted, complement: complements[base], adding: extras)
      }
      if let baseNumbers {
        numbers.add(baseNumbers)
      } else if let numeric = parts[base].segment.snapshot.numerics[path] {
        numbers.add(parts[base].liveStatistics(numeric))
      }
      let limit = resolved.maxValuesPerFacet
      let rank = baseColumn.keyRank
      let alpha = query.sortFacetValuesBy == .alpha
      let best =
        alpha
        ? Array(pairs.sorted { rank[$0.value] < rank[$1.value] }.prefix(limit))
        : SearchExecutor.topByCount(pairs, rank: rank, limit: limit)
      var chosen = best.map { (key: baseColumn.keys[$0.value], count: $0.count) }
      // The base's values come in their final order (key ranks are the keys' UTF-8 order): only values
      // the base lacks need a sort by their keys.
      if !aside.isEmpty {
        chosen += aside.map { (key: $0.key, count: $0.value) }
        chosen.sort { lhs, rhs in
          !alpha && lhs.count != rhs.count ? lhs.count > rhs.count : UTF8Ordering.precedes(lhs.key, rhs.key)
        }
      }
      if limit > 0, !chosen.isEmpty {
        facets[path] = Dictionary(uniqueKeysWithValues: chosen.prefix(limit).map { ($0.key, $0.count) })
      }
      if let stat = numbers.stats { stats[path] = stat }
    }
    return (facets, stats)
  }

  /// Searches the values of a `searchable(…)` facet across the segments (see
  /// ``SearchExecutor/searchFacetValues(attribute:facetQuery:maxFacetHits:)``).
  func searchFacetValues(attribute: String, facetQuery: String, maxFacetHits: Int?) throws(EngineError)
    -> FacetSearchResponse
  {
    let query = try view.settings.applyingDefaults(to: query)
    try SearchLimits.checkLists(of: query)
    var counts: [String: Int] = [:]
    var first: SearchExecutor?
    for segment in view.segments {
      var executor = SearchExecutor(snapshot: segment.snapshot, query: query)
      executor.dictionaries = dictionaries
      first = first ?? executor
      for pair in try executor.facetValueCounts(attribute: attribute, liveIn: segment) {
        counts[pair.value, default: 0] += pair.count
      }
    }
    guard let first else { return FacetSearchResponse(facetHits: []) }
    return first.facetHits(counts.map { ($0.key, $0.value) }, facetQuery: facetQuery, maxFacetHits: maxFacetHits)
  }
}

extension ViewSearch {
  /// `pairs` (in increasing value order) with the `extras`' counts added: a binary search per extra, and
  /// the values `pairs` lacks appended.
  static func adding(
    _ extras: [(value: Int, count: Int)], to pairs: [(value: Int, count: Int)]
  ) -> [(value: Int, count: Int)] {
    guard !extras.isEmpty else { return pairs }
    var result = pairs
    for extra in extras {
      var low = 0
      var high = pairs.count
      while low < high {
        let middle = (low + high) / 2
        if result[middle].value < extra.value { low = middle + 1 } else { high = middle }
      }
      if low < pairs.count, result[low].value == extra.value {
        result[low].count += extra.count
      } else if let appended = result[pairs.count...].firstIndex(where: { $0.value == extra.value }) {
        result[appended].count += extra.count
      } else {
        result.append(extra)
      }
    }
    return result
  }
}

extension SegmentSearch {
  /// The statistics of `column`'s numbers over the counted records (every live one when `nil`).
  func liveStatistics(_ column: NumericColumn) -> NumberStatistics {
    if ranking.counted != nil || segment.deletedCount == 0 {
      return executor.statistics(column, ranking.counted)
    }
    var statistics = NumberStatistics()
    for doc in 0..<segment.snapshot.recordCount where !segment.isDeleted(doc) {
      column.forEachValue(doc) { statistics.add($0) }
    }
    return statistics
  }
}
