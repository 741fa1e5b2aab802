import Foundation
import HTTPTypes
import Hummingbird
import InstantSearchCore
import InstantSearchEngine

/// An error answered as Algolia answers it: `{"message": "...", "status": 4xx}` with that HTTP status.
public struct APIError: Error, Sendable, Hashable {
  /// The HTTP status.
  public let status: Int
  /// The message.
  public let message: String

  /// An error with `status` and `message`.
  public init(_ status: Int, _ message: String) {
    self.status = status
    self.message = message
  }

  /// The answer to an engine error (its own status: 404 for a missing index, 400 for bad input, 500 for
  /// storage).
  public init(_ error: EngineError) {
    if case .storage = error {
      self.init(500, error.description)
    } else {
      self.init(error.status, error.description)
    }
  }

  /// Wrong application ID or API key.
  static let forbidden = APIError(403, "Invalid Application-ID or API key")

  /// The error's JSON body.
  var body: JSON { ["message": .string(message), "status": .number(Double(status))] }
}

extension Response {
  /// A JSON response of `json` with `status`.
  static func json(_ json: JSON, status: HTTPResponse.Status = .ok) -> Response {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(4096)
    json.appendText(to: &bytes)
    if Compression.acceptsGzip, bytes.count >= Compression.threshold, let compressed = Compression.gzip(bytes) {
      return Response(
        status: status,
        headers: [.contentType: "application/json; charset=UTF-8", .contentEncoding: "gzip", .vary: "Accept-Encoding"],
        body: ResponseBody(byteBuffer: compressed))
    }
    return Response(
      status: status, headers: [.contentType: "application/json; charset=UTF-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
  }

  /// A JSON response of an `Encodable` value.
  static func encoded<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok) throws -> Response {
    let data = try JSONEncoder().encode(value)
    return Response(
      status: status, headers: [.contentType: "application/json; charset=UTF-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }

  /// The answer to `error`.
  static func error(_ error: APIError) -> Response {
    json(error.body, status: HTTPResponse.Status(code: error.status))
  }
}
