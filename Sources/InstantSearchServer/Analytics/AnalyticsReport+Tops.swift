import Foundation
import InstantSearchModel

/// The Analytics API's ranked lists: top searches, searches without results or clicks, top hits, top
/// filters.
extension AnalyticsReport {
  /// `GET /2/searches`: the most frequent searches with their latest hit count; with `clickAnalytics`,
  /// their tracked searches, clicks, click-through rate, average click position and conversions. `orderBy`
  /// is `searchCount` (default), `clickThroughRate`, `averageClickPosition` or `conversionRate`.
  func topSearches(clickAnalytics: Bool, orderBy: String, ascending: Bool) throws(APIError) -> JSON {
    var rows: [(count: Double, order: Double?, json: [String: JSON])] = []
    for (query, group) in byQuery(searches) {
      var row: [String: JSON] = [
        "search": .string(query), "count": .number(Double(group.count)),
        "nbHits": .number(Double(group.last?.nbHits ?? 0)),
      ]
      var order: Double? = Double(group.count)
      if clickAnalytics {
        let tracked = group.filter { $0.queryID != nil }
        let clicked = tracked.filter { clicks[$0.queryID ?? ""] != nil }.count
        let converted = tracked.filter { conversions[$0.queryID ?? ""] != nil }.count
        let positions = clickPositions(of: tracked)
        row["trackedSearchCount"] = .number(Double(tracked.count))
        row["clickCount"] = .number(Double(tracked.reduce(0) { $0 + (clicks[$1.queryID ?? ""]?.count ?? 0) }))
        row["conversionCount"] = .number(Double(converted))
        row["clickThroughRate"] = Self.rate(clicked, tracked.count)
        row["conversionRate"] = Self.rate(converted, tracked.count)
        row["averageClickPosition"] = Self.average(positions)
        row["clickPositions"] = Self.positionBuckets(positions)
        switch orderBy {
        case "searchCount": break
        case "clickThroughRate", "conversionRate", "averageClickPosition": order = row[orderBy]?.doubleValue
        default: throw APIError(400, "orderBy: searchCount, clickThroughRate, averageClickPosition or conversionRate")
        }
      } else if orderBy != "searchCount" {
        throw APIError(400, "orderBy: only searchCount without clickAnalytics")
      }
      rows.append((Double(group.count), order, row))
    }
    // Rows without a value to order by (no tracked search) come last, whatever the direction.
    rows.sort { left, right in
      switch (left.order, right.order) {
      case (let a?, let b?) where a != b: return ascending ? a < b : a > b
      case (nil, _?): return false
      case (_?, nil): return true
      default: return left.count > right.count
      }
    }
    return ["searches": .array(window.page(rows).map { .object($0.json) })]
  }

  /// `GET /2/searches/noResults`: the most frequent searches without results, and how many of them had
  /// filters.
  func searchesWithoutResults() -> JSON {
    let rows = byQuery(searches.filter { $0.nbHits == 0 }).map { query, group -> JSON in
      [
        "search": .string(query), "count": .number(Double(group.count)),
        "withFilterCount": .number(Double(group.filter { !$0.filters.isEmpty }.count)),
      ]
    }
    return ["searches": .array(window.page(rows))]
  }

  /// `GET /2/searches/noClicks`: the most frequent tracked searches that got no click, with their latest
  /// hit count.
  func searchesWithoutClicks() -> JSON {
    let unclicked = tracked.filter { clicks[$0.queryID ?? ""] == nil }
    let rows = byQuery(unclicked).map { query, group -> JSON in
      [
        "search": .string(query), "count": .number(Double(group.count)),
        "nbHits": .number(Double(group.last?.nbHits ?? 0)),
      ]
    }
    return ["searches": .array(window.page(rows))]
  }

