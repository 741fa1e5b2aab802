import InstantSearchCore

extension SearchExecutor {
  /// The attributes whose counts are asked for (`*` means every counted facet).
  func requestedFacets() -> [String] {
    let settings = snapshot.settings
    var result: [String] = []
    for name in query.facets ?? [] {
      if name == "*" {
        result += settings.attributesForFaceting.filter { !$0.isFilterOnly }.map(\.path)
      } else if let declared = settings.faceting(name), !declared.isFilterOnly {
        result.append(name)
      }
    }
    var seen = Set<String>()
    return result.filter { seen.insert($0).inserted }
  }

  /// Counts and statistics of the requested facets over `records` (`nil`: every record).
  func facetCounts(
    _ records: [UInt32]?, resolved: Resolved
  ) -> (facets: [String: [String: Int]], stats: [String: FacetStats]) {
    var facets: [String: [String: Int]] = [:]
    var stats: [String: FacetStats] = [:]
    for path in requestedFacets() {
      guard let column = snapshot.facets[path] else { continue }
      var counts = [Int](repeating: 0, count: column.valueCount)
      var present: [Int] = []
      if let records {
        column.docValues.withUnsafeBufferPointer { values in
          column.docStarts.withUnsafeBufferPointer { starts in
            for doc in records {
              var index = Int(starts[Int(doc)])
              let end = Int(starts[Int(doc) + 1])
              while index < end {
                let value = Int(values[index])
                if counts[value] == 0 { present.append(value) }
                counts[value] += 1
                index += 1
              }
            }
          }
        }
      } else {
        for value in 0..<column.valueCount {
          counts[value] = column.count(of: UInt32(value))
          if counts[value] > 0 { present.append(value) }
        }
      }
      let keys = column.keys
      let rank = column.keyRank
      if query.sortFacetValuesBy == .alpha {
        present.sort { rank[$0] < rank[$1] }
      } else {
        present = topByCount(present, counts: counts, rank: rank, limit: resolved.maxValuesPerFacet)
      }
      var map: [String: Int] = [:]
      for value in present.prefix(resolved.maxValuesPerFacet) { map[keys[value]] = counts[value] }
      if !map.isEmpty { facets[path] = map }
      if let numeric = snapshot.numerics[path], let stat = statistics(numeric, records) { stats[path] = stat }
    }
    return (facets, stats)
  }

  /// The values with the highest counts, ties by value, best first: only the values that can make the
  /// cut are sorted.
  private func topByCount(_ values: [Int], counts: [Int], rank: [UInt32], limit: Int) -> [Int] {
    let better: (Int, Int) -> Bool = { lhs, rhs in
      counts[lhs] != counts[rhs] ? counts[lhs] > counts[rhs] : rank[lhs] < rank[rhs]
    }
    guard values.count > limit else { return values.sorted(by: better) }
    // The count of the limit-th best value: everything above it is kept, ties at it are cut by key.
    var histogram: [Int: Int] = [:]
    for value in values { histogram[counts[value], default: 0] += 1 }
    var kept = 0
    var threshold = 0
    for count in histogram.keys.sorted(by: >) {
      kept += histogram[count] ?? 0
      threshold = count
      if kept >= limit { break }
    }
    var above = values.filter { counts[$0] > threshold }
    var ties = values.filter { counts[$0] == threshold }
    ties.sort { rank[$0] < rank[$1] }
    above.sort(by: better)
    return above + ties.prefix(limit - above.count)
  }

  private func statistics(_ column: NumericColumn, _ records: [UInt32]?) -> FacetStats? {
    var minimum = Double.infinity
    var maximum = -Double.infinity
    var sum = 0.0
    var count = 0
    func add(_ doc: Int) {
      var index = Int(column.docStarts[doc])
      let end = Int(column.docStarts[doc + 1])
      while index < end {
        let value = column.docValues[index]
        minimum = min(minimum, value)
        maximum = max(maximum, value)
        sum += value
        count += 1
        index += 1
      }
    }
    if let records {
      for doc in records { add(Int(doc)) }
    } else {
      for doc in 0..<snapshot.recordCount { add(doc) }
    }
    guard count > 0 else { return nil }
    return FacetStats(min: minimum, max: maximum, avg: sum / Double(count), sum: sum)
  }

  /// The hit object of `doc`: retrieved attributes, `objectID` and `_highlightResult`.
  func hitObject(_ doc: Int, highlighter: Highlighter) -> [String: JSON] {
    let record = snapshot.record(doc)
    let settings = snapshot.settings
    let retrieve = query.attributesToRetrieve ?? settings.attributesToRetrieve ?? ["*"]
    var object: [String: JSON] = [:]
    if retrieve.contains("*") {
      object = record
    } else {
      for attribute in retrieve {
        let top = String(attribute.split(separator: ".").first ?? Substring(attribute))
        if let value = record[top] { object[top] = value }
      }
    }
    for attribute in settings.unretrievableAttributes { object[attribute] = nil }
    object["objectID"] = record["objectID"]
    let highlighted = query.attributesToHighlight ?? settings.attributesToHighlight ?? searchablePaths()
    var highlights: [String: JSON] = [:]
    for path in highlighted {
      guard let value = JSON.object(record).value(atPath: path), let result = highlighter.highlight(value) else {
        continue
      }
      highlights[path] = result
    }
    if !highlights.isEmpty { object["_highlightResult"] = .object(highlights) }
    return object
  }

  private func searchablePaths() -> [String] {
    if snapshot.settings.searchableAttributes.isEmpty {
      return snapshot.searchableNodes.keys.sorted().map { snapshot.trie.paths[$0] }.filter { !$0.contains(".") }
    }
    return snapshot.settings.searchableAttributes.map(\.path)
  }
}

/// Byte-wise string order for facet values.
enum UTF8Ordering {
  static func precedes(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
  }
}
