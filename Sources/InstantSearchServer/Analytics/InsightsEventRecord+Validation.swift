import Foundation
import InstantSearchModel

/// Reading an event as Algolia's Insights API does: every event of a request must be valid, or the whole
/// request is refused with a 422 that says which event and which member.
extension InsightsEventRecord {
  /// The events of a `POST /1/events` body (`{"events": [...]}`, 1 to 1,000), `now` in milliseconds.
  ///
  /// - Throws: ``APIError`` 422 naming the first wrong event and member.
  static func events(of body: JSON?, now: Int64) throws(APIError) -> [InsightsEventRecord] {
    guard case .array(let items)? = body?["events"] else {
      throw APIError(422, "the body must be an object with an events list")
    }
    guard (1...maximumPerRequest).contains(items.count) else {
      throw APIError(422, "events: 1 to \(maximumPerRequest) events per request, got \(items.count)")
    }
    var events: [InsightsEventRecord] = []
    for (position, item) in items.enumerated() {
      do throws(APIError) {
        events.append(try InsightsEventRecord(item, now: now))
      } catch {
        throw APIError(422, "events[\(position)].\(error.message)")
      }
    }
    return events
  }

  /// One event; `now` stamps an event without a timestamp and bounds how old one may be. The errors'
  /// messages start with the member at fault (the caller puts the event's position before them).
  init(_ json: JSON, now: Int64) throws(APIError) {
    guard case .object(let object) = json else { throw APIError(422, "event: an object is expected") }
    if let unknown = object.keys.sorted().first(where: { !Self.knownMembers.contains($0) }) {
      throw APIError(422, "\(unknown): not a member of an Insights event")
    }
    let type = try Self.string(object, "eventType")
    guard ["click", "conversion", "view"].contains(type) else {
      throw APIError(422, "eventType: click, conversion or view, got \(type.prefix(32))")
    }
    let subtype = try Self.optionalString(object, "eventSubtype")
    if let subtype {
      guard type == "conversion", ["addToCart", "purchase"].contains(subtype) else {
        throw APIError(422, "eventSubtype: addToCart or purchase, on a conversion only")
      }
    }
    let name = try Self.string(object, "eventName")
    guard (1...64).contains(name.utf8.count), name.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) })
    else {
      throw APIError(422, "eventName: 1 to 64 printable ASCII characters")
    }
    let index = try Self.string(object, "index")
    guard (1...512).contains(index.utf8.count) else { throw APIError(422, "index: 1 to 512 bytes") }
    let user = try Self.string(object, "userToken")
    try Self.checkUserToken(user, "userToken")
    let authenticated = try Self.optionalString(object, "authenticatedUserToken")
    if let authenticated { try Self.checkUserToken(authenticated, "authenticatedUserToken") }
    let timestamp = try Self.timestamp(object["timestamp"], now: now)
    let queryID = try Self.optionalString(object, "queryID")
    if let queryID, !Self.isQueryID(queryID) {
      throw APIError(422, "queryID: 32 lowercase hexadecimal digits, as a search with clickAnalytics answers")
    }
    let objectIDs = try Self.strings(object, "objectIDs", at: 1...Self.maximumObjectIDs)
    let filters = try Self.strings(object, "filters", at: 1...Self.maximumFilters)
    guard objectIDs.isEmpty != filters.isEmpty else {
      throw APIError(422, "objectIDs or filters: an event names records or filters, one of the two")
    }
    if let wrong = filters.first(where: { !$0.contains(":") }) {
      throw APIError(422, "filters: \(wrong.prefix(64)) is not attribute:value")
    }
    let positions = try Self.positions(object["positions"], count: objectIDs.count)
    if type == "click", queryID != nil, !objectIDs.isEmpty, positions.isEmpty {
      throw APIError(422, "positions: a click after a search gives one position per objectID")
    }
    var extra: [String: JSON] = [:]
    for member in ["objectData", "value", "currency", "algoliaSource"] { extra[member] = object[member] }
    if case .array(let data)? = extra["objectData"], data.count != objectIDs.count {
      throw APIError(422, "objectData: one entry per objectID")
    }
    self.init(
      eventType: type, eventSubtype: subtype, eventName: name, index: index, userToken: user,
      authenticatedUserToken: authenticated, timestamp: timestamp, queryID: queryID, objectIDs: objectIDs,
      positions: positions, filters: filters, extra: extra)
  }

  static func string(_ object: [String: JSON], _ name: String) throws(APIError) -> String {
    guard let value = try optionalString(object, name) else { throw APIError(422, "\(name): required") }
    return value
  }

  static func optionalString(_ object: [String: JSON], _ name: String) throws(APIError) -> String? {
    switch object[name] {
    case nil, .null?: return nil
    case .string(let text)?: return text
    case let other?: throw APIError(422, "\(name): a string is expected, found \(other.preview)")
    }
  }

  /// A user token: 1 to 129 of `a-z A-Z 0-9 _ = / + -`.
  static func checkUserToken(_ token: String, _ name: String) throws(APIError) {
    let allowed = { (byte: UInt8) -> Bool in
      (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || "_=/+-".utf8.contains(byte)
    }
    guard (1...129).contains(token.utf8.count), token.utf8.allSatisfy(allowed) else {
      throw APIError(422, "\(name): 1 to 129 characters of a-z, A-Z, 0-9, _ = / + -")
    }
  }

  static func isQueryID(_ text: String) -> Bool {
    if text.hasPrefix("message_") {
      return text.utf8.count > 8 && text.utf8.count <= 256
        && text.utf8.dropFirst(8).allSatisfy { (33...126).contains($0) }
    }
    return text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }

  static func timestamp(_ value: JSON?, now: Int64) throws(APIError) -> Int64 {
    guard let value, value != .null else { return now }
    guard let number = value.doubleValue, number.isFinite, number == number.rounded(), number >= 0, number < 1e15
    else { throw APIError(422, "timestamp: milliseconds since 1970 are expected, found \(value.preview)") }
    let milliseconds = Int64(number)
    guard milliseconds >= now - maximumAge else { throw APIError(422, "timestamp: at most 30 days old") }
    return milliseconds
  }

  static func strings(_ object: [String: JSON], _ name: String, at range: ClosedRange<Int>) throws(APIError)
    -> [String]
  {
    guard let value = object[name], value != .null else { return [] }
    guard case .array(let items) = value, range.contains(items.count) else {
      throw APIError(422, "\(name): a list of \(range.lowerBound) to \(range.upperBound) strings")
    }
    var strings: [String] = []
    for item in items {
      guard let text = item.stringValue, (1...512).contains(text.utf8.count) else {
        throw APIError(422, "\(name): each a string of 1 to 512 bytes")
      }
      strings.append(text)
    }
    return strings
  }

  static func positions(_ value: JSON?, count: Int) throws(APIError) -> [Int] {
    guard let value, value != .null else { return [] }
    guard case .array(let items) = value, items.count == count else {
      throw APIError(422, "positions: one position per objectID")
    }
    var positions: [Int] = []
    for item in items {
      guard let number = item.doubleValue, number == number.rounded(), (1...1_000_000).contains(number) else {
        throw APIError(422, "positions: whole numbers from 1")
      }
      positions.append(Int(number))
    }
    return positions
  }
}
