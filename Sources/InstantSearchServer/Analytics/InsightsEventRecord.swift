import Foundation
import InstantSearchModel

/// One Insights event (`POST /1/events`), checked as Algolia's Insights API checks it: a click, conversion
/// or view, named, on an index, by a user, on records (`objectIDs`) or filters, tied or not to a search
/// (`queryID`). Kept in the data directory's `.events.jsonl` as it was received (less what it did not say).
public struct InsightsEventRecord: Sendable, Hashable {
  /// `click`, `conversion` or `view`.
  public let eventType: String
  /// A conversion's kind: `addToCart` or `purchase`.
  public let eventSubtype: String?
  /// The event's name (1 to 64 printable ASCII characters).
  public let eventName: String
  /// The index its records or filters belong to.
  public let index: String
  /// The (pseudonymous) user.
  public let userToken: String
  /// The signed-in user, when known.
  public let authenticatedUserToken: String?
  /// When it happened, in milliseconds since 1970 (when it was received, if it did not say).
  public let timestamp: Int64
  /// The search it follows (`clickAnalytics`' `queryID`).
  public let queryID: String?
  /// The records it is about (1 to 20), or none when it is about filters.
  public let objectIDs: [String]
  /// The records' positions in the results (clicks after a search: one per record, from 1).
  public let positions: [Int]
  /// The filters it is about (1 to 10, `attribute:value`), or none when it is about records.
  public let filters: [String]
  /// What else it carried that is kept as given (`objectData`, `value`, `currency`, `algoliaSource`).
  public let extra: [String: JSON]

  /// The most events one request carries: 1,000.
  public static let maximumPerRequest = 1_000
  /// The most records one event names: 20.
  public static let maximumObjectIDs = 20
  /// The most filters one event names: 10.
  public static let maximumFilters = 10
  /// How old an event may be: 30 days.
  public static let maximumAge: Int64 = 30 * 24 * 3600 * 1000
  /// The largest request body: 2 MB.
  public static let maximumBodyBytes = 2_000_000

  /// The members an event may have.
  static let knownMembers: Set<String> = [
    "eventType", "eventSubtype", "eventName", "index", "userToken", "authenticatedUserToken", "timestamp", "queryID",
    "objectIDs", "positions", "filters", "objectData", "value", "currency", "algoliaSource",
  ]

  /// The event as stored: the members it was given, with its timestamp.
  var json: JSON {
    var object = extra
    object["eventType"] = .string(eventType)
    object["eventName"] = .string(eventName)
    object["index"] = .string(index)
    object["userToken"] = .string(userToken)
    object["timestamp"] = .number(Double(timestamp))
    if let eventSubtype { object["eventSubtype"] = .string(eventSubtype) }
    if let authenticatedUserToken { object["authenticatedUserToken"] = .string(authenticatedUserToken) }
    if let queryID { object["queryID"] = .string(queryID) }
    if !objectIDs.isEmpty { object["objectIDs"] = .array(objectIDs.map { .string($0) }) }
    if !positions.isEmpty { object["positions"] = .array(positions.map { .number(Double($0)) }) }
    if !filters.isEmpty { object["filters"] = .array(filters.map { .string($0) }) }
    return .object(object)
  }

  init(
    eventType: String, eventSubtype: String?, eventName: String, index: String, userToken: String,
    authenticatedUserToken: String?, timestamp: Int64, queryID: String?, objectIDs: [String], positions: [Int],
    filters: [String], extra: [String: JSON]
  ) {
    self.eventType = eventType
    self.eventSubtype = eventSubtype
    self.eventName = eventName
    self.index = index
    self.userToken = userToken
    self.authenticatedUserToken = authenticatedUserToken
    self.timestamp = timestamp
    self.queryID = queryID
    self.objectIDs = objectIDs
    self.positions = positions
    self.filters = filters
    self.extra = extra
  }
}
