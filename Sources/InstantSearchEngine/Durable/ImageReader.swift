import InstantSearchModel

/// Reads an image written by ``ImageWriter``: each array straight from the file into its storage, its
/// name, element size, length and checksum checked first, so that a damaged file is a
/// ``DurableError`` naming the array, never a crash or a wrong answer.
struct ImageReader: ~Copyable {
  let path: String
  /// The image's format version.
  let version: UInt32
  private let file: PosixFile
  private let size: Int
  private var offset = 0
  private var arrays = 0
  /// The mapped arrays whose checksums ``finish()`` verifies: verified as they are added, beside the reading
  /// of the next ones, once a few megabytes are queued (see ``VerificationQueue``).
  private let verification: VerificationQueue
  /// The checks of the arrays mapped, and the tests of several arrays asked, while ``beginDeferring()`` is
  /// in effect (`nil`: not in effect; see `ImageReader+Deferring.swift`).
  var deferring: DeferredVerification.Work?
  /// The last array head read, and where: the one ``isSmall(_:elementSize:)`` read for the array read
  /// next, which ``head(_:elementSize:)`` then takes instead of reading it again.
  private var lastHead: (at: Int, bytes: [UInt8])?
  /// Where the payload of the array read last starts, and its length in bytes (see ``lastElement(as:)``).
  private var lastPayload = (start: 0, length: 0)

  /// The queued bytes from which a thread verifies them beside the reading (below, starting it costs
  /// more than it saves).
  static let helperThreshold = 2 << 20

  /// The arrays a column reads rather than maps: below this many bytes, reading one costs less memory than
  /// touching it in place, which brings in the kernel's whole fault-around window (64 KB of the file, most
  /// of it other arrays) — a segment image holds hundreds of such arrays, a posting list's starts for a
  /// facet of a few values among them.
  static let readBelow = 16 << 10

  /// Opens the image at `path`, checking its magic bytes and version, one of `versions` (`kind` names it in
  /// errors); ``version`` is the one found.
  init(path: String, magic: [UInt8], versions: ClosedRange<UInt32>, kind: String) throws(DurableError) {
    let opened = try PosixFile(reading: path)
    let headerSize = magic.count + 4
    var reader = LittleEndianReader(try opened.read(count: headerSize, at: 0), path: path)
    let found = try reader.header(magic: magic, versions: versions, kind: kind)
    let size = try PosixFile.size(path)
    self.path = path
    version = found
    self.size = size
    offset = (headerSize + 7) / 8 * 8
    file = opened
    verification = VerificationQueue(path: path, helperFrom: Self.helperThreshold)
  }

  deinit {
    // Opening failed before ``finish()``: the helper stops with what it holds.
    verification.cancel()
  }

