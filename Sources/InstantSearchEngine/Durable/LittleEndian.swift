/// Appends numbers in little-endian byte order, whatever the machine: a file written on x86-64 Linux reads
/// the same on arm64 iOS.
struct LittleEndianWriter {
  /// The bytes written so far.
  private(set) var bytes: [UInt8] = []

  mutating func append(_ value: UInt32) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func append(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func append(contentsOf data: some Sequence<UInt8>) {
    bytes.append(contentsOf: data)
  }
}

/// Reads little-endian numbers and byte runs from a buffer, checking every length against what is left:
/// a truncated or damaged file is a ``DurableError/corrupt(path:reason:)`` naming the offset.
struct LittleEndianReader {
  let bytes: [UInt8]
  let path: String
  /// The offset of the next byte to read.
  private(set) var offset: Int

  init(_ bytes: [UInt8], path: String, offset: Int = 0) {
    self.bytes = bytes
    self.path = path
    self.offset = offset
  }

  /// Bytes not read yet.
  var remaining: Int { bytes.count - offset }

  mutating func uint32(_ what: String) throws(DurableError) -> UInt32 {
    let run = try take(4, what)
    return run.reversed().reduce(0) { $0 << 8 | UInt32($1) }
  }

  mutating func uint64(_ what: String) throws(DurableError) -> UInt64 {
    let run = try take(8, what)
    return run.reversed().reduce(0) { $0 << 8 | UInt64($1) }
  }

  /// Reads a file's header — four magic bytes, then the format version — checking both: a foreign file is
  /// ``DurableError/corrupt(path:reason:)`` ("not a `kind`"), another version
  /// ``DurableError/unsupportedVersion(path:found:supported:)``.
  mutating func header(magic: [UInt8], version: UInt32, kind: String) throws(DurableError) {
    _ = try header(magic: magic, versions: version...version, kind: kind)
  }

  /// Reads a file's header as ``header(magic:version:kind:)`` does, accepting any version of `versions`
  /// (the newest is the one named in the error); returns the version found.
  mutating func header(magic: [UInt8], versions: ClosedRange<UInt32>, kind: String) throws(DurableError) -> UInt32 {
    guard Array(try take(magic.count, "the header")) == magic else {
      throw .corrupt(
        path: path, reason: "not \(kind) (its first bytes are not \(String(decoding: magic, as: UTF8.self)))")
    }
    let found = try uint32("the version")
    guard versions.contains(found) else {
      throw .unsupportedVersion(path: path, found: found, supported: versions.upperBound)
    }
    return found
  }

  mutating func take(_ count: Int, _ what: String) throws(DurableError) -> ArraySlice<UInt8> {
    guard count >= 0, count <= remaining else {
      throw .corrupt(path: path, reason: "\(what) at offset \(offset) needs \(count) bytes, \(remaining) are left")
    }
    defer { offset += count }
    return bytes[offset..<(offset + count)]
  }
}
