import InstantSearchCore

/// ``URLSessionTransport`` with a safety net long enough for a loaded machine.
///
/// The client enforces its deadlines itself, on the test's ``ManualClock``; the transport's own timeout is
/// real time. On a busy two-core CI machine a loopback server's handler can wait seconds for a thread, and
/// the transport's timeout (the client's 7 s deadline) then fired first: a network error where the test
/// expected an answer or a deadline. Tests about deadlines advance the manual clock; none of them is about
/// the transport's real-time safety net, so it is at least ``patience`` here.
struct PatientTransport: HTTPTransport {
  /// The shortest real-time timeout handed to the transport.
  static let patience: Duration = .seconds(90)
  private let base = URLSessionTransport()

  func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPResponse {
    try await base.send(request, timeout: max(timeout, Self.patience))
  }
}
