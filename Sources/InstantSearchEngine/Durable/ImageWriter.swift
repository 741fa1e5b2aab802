/// Writes an image file: built structures as named arrays of fixed-size numbers, read back by
/// ``ImageReader`` without parsing or rebuilding anything.
///
/// Layout (every number little-endian, whatever the machine): four magic bytes and the format version;
/// then each array as a 24-byte head — the name's hash (`UInt32`), the element size (`UInt32`), the
/// element count (`UInt64`), the payload's CRC-32C (`UInt32`), 4 reserved bytes — followed by its payload
/// padded to a multiple of 8 bytes, so that every payload starts 8-byte aligned; last, an end head (name
/// hash of `"end"`, size 0) whose count is the number of arrays before it. A reader checks each name, size,
/// length and checksum, so a truncated, damaged or foreign file is an error naming the array and offset.
struct ImageWriter: ~Copyable {
  private let file: PosixFile
  /// Bytes written so far.
  private(set) var size = 0
  private var arrays = 0

  /// Creates (or empties) the image at `path` and writes its header.
  init(path: String, magic: [UInt8], version: UInt32) throws(DurableError) {
    let opened = try PosixFile(truncating: path)
    var header = LittleEndianWriter()
    header.append(contentsOf: magic)
    header.append(version)
    let padding = Self.padding(after: header.bytes.count)
    header.append(contentsOf: [UInt8](repeating: 0, count: padding))
    try opened.write(header.bytes)
    size = header.bytes.count
    file = opened
  }

  /// The hash that names an array in its head (FNV-1a of the name's bytes).
  static func hash(_ name: String) -> UInt32 {
    var hash: UInt32 = 0x811C_9DC5
    for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
    return hash
  }

  /// Writes integers.
  mutating func integers<T: FixedWidthInteger & BitwiseCopyable>(_ name: String, _ values: [T]) throws(DurableError) {
    #if _endian(big)
      try raw(name, values.map(\.littleEndian))
    #else
      try raw(name, values)
    #endif
  }

  /// Writes doubles (as their IEEE 754 bit patterns).
  mutating func doubles(_ name: String, _ values: [Double]) throws(DurableError) {
    #if _endian(big)
      try raw(name, values.map(\.bitPattern.littleEndian))
    #else
      try raw(name, values)
    #endif
  }

  /// Writes floats (as their IEEE 754 bit patterns).
  mutating func floats(_ name: String, _ values: [Float]) throws(DurableError) {
    #if _endian(big)
      try raw(name, values.map(\.bitPattern.littleEndian))
    #else
      try raw(name, values)
    #endif
  }

  /// Writes strings as their UTF-8 bytes back to back and where each ends.
  mutating func strings(_ name: String, _ values: [String]) throws(DurableError) {
    var bytes: [UInt8] = []
    var ends: [UInt32] = []
    ends.reserveCapacity(values.count)
    for value in values {
      bytes.append(contentsOf: value.utf8)
      ends.append(UInt32(bytes.count))
    }
    try integers(name + ".bytes", bytes)
    try integers(name + ".ends", ends)
  }

  /// Writes one number.
  mutating func number(_ name: String, _ value: UInt64) throws(DurableError) {
    try integers(name, [value])
  }

  /// Writes the end head and makes the file durable to `durability`; returns the file's size.
  mutating func finish(_ durability: Durability) throws(DurableError) -> Int {
    try head(name: "end", elementSize: 0, count: UInt64(arrays), checksum: 0)
    try file.sync(durability)
    return size
  }

  /// Writes a column of integers.
  mutating func column<T: FixedWidthInteger & BitwiseCopyable>(_ name: String, _ values: Column<T>)
    throws(DurableError)
  {
    let failure = values.withUnsafeBufferPointer { buffer -> DurableError? in
      do throws(DurableError) {
        try integers(name, buffer)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// Writes a column of doubles.
  mutating func doubleColumn(_ name: String, _ values: Column<Double>) throws(DurableError) {
    try doubles(name, Array(values))
  }

  /// Writes a column of floats.
  mutating func floatColumn(_ name: String, _ values: Column<Float>) throws(DurableError) {
    try floats(name, Array(values))
  }

  /// Writes integers held in a buffer (an array's storage, or a mapped image's).
  mutating func integers<T: FixedWidthInteger & BitwiseCopyable>(_ name: String, _ values: UnsafeBufferPointer<T>)
    throws(DurableError)
  {
    #if _endian(big)
      try raw(name, values.map(\.littleEndian))
    #else
      let payload = UnsafeRawBufferPointer(values)
      try head(
        name: name, elementSize: MemoryLayout<T>.stride, count: UInt64(values.count),
        checksum: CRC32C.checksum(payload, seed: 0))
      try file.write(raw: payload)
      size += payload.count
      arrays += 1
      try pad()
    #endif
  }

  private mutating func raw<T: BitwiseCopyable>(_ name: String, _ values: [T]) throws(DurableError) {
    let checksum = values.withUnsafeBytes { CRC32C.checksum($0, seed: 0) }
    try head(name: name, elementSize: MemoryLayout<T>.stride, count: UInt64(values.count), checksum: checksum)
    let failure = values.withUnsafeBytes { payload -> DurableError? in
      do throws(DurableError) {
        try file.write(raw: payload)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
    size += values.count * MemoryLayout<T>.stride
    arrays += 1
    try pad()
  }

  private mutating func head(name: String, elementSize: Int, count: UInt64, checksum: UInt32) throws(DurableError) {
    let head = Self.head(name: name, elementSize: elementSize, count: count, checksum: checksum)
    try file.write(head)
    size += head.count
  }

  /// The zero bytes after `length` bytes that bring them to a multiple of 8 (every payload starts 8-byte
  /// aligned).
  static func padding(after length: Int) -> Int {
    (8 - length % 8) % 8
  }

  /// The 24 bytes of an array's head.
  static func head(name: String, elementSize: Int, count: UInt64, checksum: UInt32) -> [UInt8] {
    var head = LittleEndianWriter()
    head.append(Self.hash(name))
    head.append(UInt32(elementSize))
    head.append(count)
    head.append(checksum)
    head.append(UInt32(0))
    return head.bytes
  }

  /// Leaves the place of byte array `name` of `byteCount` bytes (its head, bytes and padding) for
  /// ``ImageReservation/write(_:)`` to fill, from any thread, before ``finish(_:)``: the arrays after it
  /// are written meanwhile.
  mutating func reserve(_ name: String, byteCount: Int) throws(DurableError) -> ImageReservation {
    let reservation = ImageReservation(path: file.path, offset: size, name: name, byteCount: byteCount)
    size += 24 + byteCount + Self.padding(after: byteCount)
    arrays += 1
    try file.seek(to: size)
    return reservation
  }

  private mutating func pad() throws(DurableError) {
    let padding = Self.padding(after: size)
    guard padding > 0 else { return }
    try file.write([UInt8](repeating: 0, count: padding))
    size += padding
  }
}