  /// `GET /2/hits`: the records most often shown (in the first hits of a search), of every search or of
  /// `search` alone; with `clickAnalytics`, how often they were shown to tracked searches, clicked and
  /// converted.
  func topHits(search: String?, clickAnalytics: Bool) -> JSON {
    let chosen = search.map { text in searches.filter { $0.query == text.lowercased() } } ?? searches
    var shown: [String: Int] = [:]
    var order: [String] = []
    for record in chosen {
      for hit in record.hits {
        if shown[hit] == nil { order.append(hit) }
        shown[hit, default: 0] += 1
      }
    }
    let ranked = order.sorted { (shown[$1] ?? 0, $0) < (shown[$0] ?? 0, $1) }
    let rows = window.page(ranked).map { hit -> JSON in
      var row: [String: JSON] = ["hit": .string(hit), "count": .number(Double(shown[hit] ?? 0))]
      if clickAnalytics {
        let trackedShowing = chosen.filter { $0.queryID != nil && $0.hits.contains(hit) }
        let clickCount = trackedShowing.reduce(0) { total, record in
          total + (clicks[record.queryID ?? ""] ?? []).filter { $0.objectIDs.contains(hit) }.count
        }
        let conversionCount = trackedShowing.reduce(0) { total, record in
          total + (conversions[record.queryID ?? ""] ?? []).filter { $0.objectIDs.contains(hit) }.count
        }
        row["trackedHitCount"] = .number(Double(trackedShowing.count))
        row["clickCount"] = .number(Double(clickCount))
        row["conversionCount"] = .number(Double(conversionCount))
        row["clickThroughRate"] = Self.rate(clickCount, trackedShowing.count)
        row["conversionRate"] = Self.rate(conversionCount, trackedShowing.count)
      }
      return .object(row)
    }
    return ["hits": .array(rows)]
  }

  /// The facet filters of `searches` (or of those of `search`), each with how many searches used it.
  func filterCounts(search: String?, among chosen: [SearchRecord]? = nil) -> [(filter: String, count: Int)] {
    let records = (chosen ?? searches).filter { search == nil || $0.query == search?.lowercased() }
    var counts: [String: Int] = [:]
    for record in records { for filter in record.filters { counts[filter, default: 0] += 1 } }
    return counts.map { ($0.key, $0.value) }.sorted { ($1.count, $0.filter) < ($0.count, $1.filter) }
  }

  /// `GET /2/filters`: the attributes most often filtered on.
  func topFilterAttributes(search: String?) -> JSON {
    var counts: [String: Int] = [:]
    for (filter, count) in filterCounts(search: search) { counts[Self.split(filter).attribute, default: 0] += count }
    let rows = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { attribute, count -> JSON in
      ["attribute": .string(attribute), "count": .number(Double(count))]
    }
    return ["attributes": .array(window.page(rows))]
  }

  /// `GET /2/filters/{attribute}`: the values of `attribute` most often filtered on.
  func topFilterValues(attribute: String, search: String?) -> JSON {
    let rows = filterCounts(search: search).filter { Self.split($0.filter).attribute == attribute }.map {
      filter, count -> JSON in
      let parts = Self.split(filter)
      return [
        "attribute": .string(parts.attribute), "operator": ":", "value": .string(parts.value),
        "count": .number(Double(count)),
      ]
    }
    return ["values": .array(window.page(rows))]
  }

  /// `GET /2/filters/noResults`: the filter sets of searches without results, most frequent first.
  func filtersWithoutResults(search: String?) -> JSON {
    var counts: [[String]: Int] = [:]
    for record in searches where record.nbHits == 0 && !record.filters.isEmpty {
      guard search == nil || record.query == search?.lowercased() else { continue }
      counts[record.filters.sorted(), default: 0] += 1
    }
    let rows = counts.sorted { ($1.value, $0.key.joined()) < ($0.value, $1.key.joined()) }.map {
      filters, count -> JSON in
      let values: [JSON] = filters.map { filter in
        let parts = Self.split(filter)
        return ["attribute": .string(parts.attribute), "operator": ":", "value": .string(parts.value)]
      }
      return ["count": .number(Double(count)), "values": .array(values)]
    }
    return ["values": .array(window.page(rows))]
  }

  /// `attribute:value` split at its first colon.
  static func split(_ filter: String) -> (attribute: String, value: String) {
    guard let colon = filter.firstIndex(of: ":") else { return (filter, "") }
    return (String(filter[..<colon]), String(filter[filter.index(after: colon)...]))
  }
}
