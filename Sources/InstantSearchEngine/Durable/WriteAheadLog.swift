/// An append-only log of writes that survives the process being killed: each write is a frame appended
/// and, with ``Durability/full``, synced before the write is acknowledged. Reopening replays the frames in
/// order.
///
/// The file starts with `ISWL` and the format version (little-endian, as every number here). A frame is
/// its payload's length, the checksum (CRC-32C) of that length, the payload's checksum, and the payload. A
/// frame cut short at the end — the process died while writing it, so it was never acknowledged — ends the
/// log, and opening for appending cuts it off; so does a zero-filled tail. A frame whose length or payload
/// fails its checksum is damage, reported with its offset: a flipped bit never silently drops the writes
/// after it.
final class WriteAheadLog {
  /// The format version this build writes and reads.
  static let version: UInt32 = 1
  static let magic: [UInt8] = Array("ISWL".utf8)
  static var header: [UInt8] {
    var writer = LittleEndianWriter()
    writer.append(contentsOf: magic)
    writer.append(version)
    return writer.bytes
  }
  /// Length, length checksum, payload checksum.
  static let frameHeaderSize = 12

  let path: String
  let durability: Durability
  private let file: PosixFile
  /// The bytes in the log, header included.
  private(set) var size: Int

  /// Opens the log at `path` for appending (creating it), after cutting off a torn last frame. Returns the
  /// log and the payloads it held, in order.
  ///
  /// - Parameter mustExist: whether the log is one a manifest names (it was created, with its header,
  ///   before the manifest named it): then a missing file, or one shorter than its header, is damage —
  ///   acknowledged writes would silently be lost — never an empty log.
  static func open(_ path: String, durability: Durability, mustExist: Bool = false) throws(DurableError) -> (
    WriteAheadLog, [[UInt8]]
  ) {
    let found = try PosixFile.read(path)
    if mustExist, (found?.count ?? 0) < header.count {
      throw .corrupt(
        path: path,
        reason: found == nil
          ? "the log the manifest names is missing: the writes acknowledged since the last commit are lost"
          : "the log the manifest names is cut short (\(found?.count ?? 0) bytes): acknowledged writes are lost")
    }
    let bytes = found ?? []
    let (payloads, validLength) = try replay(bytes, path: path)
    let file = try PosixFile(appendingTo: path)
    if bytes.isEmpty {
      try file.write(header)
      try file.sync(durability)
      try PosixFile.syncDirectory(of: path, durability)
    } else if validLength < bytes.count {
      try file.truncate(to: validLength)
      try file.sync(durability)
    }
    let log = WriteAheadLog(path: path, durability: durability, file: file, size: max(validLength, header.count))
    log.cutTailBytes = bytes.isEmpty ? 0 : bytes.count - validLength
    return (log, payloads)
  }

  /// How many bytes of a torn last frame opening cut off (0 when the log ended on a whole frame). A
  /// process killed mid-append leaves one; a log cut short by hand or by a broken disk looks the same, so
  /// the owner reports it (the server's log says how many bytes were dropped).
  private(set) var cutTailBytes = 0

  private init(path: String, durability: Durability, file: consuming PosixFile, size: Int) {
    self.path = path
    self.durability = durability
    self.file = file
    self.size = size
  }

  /// Appends `payloads` as frames in one write and, with full durability, one sync: several writes waiting
  /// together share the cost (group commit).
  func append(_ payloads: [[UInt8]]) throws(DurableError) {
    var writer = LittleEndianWriter()
    for payload in payloads {
      let length = UInt32(payload.count)
      writer.append(length)
      writer.append(Self.lengthChecksum(length))
      writer.append(CRC32C.checksum(payload))
      writer.append(contentsOf: payload)
    }
    do throws(DurableError) {
      try file.write(writer.bytes)
      try file.sync(durability)
    } catch {
      // A write cut short (a full disk) or not synced: cut the log back to its last whole frame, so the
      // failed write is neither applied nor replayed, and the next write follows the last good one.
      do throws(DurableError) {
        try file.truncate(to: size)
      } catch let cut {
        throw .io(
          path: path, operation: "append", message: "\(error); cutting the partial write off failed too: \(cut)")
      }
      throw error
    }
    size += writer.bytes.count
  }

  /// Empties the log (after a commit made its writes part of a segment).
  func reset() throws(DurableError) {
    try file.truncate(to: Self.header.count)
    try file.sync(durability)
    size = Self.header.count
  }

  /// The checksum guarding a frame's length.
  static func lengthChecksum(_ length: UInt32) -> UInt32 {
    var writer = LittleEndianWriter()
    writer.append(length)
    return CRC32C.checksum(writer.bytes)
  }

  /// The payloads of a log's bytes and the length of its valid prefix.
  ///
  /// - Throws: ``DurableError`` for a foreign or newer file, or a damaged frame followed by more data.
  static func replay(_ bytes: [UInt8], path: String) throws(DurableError) -> (payloads: [[UInt8]], validLength: Int) {
    guard !bytes.isEmpty else { return ([], 0) }
    var reader = LittleEndianReader(bytes, path: path)
    try reader.header(magic: Self.magic, version: Self.version, kind: "a write-ahead log")
    var payloads: [[UInt8]] = []
    while reader.remaining > 0 {
      let start = reader.offset
      // A torn tail: less than a frame header, or nothing but zeros.
      if reader.remaining < Self.frameHeaderSize || bytes[start...].allSatisfy({ $0 == 0 }) { return (payloads, start) }
      let length = try reader.uint32("a frame length")
      guard try reader.uint32("a length checksum") == Self.lengthChecksum(length) else {
        throw .corrupt(path: path, reason: "the frame at offset \(start) has a damaged length")
      }
      let checksum = try reader.uint32("a frame checksum")
      // The payload cut short: the process died while writing the last frame.
      guard Int(length) <= reader.remaining else { return (payloads, start) }
      let payload = try reader.take(Int(length), "a frame")
      guard CRC32C.checksum(payload) == checksum else {
        throw .corrupt(path: path, reason: "the frame at offset \(start) fails its checksum")
      }
      payloads.append(Array(payload))
    }
    return (payloads, bytes.count)
  }
}
