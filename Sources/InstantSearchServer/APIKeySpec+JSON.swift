import Foundation
import InstantSearchModel

extension APIKeySpec {
  /// Algolia's ACL names this server knows; the ones it enforces are those of ``APIKeySpec/acl``'s
  /// documentation (the others — `analytics`, `usage`, `logs`, … — are accepted and grant nothing here).
  public static let knownACL: Set<String> = [
    "search", "browse", "addObject", "deleteObject", "deleteIndex", "settings", "editSettings", "listIndexes",
    "analytics", "recommendation", "usage", "logs", "seeUnretrievableAttributes", "inference", "personalization",
    "nluWriteProject", "nluReadProject", "nluWriteEntity", "nluReadEntity", "nluWriteIntent", "nluReadIntent",
    "nluPrediction", "nluReadAnswers",
  ]

  /// A key described by the body of `POST /1/keys` or `PUT /1/keys/{key}` (Algolia's key object: `acl`
  /// required, every other field optional).
  ///
  /// - Throws: ``APIError`` (400) naming the field that is missing or of the wrong type.
  public init(key: String, json: JSON?, createdAt: Date) throws(APIError) {
    guard let object = json?.objectValue else { throw APIError(400, "the API key must be a JSON object") }
    guard let acl = object["acl"]?.arrayValue else { throw APIError(400, "acl: an array of ACL names is required") }
    var names: [String] = []
    for entry in acl {
      guard let name = entry.stringValue, Self.knownACL.contains(name) else {
        throw APIError(
          400, "acl: \(entry) is not an ACL (expected one of \(Self.knownACL.sorted().joined(separator: ", ")))")
      }
      if !names.contains(name) { names.append(name) }
    }
    self.init(key: key, acl: names, createdAt: createdAt)
    indexes = try Self.strings(object, "indexes").flatMap { $0.isEmpty ? nil : $0 }
    referers = try Self.strings(object, "referers") ?? []
    maxHitsPerQuery = try Self.count(object, "maxHitsPerQuery").flatMap { $0 == 0 ? nil : $0 }
    maxQueriesPerIPPerHour = try Self.count(object, "maxQueriesPerIPPerHour").flatMap { $0 == 0 ? nil : $0 }
    validity = try Self.count(object, "validity") ?? 0
    switch object["description"] {
    case nil, .null?: description = ""
    case .string(let text)?: description = text
    default: throw APIError(400, "description: a string is expected")
    }
    switch object["queryParameters"] {
    case nil, .null?: queryParameters = ""
    case .string(let text)?:
      do {
        _ = try Query(urlEncodedParameters: text)
      } catch {
        throw APIError(400, "queryParameters: \(error)")
      }
      queryParameters = text
    default: throw APIError(400, "queryParameters: a URL-encoded string of search parameters is expected")
    }
  }

  /// The key as `GET /1/keys/{key}` answers it.
  public var json: JSON {
    .object([
      "value": .string(key),
      "createdAt": .number(createdAt.timeIntervalSince1970.rounded(.down)),
      "acl": .array(acl.map(JSON.string)),
      "description": .string(description),
      "indexes": .array((indexes ?? []).map(JSON.string)),
      "maxHitsPerQuery": .number(Double(maxHitsPerQuery ?? 0)),
      "maxQueriesPerIPPerHour": .number(Double(maxQueriesPerIPPerHour ?? 0)),
      "queryParameters": .string(queryParameters),
      "referers": .array(referers.map(JSON.string)),
      "validity": .number(Double(validity)),
    ])
  }

  /// The key as the server's key file stores it: the answer of ``json``, with the creation time exact.
  var storedJSON: JSON {
    guard case .object(var object) = json else { return json }
    object["createdAt"] = .number(createdAt.timeIntervalSince1970)
    return .object(object)
  }

  /// A key read back from the server's key file.
  init(stored: JSON) throws(APIError) {
    guard let object = stored.objectValue, let key = object["value"]?.stringValue,
      let created = object["createdAt"]?.doubleValue
    else { throw APIError(500, "keys file: an entry lacks its value or createdAt") }
    try self.init(key: key, json: stored, createdAt: Date(timeIntervalSince1970: created))
  }

  private static func strings(_ object: [String: JSON], _ name: String) throws(APIError) -> [String]? {
    switch object[name] {
    case nil, .null?: return nil
    case .array(let values)?:
      var strings: [String] = []
      for value in values {
        guard let text = value.stringValue else { throw APIError(400, "\(name): an array of strings is expected") }
        strings.append(text)
      }
      return strings
    default: throw APIError(400, "\(name): an array of strings is expected")
    }
  }

  private static func count(_ object: [String: JSON], _ name: String) throws(APIError) -> Int? {
    switch object[name] {
    case nil, .null?: return nil
    case .number(let value)?:
      guard value >= 0, value <= Double(Int32.max), value == value.rounded() else {
        throw APIError(400, "\(name): a whole number from 0 to \(Int32.max) is expected, got \(value)")
      }
      return Int(value)
    default: throw APIError(400, "\(name): a number is expected")
    }
  }
}
