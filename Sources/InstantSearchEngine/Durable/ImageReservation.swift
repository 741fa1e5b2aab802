/// The place of a byte array left in an image by ``ImageWriter/reserve(_:byteCount:)``, written later,
/// from any thread (its own descriptor on the file), while the writer goes on with the arrays after it.
///
/// Writing a segment image hands its records (half of its bytes) to a thread of their own this way: their
/// checksum and copy into the file overlap with packing and writing the rest.
struct ImageReservation: Sendable {
  /// The image file.
  let path: String
  /// Where the array's head starts.
  let offset: Int
  let name: String
  let byteCount: Int

  /// Writes the array's head (with the checksum of `bytes`: `checksum` when the caller has it already),
  /// `bytes` and the padding after them.
  func write(_ bytes: [UInt8], checksum: UInt32? = nil) throws(DurableError) {
    guard bytes.count == byteCount else {
      throw .io(
        path: path, operation: "write",
        message: "\(name) holds \(bytes.count) bytes where \(byteCount) were reserved")
    }
    let file = try PosixFile(updating: path)
    let failure = bytes.withUnsafeBytes { payload -> DurableError? in
      do throws(DurableError) {
        let head = ImageWriter.head(
          name: name, elementSize: 1, count: UInt64(byteCount),
          checksum: checksum ?? CRC32C.checksum(payload, seed: 0))
        try file.write(head, at: offset)
        try file.write(raw: payload, at: offset + head.count)
        let padding = [UInt8](repeating: 0, count: ImageWriter.padding(after: byteCount))
        try file.write(padding, at: offset + head.count + byteCount)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }
}
