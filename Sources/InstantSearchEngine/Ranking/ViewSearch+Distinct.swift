import InstantSearchModel

/// Distinct: records sharing a value of `attributeForDistinct` form a group, and a search keeps the best
/// `distinct` (1–4) of each group, in ranking order. `nbHits`, the pages and `nbPages` count the records
/// kept; facet counts are over every match, except the facets declared `afterDistinct(attr)` (or all with
/// `facetingAfterDistinct`), counted over the records kept.
///
/// Group keys follow Algolia's rules: a string is its own key, a number is rounded to the nearest integer
/// (1 and 1.2 are one group); a record without a value (or with a boolean or `null`) is a group of its own.
/// An array's first value is its key (Algolia leaves arrays unspecified).
extension ViewSearch {
  /// How many records of a group the query keeps, or `nil` when distinct is off for it.
  var distinctLimit: Int? {
    let settings = view.settings
    guard settings.attributeForDistinct != nil else { return nil }
    let limit = min(max(query.distinct ?? settings.distinct, 0), 4)
    return limit > 0 ? limit : nil
  }

  /// Runs the query of `plan` with distinct on, keeping `limit` records a group.
  func runDistinct(limit: Int, plan: SearchPlan) throws(EngineError) -> SearchResponse {
    var parts = try matchingParts(plan)
    let positions = plan.positions
    let grouping = DistinctGrouping(parts: parts, path: view.settings.attributeForDistinct ?? "")
    let afterDistinct = afterDistinctFacets(plan.facetPaths)
    // Synonym variants match records the query's matches do not hold: then every live record bounds it.
    let total =
      plan.variants.isEmpty
      ? parts.reduce(0) { $0 + ($1.matches?.count ?? $1.segment.liveCount) }
      : parts.reduce(0) { $0 + $1.segment.liveCount }
    // Rank more and more until the kept records fill the page; everything when facets count after distinct.
    var count = afterDistinct.isEmpty ? min(total, max(positions * 4, 64)) : total
    var kept: [Candidate]
    while true {
      _ = try rank(&parts, plan: plan, count: count, side: nil)
      let merged = merge(parts, count: count, ordering: plan.ordering)
      kept = grouping.keep(merged, limit: limit)
      if kept.count >= positions || count >= total { break }
      count = min(total, count * 4)
    }
    let nbHits = grouping.keptCount(parts, limit: limit)
    var response = try respond(parts, merged: Array(kept.prefix(positions)), plan: plan, nbHits: nbHits)
    if !afterDistinct.isEmpty {
      // The same parts with only their kept records counted.
      var keptParts = parts
      for index in keptParts.indices {
        keptParts[index].ranking.counted = kept.filter { $0.part == index }.map(\.doc).sorted()
      }
      let (facets, stats) = facetCounts(keptParts, resolved: plan.resolved)
      for path in afterDistinct {
        response.facets[path] = facets[path]
        response.facetsStats[path] = stats[path]
      }
    }
    return response
  }

  /// The facets of `requested` counted after distinct.
  private func afterDistinctFacets(_ requested: [String]) -> [String] {
    let settings = view.settings
    if query.facetingAfterDistinct == true { return requested }
    return requested.filter { settings.faceting($0)?.isAfterDistinct == true }
  }
}

/// The distinct groups of the records of a search's parts.
struct DistinctGrouping {
  /// Per part, the group key of each value id of the distinct attribute's column (`nil`: no group).
  private let keys: [[String?]?]
  private let columns: [FacetColumn?]

  init(parts: [SegmentSearch], path: String) {
    columns = parts.map { $0.segment.snapshot.facets[path] }
    keys = columns.map { column in
      column.map { column in
        column.keys.indices.map { id in
          if let number = column.numbers[id] {
            let rounded = number.rounded()
            return rounded.magnitude < 1e18 ? String(Int64(rounded)) : String(rounded)
          }
          let key = column.keys[id]
          return key == "true" || key == "false" ? nil : key
        }
      }
    }
  }

  /// The group of record `doc` of part `part`: its first value's key.
  func key(part: Int, doc: Int) -> String? {
    guard let column = columns[part], let keys = keys[part] else { return nil }
    var first: Int?
    column.forEachValue(doc) { value in if first == nil { first = value } }
    return first.flatMap { keys[$0] }
  }

  /// The candidates kept, in order: at most `limit` of each group.
  func keep(_ candidates: [ViewSearch.Candidate], limit: Int) -> [ViewSearch.Candidate] {
    var seen: [String: Int] = [:]
    return candidates.filter { candidate in
      guard let key = key(part: candidate.part, doc: Int(candidate.doc)) else { return true }
      seen[key, default: 0] += 1
      return seen[key, default: 0] <= limit
    }
  }

  /// How many of the parts' counted records distinct keeps: every record without a group, and up to
  /// `limit` of each group.
  func keptCount(_ parts: [SegmentSearch], limit: Int) -> Int {
    var sizes: [String: Int] = [:]
    var ungrouped = 0
    for (index, part) in parts.enumerated() {
      let docs = part.ranking.counted ?? part.matches ?? part.segment.liveDocs
      guard let column = columns[index], let keys = keys[index] else {
        ungrouped += docs.count
        continue
      }
      // Counted by value id first, then by key (values of several segments may share a key).
      var byValue = [Int](repeating: 0, count: keys.count)
      for doc in docs {
        var first: Int?
        column.forEachValue(Int(doc)) { value in if first == nil { first = value } }
        if let first, keys[first] != nil { byValue[first] += 1 } else { ungrouped += 1 }
      }
      for (value, size) in byValue.enumerated() where size > 0 {
        if let key = keys[value] { sizes[key, default: 0] += size }
      }
    }
    return sizes.values.reduce(ungrouped) { $0 + min($1, limit) }
  }
}
