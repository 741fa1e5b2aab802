import Foundation

/// One search result: the record's attributes as JSON, with its `objectID` and highlighting.
///
/// Its highlighting and snippets read through ``HitHighlighting``; ``Hit`` wraps a decoded record the same
/// way.
public struct SearchHit: Hashable, Sendable, HitHighlighting {
  /// The record's identifier.
  public var objectID: String
  /// The whole object as received, `objectID`, `_highlightResult` and other `_` members included.
  public var object: [String: JSON]

  /// Creates a hit from a record object; its `objectID` must be a string (or a number).
  public init(object: [String: JSON]) throws(ResponseDecodingError) {
    switch object["objectID"] {
    case .string(let id): objectID = id
    case .number(let number): objectID = JSONText.number(number)
    case nil: throw ResponseDecodingError(path: "objectID", message: "missing key")
    case let other?: throw ResponseDecodingError(path: "objectID", message: "expected a string, found \(other)")
    }
    self.object = object
  }

  /// The value of an attribute, or of a dotted path (`"categories.lvl0"`).
  public subscript(attribute: String) -> JSON? {
    object[attribute] ?? JSON.object(object).value(atPath: attribute)
  }

  /// The raw `_highlightResult` object, if the engine sent one.
  public var highlightResult: [String: JSON]? { object["_highlightResult"]?.objectValue }

  /// The raw `_snippetResult` object, if the engine sent one.
  public var snippetResult: [String: JSON]? { object["_snippetResult"]?.objectValue }

  /// Decodes the record into `type` (with a standard `JSONDecoder`).
  ///
  /// - Throws: ``ResponseDecodingError`` naming the attribute that does not fit.
  public func decode<T: Decodable>(as type: T.Type = T.self) throws(ResponseDecodingError) -> T {
    do {
      let data = try JSONEncoder().encode(object)
      return try JSONDecoder().decodeBounded(T.self, from: data)
    } catch let error as DecodingError {
      throw ResponseDecodingError(error)
    } catch {
      throw ResponseDecodingError(path: "", message: "\(error)")
    }
  }
}

extension SearchHit: Codable {
  /// Decodes a hit object.
  public init(from decoder: any Decoder) throws {
    let object = try [String: JSON](from: decoder)
    do {
      try self.init(object: object)
    } catch {
      throw DecodingError.keyNotFound(
        AnyKey("objectID"), .init(codingPath: decoder.codingPath, debugDescription: error.message))
    }
  }

  /// Encodes the hit's object.
  public func encode(to encoder: any Encoder) throws {
    try object.encode(to: encoder)
  }
}

/// A coding key made from any string.
package struct AnyKey: CodingKey {
  package let stringValue: String
  package let intValue: Int? = nil

  package init(_ string: String) {
    stringValue = string
  }

  package init?(stringValue: String) {
    self.stringValue = stringValue
  }

  package init?(intValue: Int) {
    return nil
  }
}
