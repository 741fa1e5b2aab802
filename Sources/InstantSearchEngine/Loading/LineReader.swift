import Foundation

/// Reads a file line by line in large chunks, without a `String` per line.
enum LineReader {
  /// The bytes asked of the system at a time (a chunk is read into one buffer kept for the whole file).
  static let chunkLength = 8 << 20
  /// The longest line read: a record of a records file takes at most 256 MiB (Algolia takes records of
  /// 100 KB at most; a file without a newline is not read whole into memory).
  static let longestLine = 256 << 20

  /// Calls `body` with each line's bytes (without the newline), in order, until it returns `false`;
  /// `chunkRead` is told the total bytes read after each chunk. A last line without a newline counts.
  ///
  /// The chunks are read with `pread` (``PosixFile``) into one buffer, the unfinished line at its end moved to
  /// its start before the next read: Foundation's `FileHandle.read(upToCount:)` asks Linux for 4,096 bytes
  /// a call and grows a new `Data` for every chunk (128,000 calls for a 500 MB file, on the packing thread
  /// that sets the pace of an import). A line longer than the buffer doubles it, up to `longestLine` bytes.
  ///
  /// - Throws: ``EngineError/unreadableInput(_:)`` when reading fails (a directory, an I/O error), with the
  ///   system's reason; ``EngineError/invalidRecord(line:reason:)`` naming a line longer than
  ///   `longestLine`. The lines before it have been handed to `body`.
  static func forEachLine(
    of file: borrowing PosixFile, chunkLength: Int = chunkLength, longestLine: Int = longestLine,
    chunkRead: (Int) -> Void = { _ in }, _ body: (UnsafeBufferPointer<UInt8>) -> Bool
  ) throws(EngineError) {
    var buffer = [UInt8](repeating: 0, count: max(chunkLength, 1))
    // `buffer[0..<filled]` holds bytes read and not yet handed out: the start of a line.
    var filled = 0
    var bytesRead = 0
    var lines = 0
    var going = true
    while going {
      if filled == buffer.count {
        // Room for the longest line and its newline.
        guard buffer.count <= longestLine else {
          throw .invalidRecord(line: lines + 1, reason: "the line is longer than \(longestLine) bytes")
        }
        buffer.append(contentsOf: repeatElement(0, count: min(buffer.count, longestLine + 1 - buffer.count)))
      }
      let count: Int
      do {
        count = try file.read(into: &buffer, from: filled, at: bytesRead)
      } catch {
        throw .unreadableInput("cannot read the records after \(bytesRead) bytes: \(reason(error))")
      }
      if count == 0 { break }
      bytesRead += count
      let scanFrom = filled
      filled += count
      let consumed = buffer.withUnsafeBufferPointer { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        var start = 0
        var searchFrom = scanFrom
        // `memchr` finds the newline many bytes at a time (a byte loop was a tenth of the loading thread);
        // the bytes kept from the last chunk hold none.
        while going, let found = memchr(base + searchFrom, 0x0A, filled - searchFrom) {
          let newline = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
          going = body(UnsafeBufferPointer(rebasing: buffer[start..<newline]))
          lines += 1
          start = newline + 1
          searchFrom = start
        }
        return start
      }
      if consumed > 0 {
        buffer.withUnsafeMutableBytes { bytes in
          guard let base = bytes.baseAddress else { return }
          memmove(base, base + consumed, filled - consumed)
        }
        filled -= consumed
      }
      chunkRead(bytesRead)
    }
    if going, filled > 0 {
      _ = buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<filled])) }
    }
  }

  /// The file at `url` opened for reading.
  ///
  /// - Throws: ``EngineError/unreadableInput(_:)`` naming the file and the system's reason (no such file,
  ///   no permission).
  static func open(_ url: URL) throws(EngineError) -> PosixFile {
    do {
      return try PosixFile(reading: url.path)
    } catch {
      throw .unreadableInput("cannot open \(url.path): \(reason(error))")
    }
  }

  /// The size of the records file `file` (at `url`) when it is a regular file, for progress reports and
  /// the loader's first reservation; `nil` for a pipe or a device.
  static func size(of file: borrowing PosixFile, at url: URL) throws(EngineError) -> Int? {
    do {
      return try file.regularFileSize()
    } catch {
      throw .unreadableInput("cannot read \(url.path): \(reason(error))")
    }
  }

  /// Whether the records file `file` (at `url`) starts, after white space, with `[`: a JSON array rather
  /// than JSON lines. Reads 4 KB at a time until a byte that is not white space.
  static func holdsArray(_ file: borrowing PosixFile, at url: URL) throws(EngineError) -> Bool {
    var offset = 0
    while true {
      let chunk: [UInt8]
      do {
        chunk = try file.read(count: 4_096, at: offset)
      } catch {
        throw .unreadableInput("cannot read \(url.path): \(reason(error))")
      }
      guard !chunk.isEmpty else { return false }
      if let first = chunk.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) {
        return first == UInt8(ascii: "[")
      }
      offset += chunk.count
    }
  }

  /// What the system said of a failed file operation.
  private static func reason(_ error: DurableError) -> String {
    if case .io(_, _, let message) = error { return message }
    return "\(error)"
  }
}
