import Foundation

/// Reads a file line by line in large chunks, without a `String` per line.
enum LineReader {
  /// Calls `body` with each line's bytes (without the newline), in order, until it returns `false`;
  /// `chunkRead` is told the total bytes read after each chunk. A last line without a newline counts.
  ///
  /// - Throws: ``EngineError/unreadableInput(_:)`` when reading fails (a directory, an I/O error), with the
  ///   system's reason; the lines before it have been handed to `body`.
  static func forEachLine(
    of handle: FileHandle, chunkRead: (Int) -> Void = { _ in },
    _ body: (UnsafeBufferPointer<UInt8>) -> Bool
  ) throws(EngineError) {
    var pending: [UInt8] = []
    var bytesRead = 0
    var going = true
    while going {
      let chunk: Data?
      do {
        chunk = try handle.read(upToCount: 8 << 20)
      } catch {
        throw .unreadableInput("cannot read the records after \(bytesRead) bytes: \(error.localizedDescription)")
      }
      guard let chunk, !chunk.isEmpty else { break }
      bytesRead += chunk.count
      pending.append(contentsOf: chunk)
      var consumed = 0
      pending.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        var start = 0
        // `memchr` finds the newline many bytes at a time (a byte loop was a tenth of the loading thread).
        while going, let found = memchr(base + start, 0x0A, buffer.count - start) {
          let newline = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
          going = body(UnsafeBufferPointer(rebasing: buffer[start..<newline]))
          start = newline + 1
        }
        consumed = start
      }
      pending.removeFirst(consumed)
      chunkRead(bytesRead)
    }
    if going, !pending.isEmpty {
      _ = pending.withUnsafeBufferPointer { body($0) }
    }
  }
}
