/// Writes strings into a preallocated UTF-8 buffer: the fast path of rendering large filter states,
/// where thousands of small appends to a `String` would dominate the cost.
package struct UTF8Writer {
  private let buffer: UnsafeMutableBufferPointer<UInt8>
  /// The number of bytes written so far.
  private(set) var count = 0

  package init(buffer: UnsafeMutableBufferPointer<UInt8>) {
    self.buffer = buffer
  }

  /// Appends the UTF-8 bytes of `text`; writes nothing past the end of the buffer.
  package mutating func write(_ text: String) {
    let copied: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
      copy(bytes)
      return true
    }
    if copied == nil { copy(Array(text.utf8)) }
  }

  private mutating func copy(_ bytes: some Collection<UInt8>) {
    let length = min(bytes.count, buffer.count - count)
    guard length > 0 else { return }
    let slice = UnsafeMutableBufferPointer(rebasing: buffer[count..<count + length])
    _ = slice.initialize(from: bytes.prefix(length))
    count += length
  }

  private mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
    let length = min(bytes.count, buffer.count - count)
    guard length > 0, let source = bytes.baseAddress, let destination = buffer.baseAddress else { return }
    (destination + count).initialize(from: source, count: length)
    count += length
  }

  /// Builds a string of at most `capacity` bytes by running `body` on a writer.
  package static func makeString(capacity: Int, _ body: (inout UTF8Writer) -> Void) -> String {
    guard capacity > 0 else { return "" }
    return String(unsafeUninitializedCapacity: capacity) { buffer in
      var writer = UTF8Writer(buffer: buffer)
      body(&writer)
      return writer.count
    }
  }
}
