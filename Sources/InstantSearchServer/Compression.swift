import CompressNIO
import HTTPTypes
import Hummingbird
import NIOCore

/// gzip for request and response bodies: bodies sent with `Content-Encoding: gzip` (the JavaScript clients
/// can compress writes) are inflated, within the body limit; answers of 1 KB or more go gzipped to clients
/// that accept it.
enum Compression {
  /// Answers smaller than this go as they are: gzip would save little and cost a header.
  static let threshold = 1024

  /// The inflated `buffer`.
  ///
  /// - Throws: ``APIError`` 413 when it inflates past `limit`, 400 when it is not gzip.
  static func gunzip(_ buffer: ByteBuffer, limit: Int) throws(APIError) -> ByteBuffer {
    var input = buffer
    let inflated: ByteBuffer
    do {
      inflated = try input.decompress(with: ZlibAlgorithm.gzip, maxSize: limit)
    } catch let error as CompressNIOError where error == .bufferOverflow {
      throw APIError(413, "the request body inflates past \(limit) bytes")
    } catch {
      throw APIError(400, "the gzip body does not inflate: \(error)")
    }
    // The inflater's bound is its buffer's capacity, which may be rounded up past `limit`.
    guard inflated.readableBytes <= limit else { throw APIError(413, "the request body inflates past \(limit) bytes") }
    // A whole gzip stream ends with the inflated size (modulo 2³², little-endian): a stream cut short ends
    // with compressed data instead, and what it inflated to is not the body that was sent.
    let bytes = buffer.readableBytesView
    guard bytes.count >= 18 else { throw APIError(400, "the gzip body is cut short: no trailer") }
    let trailer = bytes.suffix(4).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    guard trailer == UInt32(truncatingIfNeeded: inflated.readableBytes) else {
      throw APIError(400, "the gzip body is cut short or damaged: its trailer does not match what it inflates to")
    }
    return inflated
  }

  /// Whether the client of the request being answered accepts gzip (set by the server around each
  /// handler; ``Response/json(_:status:)`` reads it).
  @TaskLocal static var acceptsGzip = false

  /// `bytes` gzipped, or `nil` when compressing fails (the answer then goes as it is).
  static func gzip(_ bytes: [UInt8]) -> ByteBuffer? {
    var buffer = ByteBuffer(bytes: bytes)
    do {
      return try buffer.compress(with: ZlibAlgorithm.gzip)
    } catch {
      return nil
    }
  }
}
