import Foundation

/// One search result: the record's attributes as JSON, with its `objectID` and highlighting.
public struct Hit: Hashable, Sendable {
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

  /// The highlighting of a string attribute, if the engine sent one.
  public func highlight(for attribute: String) -> HighlightResult? {
    guard case .object(let leaf)? = highlightResult.map(JSON.object)?.value(atPath: attribute) else { return nil }
    return HighlightResult(json: leaf)
  }

  /// The raw `_snippetResult` object, if the engine sent one.
  public var snippetResult: [String: JSON]? { object["_snippetResult"]?.objectValue }

  /// The snippet of a string attribute (or dotted path), if the engine sent one: its `value` holds the cut
  /// text with the matches between the highlight tags; ``HighlightResult/matchedWords`` is empty (snippet
  /// leaves carry only `value` and `matchLevel`).
  public func snippet(for attribute: String) -> HighlightResult? {
    guard case .object(let leaf)? = snippetResult.map(JSON.object)?.value(atPath: attribute) else { return nil }
    return HighlightResult(json: leaf)
  }

  /// The highlighted text of an attribute, split into highlighted and plain runs for a view (with the tags
  /// the query used: `<em>`/`</em>` by default).
  public func highlightedString(for attribute: String, preTag: String = "<em>", postTag: String = "</em>")
    -> HighlightedString?
  {
    highlight(for: attribute).map { HighlightedString(string: $0.value, preTag: preTag, postTag: postTag) }
  }

  /// The snippet of an attribute, split into highlighted and plain runs for a view.
  public func snippetedString(for attribute: String, preTag: String = "<em>", postTag: String = "</em>")
    -> HighlightedString?
  {
    snippet(for: attribute).map { HighlightedString(string: $0.value, preTag: preTag, postTag: postTag) }
  }

  /// InstantSearch iOS's name (spelling kept) for ``highlightedString(for:preTag:postTag:)`` with the default
  /// tags.
  public func hightlightedString(forKey key: String) -> HighlightedString? {
    highlightedString(for: key)
  }

  /// Decodes the record into `type` (with a standard `JSONDecoder`).
  ///
  /// - Throws: ``ResponseDecodingError`` naming the attribute that does not fit.
  public func decode<T: Decodable>(as type: T.Type = T.self) throws(ResponseDecodingError) -> T {
    do {
      let data = try JSONEncoder().encode(object)
      return try JSONDecoder().decode(T.self, from: data)
    } catch let error as DecodingError {
      throw ResponseDecodingError(error)
    } catch {
      throw ResponseDecodingError(path: "", message: "\(error)")
    }
  }
}

extension Hit: Codable {
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
