import Foundation
import HTTPTypes
import Hummingbird
import InstantSearchEngine
import InstantSearchModel
import Logging
import NIOCore

/// An error answered as Algolia answers it: `{"message": "...", "status": 4xx}` with that HTTP status.
public struct APIError: Error, Sendable, Hashable {
  /// The HTTP status.
  public let status: Int
  /// The message.
  public let message: String
  /// What the server's log gets besides the message (a storage error's file path), never the client.
  public let detail: String?

  /// An error with `status` and `message`, and `detail` for the server's log only.
  public init(_ status: Int, _ message: String, detail: String? = nil) {
    self.status = status
    self.message = message
    self.detail = detail
  }

  /// The answer to an engine error (its own status: 404 for a missing index, 400 for bad input, 500 for
  /// storage). A storage error's answer says what failed, not where: the full description, with the
  /// path, goes to the server's log.
  public init(_ error: EngineError) {
    if case .storage(let durable) = error {
      self.init(500, "storage error: \(durable.summary)", detail: durable.description)
    } else {
      self.init(error.status, error.description)
    }
  }

  /// Where server-side failures are written.
  static let log = Logger(label: "instantsearch-server")

  /// An index missing where Algolia's answer does not name it (settings, browse, copy, synonyms and
  /// rules); a search of a missing index names it (`Index products does not exist`), as Algolia's does.
  static let indexDoesNotExist = APIError(404, "Index does not exist")

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
    return jsonText(bytes, status: status)
  }

  /// A JSON response of JSON text already written (`bytes`), with `status`; compressed when the client
  /// takes gzip and the text is large enough.
  static func jsonText(_ bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
    // The request log keeps the answer's first bytes, before compression.
    RequestLog.answer?.keep(bytes)
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

  /// The answer to `error`; a server-side failure (5xx) is also written to the server's log, with its
  /// detail.
  static func error(_ error: APIError) -> Response {
    if error.status >= 500 {
      APIError.log.error("\(error.status) \(error.message)\(error.detail.map { " (\($0))" } ?? "")")
    }
    return json(error.body, status: HTTPResponse.Status(code: error.status))
  }

  /// `response` with `Connection: close`, closing `channel` once its body is written, so that what the
  /// client still sends is not read.
  static func closingConnection(_ response: Response, _ channel: any Channel) -> Response {
    var response = response
    response.headers[.connection] = "close"
    let body = response.body
    response.body = ResponseBody(contentLength: body.contentLength) { writer in
      try await body.write(writer)
      channel.close(promise: nil)
    }
    return response
  }
}
