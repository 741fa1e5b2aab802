import Foundation
import InstantSearchModel

/// The Analytics API's answers over the searches and events of a window. A search is tracked when it was
/// made with `clickAnalytics` (it has a `queryID`); an event counts for the tracked search whose `queryID`
/// it carries. Rates are the share of tracked searches with at least one click (or conversion), `null`
/// without tracked searches, as Algolia answers them.
struct AnalyticsReport: Sendable {
  let window: AnalyticsWindow
  /// The searches of the window, oldest first.
  let searches: [SearchRecord]
  /// The tracked searches' click and conversion events, by `queryID`.
  let clicks: [String: [InsightsEventRecord]]
  let conversions: [String: [InsightsEventRecord]]

  init(window: AnalyticsWindow, searches: [SearchRecord], events: [InsightsEventRecord]) {
    self.window = window
    self.searches = searches.filter(window.holds)
    let tracked = Set(self.searches.compactMap(\.queryID))
    var clicks: [String: [InsightsEventRecord]] = [:]
    var conversions: [String: [InsightsEventRecord]] = [:]
    for event in events where event.index == window.index {
      guard let queryID = event.queryID, tracked.contains(queryID) else { continue }
      if event.eventType == "click" { clicks[queryID, default: []].append(event) }
      if event.eventType == "conversion" { conversions[queryID, default: []].append(event) }
    }
    self.clicks = clicks
    self.conversions = conversions
  }

  var tracked: [SearchRecord] { searches.filter { $0.queryID != nil } }

  /// `count / total`, `null` when `total` is 0.
  static func rate(_ count: Int, _ total: Int) -> JSON {
    total == 0 ? .null : .number((Double(count) / Double(total) * 1000).rounded() / 1000)
  }

  /// The searches of each day of the window (empty days included), oldest first.
  func byDay(_ searches: [SearchRecord]) -> [(date: String, searches: [SearchRecord])] {
    var grouped: [Int: [SearchRecord]] = [:]
    for search in searches {
      grouped[AnalyticsWindow.day(ofMilliseconds: search.timestamp), default: []].append(search)
    }
    return window.days.map { (AnalyticsWindow.text(ofDay: $0), grouped[$0] ?? []) }
  }

  /// The searches grouped by their query, most frequent first (ties: the query's text).
  func byQuery(_ searches: [SearchRecord]) -> [(query: String, searches: [SearchRecord])] {
    var grouped: [String: [SearchRecord]] = [:]
    for search in searches { grouped[search.query, default: []].append(search) }
    return grouped.map { ($0.key, $0.value) }.sorted { ($1.searches.count, $0.query) < ($0.searches.count, $1.query) }
  }

  /// `entry` of the window's searches, with `dates`: the same of each day's searches and its `date` —
  /// the shape of the Analytics API's counts and rates.
  func withDays(_ entry: ([SearchRecord]) -> [String: JSON]) -> JSON {
    var object = entry(searches)
    object["dates"] = .array(
      byDay(searches).map { day in
        var daily = entry(day.searches)
        daily["date"] = .string(day.date)
        return .object(daily)
      })
    return .object(object)
  }

  /// A count per day and in all: `{"count": n, "dates": [{"date", "count"}]}` of `measure`.
  func counted(_ measure: ([SearchRecord]) -> Int) -> JSON {
    withDays { ["count": .number(Double(measure($0)))] }
  }

  /// A rate per day and in all, of `part` (named `partName`) among `whole` (named `wholeName`).
  func rated(
    whole: ([SearchRecord]) -> [SearchRecord], wholeName: String, part: (SearchRecord) -> Bool, partName: String,
    nullable: Bool = true
  ) -> JSON {
    withDays { searches in
      let all = whole(searches)
      let count = all.filter(part).count
      let rate = Self.rate(count, all.count)
      return [
        "rate": nullable || rate != .null ? rate : 0, wholeName: .number(Double(all.count)),
        partName: .number(Double(count)),
      ]
    }
  }

  /// The clicks with positions of `searches`' tracked searches.
  func clickPositions(of searches: [SearchRecord]) -> [Int] {
    searches.compactMap(\.queryID).flatMap { clicks[$0] ?? [] }.flatMap(\.positions)
  }

  /// Clicks by position: 1 to 10 one by one, then 11–20 and from 21 (`[21, -1]`), as Algolia's buckets.
  static func positionBuckets(_ positions: [Int]) -> JSON {
    let ranges: [(Int, Int)] = (1...10).map { ($0, $0) } + [(11, 20), (21, -1)]
    return .array(
      ranges.map { low, high in
        let count = positions.filter { $0 >= low && (high == -1 || $0 <= high) }.count
        return ["position": [.number(Double(low)), .number(Double(high))], "clickCount": .number(Double(count))]
      })
  }

  /// The average of `positions`, `null` when there are none.
  static func average(_ positions: [Int]) -> JSON {
    positions.isEmpty
      ? .null : .number((Double(positions.reduce(0, +)) / Double(positions.count) * 100).rounded() / 100)
  }
}
