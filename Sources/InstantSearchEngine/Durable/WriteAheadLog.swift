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
  /// - Parameters:
  ///   - minimumBytes: for a log a manifest names, the least it must hold (see
  ///     ``IndexManifest/logBytes``): a missing log, or fewer bytes of whole frames, means acknowledged
  ///     writes are lost — an error, never an empty or shorter log. `nil` for a log being created.
  ///   - recover: keep what is left instead: a missing or short log, or a damaged frame (and everything
  ///     after it), is dropped, and ``lost`` says what was.
  static func open(_ path: String, durability: Durability, minimumBytes: Int? = nil, recover: Bool = false)
    throws(DurableError) -> (WriteAheadLog, [[UInt8]])
  {
    let found = try PosixFile.read(path)
    var bytes = found ?? []
    var lost: [String] = []
    if minimumBytes != nil, bytes.count < header.count {
      let reason =
        found == nil
        ? "the log the manifest names is missing" : "the log the manifest names is cut short (\(bytes.count) bytes)"
      guard recover else { throw .corrupt(path: path, reason: reason + Self.lossAdvice) }
      lost.append(reason)
      bytes = []
    }
    let (payloads, validLength, damage) = try replay(bytes, path: path, tolerant: recover)
    if let damage { lost.append(damage) }
    if let minimumBytes, lost.isEmpty,
      let shortfall = try shortfall(validLength, minimum: minimumBytes, path: path, recover: recover)
    {
      lost.append(shortfall)
    }
    let file = try PosixFile(appendingTo: path)
    let foundCount = found?.count ?? 0
    if validLength < foundCount { try file.truncate(to: validLength) }
    if validLength == 0 { try file.write(header) }
    if validLength < foundCount || validLength == 0 { try file.sync(durability) }
    if found == nil { try PosixFile.syncDirectory(of: path, durability) }
    let log = WriteAheadLog(path: path, durability: durability, file: file, size: max(validLength, header.count))
    log.cutTailBytes = foundCount - validLength
    log.lost = lost
    return (log, payloads)
  }

  /// Why a log holding `validLength` bytes of whole frames lost writes, when the manifest recorded at
  /// least `minimum` (`nil` when it did not lose any): returned with `recover`, thrown without.
  static func shortfall(_ validLength: Int, minimum: Int, path: String, recover: Bool) throws(DurableError)
    -> String?
  {
    guard validLength < minimum else { return nil }
    let reason = "the log holds \(validLength) bytes of whole writes where the manifest recorded at least \(minimum)"
    guard recover else { throw .corrupt(path: path, reason: reason + lossAdvice) }
    return reason
  }

  /// What the error for a lost log says an operator can do.
  static let lossAdvice =
    ": acknowledged writes are lost (opening with recovery — `recover: true`, `--recover` on the command line"
    + " — keeps the writes that are left and says what it dropped)"

  /// How many bytes opening cut off the log (0 when it ended on a whole frame): a torn last frame — what a
  /// process killed mid-append leaves, never an acknowledged write — or, with recovery, what was damaged.
  /// A log cut short by hand can look like a torn frame, so the owner reports it (the server logs it).
  private(set) var cutTailBytes = 0
  /// What opening with recovery dropped (empty when nothing was, and always without recovery).
  private(set) var lost: [String] = []

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

  /// The payloads of a log's bytes, the length of its valid prefix and, when `tolerant`, what a damaged
  /// frame cut off.
  ///
  /// - Throws: ``DurableError`` for a foreign or newer file, or (unless `tolerant`) a damaged frame.
  static func replay(_ bytes: [UInt8], path: String, tolerant: Bool = false) throws(DurableError) -> (
    payloads: [[UInt8]], validLength: Int, damage: String?
  ) {
    guard !bytes.isEmpty else { return ([], 0, nil) }
    var reader = LittleEndianReader(bytes, path: path)
    try reader.header(magic: Self.magic, version: Self.version, kind: "a write-ahead log")
    var payloads: [[UInt8]] = []
    while reader.remaining > 0 {
      let start = reader.offset
      // A torn tail: less than a frame header, or nothing but zeros.
      if reader.remaining < Self.frameHeaderSize || bytes[start...].allSatisfy({ $0 == 0 }) {
        return (payloads, start, nil)
      }
      let length = try reader.uint32("a frame length")
      var damage: String?
      if try reader.uint32("a length checksum") != Self.lengthChecksum(length) {
        damage = "the frame at offset \(start) has a damaged length"
      } else {
        let checksum = try reader.uint32("a frame checksum")
        // The payload cut short: the process died while writing the last frame.
        guard Int(length) <= reader.remaining else { return (payloads, start, nil) }
        let payload = try reader.take(Int(length), "a frame")
        if CRC32C.checksum(payload) == checksum {
          payloads.append(Array(payload))
          continue
        }
        damage = "the frame at offset \(start) fails its checksum"
      }
      guard tolerant, let damage else { throw .corrupt(path: path, reason: (damage ?? "a damaged frame") + lossAdvice) }
      return (payloads, start, damage + " (\(bytes.count - start) bytes from there dropped)")
    }
    return (payloads, bytes.count, nil)
  }
}
