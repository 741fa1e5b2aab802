/// Why a `filters` string could not be parsed, and where.
///
/// The description follows Algolia's error style:
/// `filters: Unexpected token ')' expected a filter at col 12`.
public struct FilterParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, without the position: `Unexpected token ')' expected a filter`.
  public let message: String
  /// The 1-based column (in characters) where the problem starts.
  public let column: Int

  /// Creates an error.
  public init(message: String, column: Int) {
    self.message = message
    self.column = column
  }

  /// `filters: <message> at col <column>`.
  public var description: String { "filters: \(message) at col \(column)" }
}
