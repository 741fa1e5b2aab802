/// The name of a record attribute, such as `brand`, `price` or a dotted path like `categories.lvl0`.
///
/// Attributes are plain strings with a type of their own, so that an attribute can't be mixed up with a
/// value. A string literal converts to an attribute wherever one is expected:
///
/// ```swift
/// let price: Attribute = "price"
/// let gender = Attribute("gender")
/// ```
///
/// Attribute names are compared exactly (case-sensitively), as Algolia does.
public struct Attribute: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible, Comparable
{
  /// The attribute name, as stored in records.
  public let rawValue: String

  /// Creates an attribute from its name.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates an attribute from its name.
  public init(_ name: String) {
    self.rawValue = name
  }

  /// Creates an attribute from a string literal.
  public init(stringLiteral value: String) {
    self.rawValue = value
  }

  /// The attribute name.
  public var description: String { rawValue }

  /// Orders attributes by the bytes of their UTF-8 names, the same order in every run and on every platform.
  public static func < (lhs: Attribute, rhs: Attribute) -> Bool {
    UTF8Order.precedes(lhs.rawValue, rhs.rawValue)
  }

  /// The reserved attribute that holds a record's tags.
  public static let tags: Attribute = "_tags"
}

extension Attribute: Codable {
  /// Decodes an attribute from a JSON string.
  public init(from decoder: any Decoder) throws {
    self.rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes the attribute as a JSON string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
