#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads request lines from a file descriptor as they arrive, so that a client that writes one line and
/// waits for its answer gets it (a pipe is never read to its end first), with bounded memory.
///
/// A line ends at `\n`; a `\r` before it is dropped (files with CRLF line endings). A line longer than
/// ``maximumBytes`` is never held whole: its bytes are counted and skipped, and it is reported as
/// ``Line/tooLong(bytes:)``.
struct RequestLines {
  /// What one line of input is.
  enum Line: Equatable {
    /// A line's bytes, without its line ending.
    case text([UInt8])
    /// A line of `bytes` bytes, more than the limit; its content was skipped.
    case tooLong(bytes: Int)
  }

  /// A read that failed, with the system's error number.
  struct ReadError: Error, CustomStringConvertible {
    let code: Int32
    var description: String { "cannot read the requests: error \(code)" }
  }

  private let descriptor: Int32
  /// The longest line kept, in bytes.
  let maximumBytes: Int
  private var buffer: [UInt8] = []
  private var start = 0
  /// Where the search for the next newline resumes: the bytes before it hold none.
  private var scanned = 0
  private var skipped: Int?
  private var atEnd = false

  /// Reads from `descriptor` (not closed here).
  init(descriptor: Int32, maximumBytes: Int) {
    self.descriptor = descriptor
    self.maximumBytes = maximumBytes
  }

  /// The next line, or `nil` at the end of the input. Blocks until a whole line (or the end) has come.
  mutating func next() throws(ReadError) -> Line? {
    while true {
      if let newline = buffer[max(start, scanned)...].firstIndex(of: 0x0A) {
        let line = take(upTo: newline)
        start = newline + 1
        scanned = start
        return line
      }
      scanned = buffer.count
      let pending = buffer.count - start
      if skipped != nil || pending > maximumBytes {
        skipped = (skipped ?? 0) + pending
        buffer.removeAll(keepingCapacity: true)
        start = 0
        scanned = 0
      }
      if atEnd {
        guard skipped != nil || start < buffer.count else { return nil }
        let line = take(upTo: buffer.count)
        start = buffer.count
        scanned = start
        return line
      }
      try fill()
    }
  }

  /// The line of `buffer[start..<end]`, or the skipped line it ends.
  private mutating func take(upTo end: Int) -> Line {
    if let skipped {
      self.skipped = nil
      return .tooLong(bytes: skipped + end - start)
    }
    var line = Array(buffer[start..<end])
    if line.last == 0x0D { line.removeLast() }
    return line.count > maximumBytes ? .tooLong(bytes: line.count) : .text(line)
  }

  /// Reads what is available (at least one byte, or the end).
  private mutating func fill() throws(ReadError) {
    if start > 0 {
      buffer.removeFirst(start)
      scanned -= start
      start = 0
    }
    let chunk = 1 << 16
    let old = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: chunk))
    var count = -1
    while count < 0 {
      count = buffer.withUnsafeMutableBytes { raw in
        read(descriptor, raw.baseAddress.map { $0 + old }, chunk)
      }
      if count < 0, errno != EINTR { throw ReadError(code: errno) }
    }
    buffer.removeLast(chunk - count)
    if count == 0 { atEnd = true }
  }
}
