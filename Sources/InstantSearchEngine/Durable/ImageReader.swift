/// Reads an image written by ``ImageWriter``: each array straight from the file into its storage, its
/// name, element size, length and checksum checked first, so that a damaged file is a
/// ``DurableError`` naming the array, never a crash or a wrong answer.
struct ImageReader: ~Copyable {
  let path: String
  private let file: PosixFile
  private let size: Int
  private var offset = 0
  private var arrays = 0

  /// Opens the image at `path`, checking its magic bytes and version (`kind` names it in errors).
  init(path: String, magic: [UInt8], version: UInt32, kind: String) throws(DurableError) {
    let opened = try PosixFile(reading: path)
    let headerSize = magic.count + 4
    var reader = LittleEndianReader(try opened.read(count: headerSize, at: 0), path: path)
    try reader.header(magic: magic, version: version, kind: kind)
    let size = try PosixFile.size(path)
    self.path = path
    self.size = size
    offset = (headerSize + 7) / 8 * 8
    file = opened
  }

  /// Reads integers.
  mutating func integers<T: FixedWidthInteger & BitwiseCopyable>(_ name: String, as type: T.Type = T.self)
    throws(DurableError) -> [T]
  {
    let values: [T] = try raw(name)
    #if _endian(big)
      return values.map { T(littleEndian: $0) }
    #else
      return values
    #endif
  }

  /// Reads doubles.
  mutating func doubles(_ name: String) throws(DurableError) -> [Double] {
    #if _endian(big)
      return try integers(name, as: UInt64.self).map(Double.init(bitPattern:))
    #else
      return try raw(name)
    #endif
  }

  /// Reads floats.
  mutating func floats(_ name: String) throws(DurableError) -> [Float] {
    #if _endian(big)
      return try integers(name, as: UInt32.self).map(Float.init(bitPattern:))
    #else
      return try raw(name)
    #endif
  }

  /// Reads strings.
  mutating func strings(_ name: String) throws(DurableError) -> [String] {
    let bytes = try integers(name + ".bytes", as: UInt8.self)
    let ends = try integers(name + ".ends", as: UInt32.self)
    var strings: [String] = []
    strings.reserveCapacity(ends.count)
    var start = 0
    for end in ends {
      guard Int(end) >= start, Int(end) <= bytes.count else {
        throw .corrupt(path: path, reason: "\(name) has a string ending at \(end), outside its \(bytes.count) bytes")
      }
      strings.append(String(decoding: bytes[start..<Int(end)], as: UTF8.self))
      start = Int(end)
    }
    return strings
  }

  /// Reads one number.
  mutating func number(_ name: String) throws(DurableError) -> UInt64 {
    let values = try integers(name, as: UInt64.self)
    guard values.count == 1 else { throw .corrupt(path: path, reason: "\(name) holds \(values.count) numbers, not 1") }
    return values[0]
  }

  /// Checks that the end head follows and that the file ends there.
  mutating func finish() throws(DurableError) {
    let (count, checksum, _) = try head("end", elementSize: 0)
    guard count == UInt64(arrays), checksum == 0, offset == size else {
      throw .corrupt(path: path, reason: "the image ends after \(arrays) arrays at offset \(offset) of \(size)")
    }
  }

  private mutating func raw<T: BitwiseCopyable>(_ name: String) throws(DurableError) -> [T] {
    let (count, checksum, start) = try head(name, elementSize: MemoryLayout<T>.stride)
    let length = Int(count) * MemoryLayout<T>.stride
    var failure: DurableError?
    let values = [T](unsafeUninitializedCapacity: Int(count)) { buffer, initialized in
      let bytes = UnsafeMutableRawBufferPointer(buffer)
      do throws(DurableError) {
        let read = try file.read(into: bytes, at: start)
        if read < length {
          failure = .corrupt(path: path, reason: "\(name) at offset \(start) is cut short")
        } else if CRC32C.checksum(UnsafeRawBufferPointer(bytes), seed: 0) != checksum {
          failure = .corrupt(path: path, reason: "\(name) at offset \(start) fails its checksum")
        }
      } catch {
        failure = error
      }
      // Bitwise-copyable values need no initialization beyond their bytes; on a failure none are kept.
      initialized = failure == nil ? Int(count) : 0
    }
    if let failure { throw failure }
    // The padding is zeros: a flipped bit there is damage too, though no checksum covers it.
    let padding = (8 - length % 8) % 8
    if padding > 0, try file.read(count: padding, at: start + length) != [UInt8](repeating: 0, count: padding) {
      throw .corrupt(path: path, reason: "the padding after \(name) at offset \(start + length) is not zeros")
    }
    offset = start + length + padding
    arrays += 1
    return values
  }

  /// Reads and checks the head of array `name`; returns its element count, checksum and payload offset.
  private mutating func head(_ name: String, elementSize: Int) throws(DurableError) -> (UInt64, UInt32, Int) {
    let bytes = try file.read(count: 24, at: offset)
    guard bytes.count == 24 else { throw .corrupt(path: path, reason: "\(name) at offset \(offset) is cut short") }
    var reader = LittleEndianReader(bytes, path: path, offset: 0)
    let hash = try reader.uint32("the name")
    let size = try reader.uint32("the element size")
    let count = try reader.uint64("the count")
    let checksum = try reader.uint32("the checksum")
    let reserved = try reader.uint32("the reserved bytes")
    guard hash == ImageWriter.hash(name), Int(size) == elementSize, reserved == 0 else {
      throw .corrupt(path: path, reason: "expected \(name) at offset \(offset), found another array")
    }
    let start = offset + 24
    guard elementSize == 0 || count <= UInt64(self.size - start) / UInt64(elementSize) else {
      throw .corrupt(path: path, reason: "\(name) at offset \(offset) claims \(count) elements past the end")
    }
    offset = start
    return (count, checksum, start)
  }
}
