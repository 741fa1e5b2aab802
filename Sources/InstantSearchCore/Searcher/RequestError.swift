/// An error of a search, with the queries that caused it.
public struct RequestError: Error, Sendable, CustomStringConvertible {
  /// The queries sent, the main one first.
  public let queries: [IndexedQuery]
  /// What went wrong.
  public let underlyingError: any Error

  /// Creates an error.
  public init(queries: [IndexedQuery], underlyingError: any Error) {
    self.queries = queries
    self.underlyingError = underlyingError
  }

  /// The underlying error's description.
  public var description: String { "\(underlyingError)" }
}
