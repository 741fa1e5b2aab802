import Foundation

extension InsightsEvent {
  /// Milliseconds since 1970 of `date`.
  static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

  /// A click on records found by the search `queryID`, at `positions` (from 1) in its results.
  public static func clickedObjectIDsAfterSearch(
    eventName: String, indexName: String, objectIDs: [String], positions: [Int], queryID: String, userToken: String,
    timestamp: Date = Date()
  ) throws(InsightsError) -> InsightsEvent {
    try InsightsEvent(
      eventType: .click, eventName: eventName, index: indexName, userToken: userToken,
      timestamp: milliseconds(timestamp), queryID: queryID, objectIDs: objectIDs, positions: positions)
  }

  /// A conversion on records found by the search `queryID`.
  public static func convertedObjectIDsAfterSearch(
    eventName: String, indexName: String, objectIDs: [String], queryID: String, userToken: String,
    timestamp: Date = Date()
  ) throws(InsightsError) -> InsightsEvent {
    try InsightsEvent(
      eventType: .conversion, eventName: eventName, index: indexName, userToken: userToken,
      timestamp: milliseconds(timestamp), queryID: queryID, objectIDs: objectIDs)
  }

  /// A click on records, not after a search (a recommendation, a category page without query ID).
  public static func clickedObjectIDs(
    eventName: String, indexName: String, objectIDs: [String], userToken: String, timestamp: Date = Date()
  ) throws(InsightsError) -> InsightsEvent {
    try InsightsEvent(
      eventType: .click, eventName: eventName, index: indexName, userToken: userToken,
      timestamp: milliseconds(timestamp), objectIDs: objectIDs)
  }

  /// A conversion on records, not after a search.
  public static func convertedObjectIDs(
    eventName: String, indexName: String, objectIDs: [String], userToken: String, timestamp: Date = Date()
  ) throws(InsightsError) -> InsightsEvent {
    try InsightsEvent(
      eventType: .conversion, eventName: eventName, index: indexName, userToken: userToken,
      timestamp: milliseconds(timestamp), objectIDs: objectIDs)
  }

  /// Records the user saw.
  public static func viewedObjectIDs(
    eventName: String, indexName: String, objectIDs: [String], userToken: String, timestamp: Date = Date()
  ) throws(InsightsError) -> InsightsEvent {
    try InsightsEvent(
      eventType: .view, eventName: eventName, index: indexName, userToken: userToken,
      timestamp: milliseconds(timestamp), objectIDs: objectIDs)
  }

  /// A click on facet filters (`Filter.Facet`s become `attribute:value`).
  public static func clickedFilters(
    eventName: String, indexName: String, filters: [Filter.Facet], userToken: String, timestamp: Date = Date()
  ) throws(InsightsError) -> InsightsEvent {
    try InsightsEvent(
      eventType: .click, eventName: eventName, index: indexName, userToken: userToken,
      timestamp: milliseconds(timestamp), filters: filters.map(insightsFilter))
  }

  /// A conversion after applying facet filters.
  public static func convertedFilters(
    eventName: String, indexName: String, filters: [Filter.Facet], userToken: String, timestamp: Date = Date()
  ) throws(InsightsError) -> InsightsEvent {
    try InsightsEvent(
      eventType: .conversion, eventName: eventName, index: indexName, userToken: userToken,
      timestamp: milliseconds(timestamp), filters: filters.map(insightsFilter))
  }

  /// Facet filters the user saw.
  public static func viewedFilters(
    eventName: String, indexName: String, filters: [Filter.Facet], userToken: String, timestamp: Date = Date()
  ) throws(InsightsError) -> InsightsEvent {
    try InsightsEvent(
      eventType: .view, eventName: eventName, index: indexName, userToken: userToken,
      timestamp: milliseconds(timestamp), filters: filters.map(insightsFilter))
  }

  /// `attribute:value` of a facet filter (a negated one keeps its value: the API has no negation).
  static func insightsFilter(_ filter: Filter.Facet) -> String {
    "\(filter.attribute.rawValue):\(filter.value.description)"
  }
}

/// What can go wrong with Insights events.
public enum InsightsError: Error, Hashable, Sendable, CustomStringConvertible {
  /// An event out of the API's limits (not sent).
  case invalidEvent(String)
  /// The API refused a batch (a 4xx answer): its events are dropped, never sent again.
  case rejected(status: Int, message: String)
  /// The API could not take a batch now (a 5xx answer or a network error): it is kept and sent again.
  case unavailable(String)
  /// The events kept on disk could not be read or written.
  case storage(String)

  /// What happened.
  public var description: String {
    switch self {
    case .invalidEvent(let reason): "invalid Insights event: \(reason)"
    case .rejected(let status, let message): "the Insights API refused the events (HTTP \(status)): \(message)"
    case .unavailable(let reason): "the Insights API is unavailable: \(reason)"
    case .storage(let reason): "Insights events storage: \(reason)"
    }
  }
}
