/// Errors of the search layer that are not the backend's own.
public enum SearchError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The backend answered a different number of responses than queries were sent.
  case responseCountMismatch(expected: Int, received: Int)

  /// What went wrong.
  public var description: String {
    switch self {
    case .responseCountMismatch(let expected, let received):
      "expected \(expected) responses, one per query sent, but received \(received)"
    }
  }
}
