/// A value received from outside (a response, a request body, a `params` string) that does not have the
/// expected shape. The path names where: `results[0].nbHits`, `hits[3].objectID`, `hitsPerPage`.
public struct ResponseDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where the problem is, as a key path (`results[0].facets.brand`); empty for the top level.
  public let path: String
  /// What is wrong.
  public let message: String

  /// Creates an error.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `<path>: <message>`, or the message alone at the top level.
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }

  /// Translates a Foundation `DecodingError` into a path and a message.
  public init(_ error: DecodingError, prefix: String = "") {
    let path: [any CodingKey]
    let message: String
    switch error {
    case .typeMismatch(let type, let context):
      path = context.codingPath
      message = "expected \(Self.describe(type)): \(context.debugDescription)"
    case .valueNotFound(let type, let context):
      path = context.codingPath
      message = "expected \(Self.describe(type)), found null"
    case .keyNotFound(let key, let context):
      path = context.codingPath + [key]
      message = "missing key"
    case .dataCorrupted(let context):
      path = context.codingPath
      message = context.underlyingError.map { "\(context.debugDescription) (\($0))" } ?? context.debugDescription
    @unknown default:
      path = []
      message = "\(error)"
    }
    self.init(path: Self.join(prefix, Self.render(path)), message: message)
  }

  /// `a.b[2].c` from coding keys.
  package static func render(_ keys: [any CodingKey]) -> String {
    var output = ""
    for key in keys {
      if let index = key.intValue {
        output += "[\(index)]"
      } else {
        output += output.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return output
  }

  /// Joins two path fragments.
  package static func join(_ prefix: String, _ suffix: String) -> String {
    if prefix.isEmpty { return suffix }
    if suffix.isEmpty { return prefix }
    return suffix.hasPrefix("[") ? prefix + suffix : prefix + "." + suffix
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is Int.Type: "an integer"
    case is Double.Type: "a number"
    case is String.Type: "a string"
    case is Bool.Type: "a boolean"
    default: "\(type)"
    }
  }
}