  /// Opens the image at `path`, which must be of format `version` exactly.
  init(path: String, magic: [UInt8], version: UInt32, kind: String) throws(DurableError) {
    try self.init(path: path, magic: magic, versions: version...version, kind: kind)
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

  /// Checks that the end head follows and that the file ends there, then verifies the mapped arrays'
  /// checksums and structures (see ``ImageVerification``).
  mutating func finish() throws(DurableError) {
    try finishHeads()
    try verification.finish()
  }

  /// Verifies `check` with the image (``finish()``), or leaves it to the caller while deferring.
  private mutating func verifyLater(_ check: ImageVerification.Check) {
    if deferring != nil {
      deferring?.checks.append(check)
    } else {
      verification.add(check)
    }
  }

  private mutating func finishHeads() throws(DurableError) {
    let (count, checksum, _) = try head("end", elementSize: 0)
    guard count == UInt64(arrays), checksum == 0, offset == size else {
      throw .corrupt(path: path, reason: "the image ends after \(arrays) arrays at offset \(offset) of \(size)")
    }
  }

  /// Array `name` read in place from `mapping` (the same file). Its checksum is verified by ``finish()``,
  /// reading the file aside so that the mapping itself stays untouched (not resident) until queries read
  /// it. On a big-endian machine, where the bytes are not the numbers, `nil`: read it with
  /// ``integers(_:as:)``.
  ///
  /// With `structure`, the bytes must also pass that walk (fed from the same chunks as the checksum), else
  /// ``finish()`` throws `failure` as the reason.
  mutating func mapped<T: BitwiseCopyable>(
    _ name: String, in mapping: MappedFile, structure: ArrayStructure? = nil, failure: String? = nil
  ) throws(DurableError) -> UnsafeBufferPointer<T>? {
    let read: (buffer: UnsafeBufferPointer<T>, check: ImageVerification.Check)? = try deferred(name, in: mapping)
    guard let buffer = read?.buffer, var check = read?.check else { return nil }
    check.structure = structure
    check.failure = failure
    verifyLater(check)
    return buffer
  }

  /// Array `name` read in place from `mapping`, whose checksum ``finish()`` leaves to the returned check:
  /// verify it (``DeferredVerification``) before any read trusts the bytes. `nil` where the bytes are not
  /// the numbers (see ``mapped(_:in:structure:failure:)``).
  mutating func deferred<T: BitwiseCopyable>(_ name: String, in mapping: MappedFile) throws(DurableError)
    -> (buffer: UnsafeBufferPointer<T>, check: ImageVerification.Check)?
  {
    #if _endian(big)
      return nil
    #else
      let (count, checksum, start) = try head(name, elementSize: MemoryLayout<T>.stride)
      let length = Int(count) * MemoryLayout<T>.stride
      guard let buffer = mapping.buffer(at: start, count: Int(count), as: T.self) else {
        throw .corrupt(path: path, reason: "\(name) at offset \(start) lies outside the mapped file")
      }
      try skipPadding(after: name, start: start, length: length)
      return (buffer, ImageVerification.Check(name: name, start: start, length: length, checksum: checksum))
    #endif
  }

  /// Integers as a column: mapped in place where the machine's byte order allows, else read; read too when
  /// smaller than ``readBelow``, outside a deferred part.
  ///
  /// With `structure`, the numbers must also pass that walk (see ``mapped(_:in:structure:failure:)``);
  /// read into an array instead, they are walked at once.
  mutating func column<T: FixedWidthInteger & BitwiseCopyable>(
    _ name: String, in mapping: MappedFile, as type: T.Type = T.self, structure: ArrayStructure? = nil,
    failure: String? = nil
  ) throws(DurableError) -> Column<T> {
    if try !isSmall(name, elementSize: MemoryLayout<T>.stride),
      let buffer: UnsafeBufferPointer<T> = try mapped(name, in: mapping, structure: structure, failure: failure)
    {
      return Column(mapped: buffer, in: mapping)
    }
    let values: [T] = try integers(name)
    if var structure {
      let littleEndian = values.map(\.littleEndian)
      littleEndian.withUnsafeBytes { structure.feed($0, at: 0) }
      guard structure.holds else { throw .corrupt(path: path, reason: failure ?? "\(name) does not hold together") }
    }
    return Column(values)
  }

  /// Integers as a column that a check walks whole as the image opens (a posting list's counts and
  /// offsets): read, so that the walk leaves the mapping untouched — mapped, it brought in whole folios of
  /// the page cache around the array (up to 2 MB each on Linux 6.18). Mapped while deferring: the walk
  /// then runs when the part is verified, after open.
  mutating func walkedColumn<T: FixedWidthInteger & BitwiseCopyable>(
    _ name: String, in mapping: MappedFile, as type: T.Type = T.self
  ) throws(DurableError) -> Column<T> {
    guard deferring == nil else { return try column(name, in: mapping) }
    return Column(try integers(name))
  }

  /// Doubles as a column (see ``column(_:in:as:)``).
  mutating func doubleColumn(_ name: String, in mapping: MappedFile) throws(DurableError) -> Column<Double> {
    try column(name, in: mapping) { (reader: inout ImageReader) throws(DurableError) in try reader.doubles(name) }
  }

  /// Floats as a column (see ``column(_:in:as:)``).
  mutating func floatColumn(_ name: String, in mapping: MappedFile) throws(DurableError) -> Column<Float> {
    try column(name, in: mapping) { (reader: inout ImageReader) throws(DurableError) in try reader.floats(name) }
  }

  /// Packed posting-list bytes `name` (lists with counts `starts` and byte offsets `offsets`) as a column
  /// read in place, whose blocks must hold together before any read: ``finish()`` walks them
  /// (``PostingLists/BlockCheck``) from the chunks it reads aside for their checksum, so that the mapping
  /// stays untouched (not resident) until queries read it.
  mutating func packedLists(
    _ name: String, in mapping: MappedFile, starts: Column<UInt32>, offsets: Column<UInt32>
  ) throws(DurableError) -> Column<UInt8> {
    #if _endian(big)
      let headStart = offset
      let copy: [UInt8] = try integers(name)
      guard PostingLists.validate(starts: starts, bytes: Column(copy), offsets: offsets) else {
        throw .corrupt(path: path, reason: "\(name) at offset \(headStart) does not hold together")
      }
      return Column(copy)
    #else
      let (count, checksum, start) = try head(name, elementSize: 1)
      guard let buffer = mapping.buffer(at: start, count: Int(count), as: UInt8.self) else {
        throw .corrupt(path: path, reason: "\(name) at offset \(start) lies outside the mapped file")
      }
      verifyLater(
        ImageVerification.Check(
          name: name, start: start, length: Int(count), checksum: checksum,
          structure: .postingLists(PostingLists.BlockCheck(starts: starts, offsets: offsets, byteCount: Int(count)))))
      try skipPadding(after: name, start: start, length: Int(count))
      return Column(mapped: buffer, in: mapping)
    #endif
  }

  /// Array `name` mapped in place, or read with `read` where it cannot be.
  private mutating func column<T: BitwiseCopyable>(
    _ name: String, in mapping: MappedFile, read: (inout ImageReader) throws(DurableError) -> [T]
  ) throws(DurableError) -> Column<T> {
    if try !isSmall(name, elementSize: MemoryLayout<T>.stride),
      let buffer: UnsafeBufferPointer<T> = try mapped(name, in: mapping)
    {
      return Column(mapped: buffer, in: mapping)
    }
    return Column(try read(&self))
  }

  /// Whether array `name`, the next one, holds fewer than ``readBelow`` bytes (its head is checked, and kept
  /// for whatever reads the array). Never while deferring: reading would verify the array at
  /// open, where its part's damage must fail only the reads that need it (see ``DeferredVerification``).
  private mutating func isSmall(_ name: String, elementSize: Int) throws(DurableError) -> Bool {
    guard deferring == nil else { return false }
    let at = offset
    defer { offset = at }
    let (count, _, _) = try head(name, elementSize: elementSize)
    return count < UInt64(Self.readBelow / max(elementSize, 1))
  }

  private mutating func raw<T: BitwiseCopyable>(_ name: String) throws(DurableError) -> [T] {
    let (count, checksum, start) = try head(name, elementSize: MemoryLayout<T>.stride)
    let length = Int(count) * MemoryLayout<T>.stride
    var failure: DurableError?
    // An empty array is a shared global, whose count an uninitialized-capacity build of 0 would write to
    // (a data race with any other thread making one): no payload, no array to build.
    guard count > 0 else {
      if CRC32C.checksum(UnsafeRawBufferPointer(start: nil, count: 0), seed: 0) != checksum {
        throw .corrupt(path: path, reason: "\(name) at offset \(start) fails its checksum")
      }
      try skipPadding(after: name, start: start, length: 0)
      return []
    }
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
    try skipPadding(after: name, start: start, length: length)
    return values
  }

  /// Checks the padding after an array's payload and moves past it. The padding is zeros: a flipped bit
  /// there is damage too, though no checksum covers it.
  private mutating func skipPadding(after name: String, start: Int, length: Int) throws(DurableError) {
    let padding = ImageWriter.padding(after: length)
    if padding > 0, try file.read(count: padding, at: start + length) != [UInt8](repeating: 0, count: padding) {
      throw .corrupt(path: path, reason: "the padding after \(name) at offset \(start + length) is not zeros")
    }
    offset = start + length + padding
    arrays += 1
    lastPayload = (start, length)
  }

  /// The last number of the array read just before, read aside from the file rather than through a
  /// mapping of it — which a check at open would bring in (the whole of a large folio of the page cache,
  /// on Linux 6.18) — or `nil` when the array holds none. Like the mapped array, not verified yet: a
  /// check may compare it, never trust it.
  mutating func lastElement<T: FixedWidthInteger & BitwiseCopyable>(as type: T.Type = T.self) throws(DurableError)
    -> T?
  {
    let size = MemoryLayout<T>.stride
    guard lastPayload.length >= size else { return nil }
    let bytes = try file.read(count: size, at: lastPayload.start + lastPayload.length - size)
    guard bytes.count == size else {
      throw .corrupt(path: path, reason: "the array at offset \(lastPayload.start) is cut short")
    }
    return bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(as: T.self)) }
  }

  /// Reads and checks the head of array `name`; returns its element count, checksum and payload offset.
  private mutating func head(_ name: String, elementSize: Int) throws(DurableError) -> (UInt64, UInt32, Int) {
    let bytes: [UInt8]
    if let lastHead, lastHead.at == offset {
      bytes = lastHead.bytes
    } else {
      bytes = try file.read(count: 24, at: offset)
      lastHead = (offset, bytes)
    }
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
