import Foundation

/// One event of Algolia's Insights API: a user clicked, converted on, or viewed records or filters — what
/// click-through rates, conversion rates, Dynamic Re-Ranking and Recommend learn from.
///
/// Build events with the named constructors (``clickedObjectIDsAfterSearch(eventName:indexName:objectIDs:positions:queryID:userToken:timestamp:)``
/// and the others); each checks the API's limits and throws ``InsightsError/invalidEvent(_:)`` naming
/// what is wrong, so a bad event fails where it is made rather than in a batch on a server.
public struct InsightsEvent: Hashable, Sendable, Codable {
  /// What the user did.
  public enum EventType: String, Hashable, Sendable, Codable {
    /// Clicked records or filters.
    case click
    /// Converted (added to cart, bought) records or filters.
    case conversion
    /// Saw records or filters.
    case view
  }

  /// What the user did.
  public var eventType: EventType
  /// The event's name in the analytics (1–64 characters), such as `"Product Clicked"`.
  public var eventName: String
  /// The index the records or filters belong to.
  public var index: String
  /// The pseudonymous user (1–129 letters, digits, `_ = / + -`).
  public var userToken: String
  /// When it happened, in milliseconds since 1970.
  public var timestamp: Int64
  /// The `queryID` of the search the records were found by (events "after search").
  public var queryID: String?
  /// The records (at most 20).
  public var objectIDs: [String]?
  /// The records' positions in the results, from 1, one per record (clicks after search).
  public var positions: [Int]?
  /// The filters, `attribute:value` (at most 10).
  public var filters: [String]?

  /// Creates an event after checking it against the API's limits.
  ///
  /// - Throws: ``InsightsError/invalidEvent(_:)``.
  public init(
    eventType: EventType, eventName: String, index: String, userToken: String, timestamp: Int64,
    queryID: String? = nil, objectIDs: [String]? = nil, positions: [Int]? = nil, filters: [String]? = nil
  ) throws(InsightsError) {
    self.eventType = eventType
    self.eventName = eventName
    self.index = index
    self.userToken = userToken
    self.timestamp = timestamp
    self.queryID = queryID
    self.objectIDs = objectIDs
    self.positions = positions
    self.filters = filters
    try validate()
  }

  /// Checks the API's limits.
  ///
  /// - Throws: ``InsightsError/invalidEvent(_:)`` naming the first field out of them.
  public func validate() throws(InsightsError) {
    func fail(_ reason: String) -> InsightsError {
      .invalidEvent("\(eventName.isEmpty ? "an event" : eventName): \(reason)")
    }
    guard (1...64).contains(eventName.count) else { throw fail("eventName must be 1 to 64 characters") }
    guard !index.isEmpty else { throw fail("index must not be empty") }
    let tokenCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_=/+-")
    guard (1...129).contains(userToken.count), userToken.allSatisfy(tokenCharacters.contains) else {
      throw fail("userToken must be 1 to 129 letters, digits or _ = / + -")
    }
    if let queryID {
      guard queryID.count == 32, queryID.allSatisfy(\.isHexDigit) else {
        throw fail("queryID must be 32 hexadecimal digits")
      }
    }
    if let objectIDs {
      guard (1...20).contains(objectIDs.count) else { throw fail("objectIDs must hold 1 to 20 records") }
    }
    if let positions {
      guard positions.count == objectIDs?.count, positions.allSatisfy({ $0 >= 1 }) else {
        throw fail("positions must be one per objectID, each 1 or more")
      }
    }
    if let filters {
      guard (1...10).contains(filters.count), filters.allSatisfy({ $0.contains(":") }) else {
        throw fail("filters must hold 1 to 10 `attribute:value` filters")
      }
    }
    guard (objectIDs == nil) != (filters == nil) else { throw fail("an event names either objectIDs or filters") }
  }
}
