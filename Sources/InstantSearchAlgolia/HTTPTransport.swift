import Foundation
import InstantSearchModel
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An HTTP request as the Algolia client sends it.
public struct HTTPRequest: Hashable, Sendable {
  /// `GET`, `POST`, …
  public var method: String
  /// The full URL.
  public var url: URL
  /// Header fields.
  public var headers: [String: String]
  /// The body, if any.
  public var body: Data?
  /// The largest response body the caller takes, in bytes (`nil`: no limit). A transport stops reading a
  /// 2xx body past it and throws ``HTTPResponseTooLarge``; of any other status it keeps the first
  /// ``HTTPRequest/errorBodyPrefix`` bytes (enough for the message) and stops reading.
  public var maximumResponseBytes: Int?

  /// How much of a non-2xx body a transport keeps when ``maximumResponseBytes`` is set: 64 KB.
  public static let errorBodyPrefix = 64 << 10

  /// Creates a request.
  public init(
    method: String, url: URL, headers: [String: String] = [:], body: Data? = nil, maximumResponseBytes: Int? = nil
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.maximumResponseBytes = maximumResponseBytes
  }
}

/// An HTTP response.
public struct HTTPResponse: Hashable, Sendable {
  /// The status code.
  public var status: Int
  /// The body.
  public var body: Data

  /// Creates a response.
  public init(status: Int, body: Data) {
    self.status = status
    self.body = body
  }
}

/// Sends HTTP requests. ``URLSessionTransport`` is the default; tests and other stacks can plug in
/// their own.
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the response, whatever its status. Throws for network failures, and
  /// ``HTTPResponseTooLarge`` for a 2xx body longer than the request's ``HTTPRequest/maximumResponseBytes``.
  /// `timeout` is a hint for the transport's own safety net; the client enforces its deadline itself, and
  /// cancels the calling task when it passes: a transport must then stop reading.
  func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPResponse
}

/// A 2xx response body longer than the request allowed; the transport stopped reading it.
public struct HTTPResponseTooLarge: Error, Hashable, Sendable, CustomStringConvertible {
  /// The limit, in bytes.
  public let limit: Int

  /// Creates the error.
  public init(limit: Int) {
    self.limit = limit
  }

  /// `response body larger than N bytes`.
  public var description: String { "response body larger than \(limit) bytes" }
}
