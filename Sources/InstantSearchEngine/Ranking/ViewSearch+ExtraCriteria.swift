import InstantSearchModel

/// Ranking with the criteria the text alone does not decide: optional filters (the filters criterion,
/// between words and proximity) and a geo search's distance (the geo criterion, right after typos). Every
/// match is scored; without query words, the distance, then the filters' score, then the custom ranking
/// order the matches.
extension ViewSearch {
  /// Whether the query ranks by optional filters or by distance.
  var usesExtraCriteria: Bool {
    view.settings.ranksByOptionalFilters && !(query.optionalFilters ?? []).isEmpty
      || geoSearch?.ranksByDistance == true
  }

  /// The records of `area` (increasing) also in `matches` (`nil`: every record not `excluded`).
  static func intersect(_ area: [UInt32], _ matches: [UInt32]?, excluded: Bitset?) -> [UInt32] {
    guard let matches else { return area.filter { excluded?.contains($0) != true } }
    var result: [UInt32] = []
    var (i, j) = (0, 0)
    while i < area.count && j < matches.count {
      if area[i] == matches[j] {
        result.append(area[i])
        i += 1
        j += 1
      } else if area[i] < matches[j] {
        i += 1
      } else {
        j += 1
      }
    }
    return result
  }

  /// Without query words: ranks each part's matches by the extra criteria alone (distance, then the
  /// optional filters' score), then the custom ranking, keeping its `count` best.
  func rankByExtraCriteria(_ parts: inout [SegmentSearch], count: Int) {
    for index in parts.indices {
      let part = parts[index]
      let docs = part.matches ?? part.segment.liveDocs
      let scored = docs.map { doc in (score: extraScore(Int(doc), part: part), doc: doc) }
      let top = TextScorer.best(scored, count: count, rank: part.segment.snapshot.customRank)
      parts[index].ranking = .init(
        nbHits: docs.count, ranked: top.map(\.doc), scores: top.map(\.score), counted: part.matches)
    }
  }

  /// Every match of every part scored, the extra criteria included, keeping the typo levels the tolerance
  /// keeps over all parts together.
  func scoreEveryMatch(_ parts: [SegmentSearch], typoTolerance: IndexSettings.TypoToleranceSetting)
    -> [[(score: TextScore, doc: UInt32)]]
  {
    let extra = usesExtraCriteria
    var scored = parts.map { part in
      var all = part.scorer.scoreAll(part.matches ?? [])
      if extra {
        for position in all.indices {
          let score = extraScore(Int(all[position].doc), part: part)
          all[position].score.filters = score.filters
          all[position].score.geo = score.geo
        }
      }
      return all
    }
    if TextScorer.filtersTypoLevels(typoTolerance) {
      let levels = Set(scored.flatMap { $0.map(\.score.typos) })
      let kept = TextScorer.keptTypoLevels(levels, typoTolerance: typoTolerance)
      for index in scored.indices { scored[index].removeAll { !kept.contains($0.score.typos) } }
    }
    return scored
  }

  /// The score of record `doc` of `part` on the extra criteria alone (the textual ones 0).
  func extraScore(_ doc: Int, part: SegmentSearch) -> TextScore {
    TextScore(
      typos: 0, words: 0, proximity: 0, attribute: 0, exact: 0, filters: part.optionalFilters?.score(doc) ?? 0,
      geo: geoSearch.map { $0.bucket(doc, in: part.segment.snapshot.geoIndex) } ?? 0)
  }
}

extension ViewSearch {
  /// `_rankingInfo` of a hit (with `getRankingInfo`): its textual criteria, filters score, distance in
  /// meters, its location nearest the centre (`matchedGeoLocation`) and whether a rule promoted it. `geoDistance` and `geoPrecision` are always there (0 and 1
  /// without a geo search), as in Algolia's answers: the official clients' models require `geoDistance`.
  func rankingInfo(_ candidate: Candidate, parts: [SegmentSearch]) -> JSON {
    let score = candidate.score ?? extraScore(Int(candidate.doc), part: parts[candidate.part])
    var info: [String: JSON] = [
      "nbTypos": .number(Double(score.typos)), "words": .number(Double(score.words)),
      "filters": .number(Double(score.filters)), "proximityDistance": .number(Double(score.proximity)),
      "firstMatchedWord": .number(Double(score.attribute)), "nbExactWords": .number(Double(score.exact)),
      "userScore": .number(Double(parts[candidate.part].segment.snapshot.customRank[Int(candidate.doc)])),
      "promoted": .bool(
        promotions.contains { view.locate($0.objectID).map { $0 == (candidate.part, Int(candidate.doc)) } ?? false }),
      "geoDistance": 0, "geoPrecision": 1,
    ]
    if let geoSearch,
      let (point, distance) = geoSearch.nearest(Int(candidate.doc), in: parts[candidate.part].segment.snapshot.geoIndex)
    {
      info["geoDistance"] = .number(distance.rounded())
      info["geoPrecision"] = .number(geoSearch.precision(at: distance))
      info["matchedGeoLocation"] = [
        "lat": .number(point.latitude), "lng": .number(point.longitude), "distance": .number(distance.rounded()),
      ]
    }
    return .object(info)
  }
}
