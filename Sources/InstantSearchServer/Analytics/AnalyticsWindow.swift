import Foundation
import InstantSearchModel

/// What an Analytics API request asks about (Algolia's common parameters): an `index` (required), the days
/// from `startDate` to `endDate` (`YYYY-MM-DD`, UTC, both included; the last 8 days by default), the
/// searches whose `analyticsTags` match `tags` (`a AND b OR c`), and a page of `limit` rows from
/// `offset`.
struct AnalyticsWindow: Sendable {
  let index: String
  /// The first and last day, as days since 1970 (UTC).
  let firstDay: Int
  let lastDay: Int
  /// `tags`: any of these groups, each of tags all present (empty: every search).
  let tags: [[String]]
  let limit: Int
  let offset: Int

  /// The most rows a request returns: 1,000.
  static let maximumLimit = 1_000
  /// The longest window: 365 days.
  static let maximumDays = 365
  static let millisecondsPerDay: Int64 = 86_400_000

  /// The window a request's query parameters give; `today` is the current day since 1970.
  init(_ parameters: (String) -> String?, today: Int) throws(APIError) {
    guard let index = parameters("index"), !index.isEmpty else {
      throw APIError(400, "index: the index to report on is required")
    }
    self.index = index
    lastDay = try parameters("endDate").map { text throws(APIError) in try Self.day(text, "endDate") } ?? today
    firstDay =
      try parameters("startDate").map { text throws(APIError) in try Self.day(text, "startDate") } ?? lastDay - 7
    guard firstDay <= lastDay, lastDay - firstDay < Self.maximumDays else {
      throw APIError(400, "startDate must be on or before endDate, at most \(Self.maximumDays) days before it")
    }
    let text = parameters("tags") ?? ""
    tags =
      text.isEmpty
      ? []
      : text.components(separatedBy: " OR ").prefix(100).map { group in
        group.components(separatedBy: " AND ").map { $0.trimmingCharacters(in: .whitespaces) }
      }
    limit = try SearchServer.queryInteger(parameters("limit"), "limit", in: 1...Self.maximumLimit) ?? 10
    offset = try SearchServer.queryInteger(parameters("offset"), "offset", in: 0...1_000_000) ?? 0
  }

  /// The day `YYYY-MM-DD` names, as days since 1970.
  static func day(_ text: String, _ name: String) throws(APIError) -> Int {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1970...9999).contains(year), (1...12).contains(month), (1...31).contains(day)
    else { throw APIError(400, "\(name): a date YYYY-MM-DD is expected, got \(text.prefix(32))") }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
      calendar.component(.day, from: date) == day
    else { throw APIError(400, "\(name): \(text.prefix(32)) is not a day of the calendar") }
    return Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
  }

  /// Day `day` (since 1970) as `YYYY-MM-DD`.
  static func text(ofDay day: Int) -> String {
    let date = Date(timeIntervalSince1970: Double(day) * 86_400)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
  }

  /// The day (since 1970) of a time in milliseconds.
  static func day(ofMilliseconds milliseconds: Int64) -> Int {
    Int(milliseconds >= 0 ? milliseconds / millisecondsPerDay : (milliseconds + 1) / millisecondsPerDay - 1)
  }

  /// The days of the window, oldest first.
  var days: ClosedRange<Int> { firstDay...lastDay }

  /// Whether `search` counts: on the index, in the window, with matching tags.
  func holds(_ search: SearchRecord) -> Bool {
    guard search.index == index, days.contains(Self.day(ofMilliseconds: search.timestamp)) else { return false }
    guard !tags.isEmpty else { return true }
    return tags.contains { group in group.allSatisfy { search.tags.contains($0) } }
  }

  /// A page of `rows`.
  func page<T>(_ rows: [T]) -> [T] { Array(rows.dropFirst(offset).prefix(limit)) }
}
