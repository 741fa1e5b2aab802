/// The packed records of an index, back to back in one arena: in arrays while built, or read in place
/// from a mapped segment image.
///
/// A mapped arena's checksum is verified after the image opens (``DeferredVerification``): a record is
/// read only once it has passed, waiting for it if need be. Records whose bytes failed read as an empty
/// object, and ``failure()`` gives the error, which every search, read, write and commit of records
/// throws; a store copied from records not yet verified carries their verification along.
struct RecordStore: Sendable {
  private var ownedArena: [UInt8] = []
  private var ownedOffsets: [UInt32] = [0]
  /// The mapped arena and offsets, when the store is read from an image.
  private var mapping: Mapping?
  /// The verifications of the mapped records this store's were copied from that had not passed then
  /// (`nil`: none). A class, so that a store read on every record read costs no more to copy for it.
  private var lineage: Lineage?

  /// A store's two arrays in a mapped file (kept alive by holding it), and the verification of the
  /// arena's checksum when it was left out of opening. A class, so that copying a store retains one
  /// object for all of it.
  final class Mapping: @unchecked Sendable {
    // Safety: the buffers point into `file`'s read-only mapping, which lives as long as this value; all
    // properties are constants.
    let file: MappedFile
    let arena: UnsafeBufferPointer<UInt8>
    let offsets: UnsafeBufferPointer<UInt32>
    let verification: DeferredVerification?
    /// The checksums of the arena's blocks, when the image stores them: a record is read once its blocks
    /// are verified, without waiting for `verification`.
    let blocks: RecordBlocks?

    init(
      file: MappedFile, arena: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<UInt32>,
      verification: DeferredVerification? = nil, blocks: RecordBlocks? = nil
    ) {
      self.file = file
      self.arena = arena
      self.offsets = offsets
      self.verification = verification
      self.blocks = blocks
    }
  }

  /// The verifications a store's records were copied from.
  final class Lineage: Sendable {
    let checks: [DeferredVerification]

    init(_ checks: [DeferredVerification]) {
      self.checks = checks
    }
  }

  /// What a record reads as when its bytes failed their checksum: an empty object.
  static let unreadable: [UInt8] = [PackedTag.object.rawValue, 0]

  /// An empty store.
  init() {}

  /// A store of stored parts (an image's): `offsets` starts at 0 and ends at `arena.count`.
  init(arena: [UInt8], offsets: [UInt32]) {
    ownedArena = arena
    ownedOffsets = offsets
  }

  /// A store read in place from a mapped image.
  init(mapping: Mapping) {
    self.mapping = mapping
  }

  var count: Int { (mapping?.offsets.count ?? ownedOffsets.count) - 1 }

  /// The bytes of the records.
  var arenaSize: Int { mapping?.arena.count ?? ownedArena.count }

  /// The bytes of the checksums of the records' blocks (``RecordBlocks``; none for records in memory).
  var blockChecksumBytes: Int { (mapping?.blocks?.sums.count ?? 0) * MemoryLayout<UInt32>.stride }

  /// The verifications these records still depend on (none once all have passed).
  private var pendingChecks: [DeferredVerification] {
    var checks = lineage?.checks.filter { !$0.passed } ?? []
    if let verification = mapping?.verification, !verification.passed { checks.append(verification) }
    return checks
  }

  /// Whether bytes `range` of the records (those of one record) may be read as stored: every verification
  /// they depend on has passed (waited for when not yet done), or, in an image that stores its blocks'
  /// checksums, the blocks holding them are sound (verified now if they were not yet).
  @inline(__always)
  private func isReadable(_ range: Range<Int>, in arena: UnsafeBufferPointer<UInt8>) -> Bool {
    if lineage == nil {
      guard let mapping else { return true }
      if mapping.verification?.passed ?? true { return true }
      if let blocks = mapping.blocks { return blocks.holds(range, of: arena) }
    }
    return waitsForVerification()
  }

  /// ``isReadable`` when a verification has not passed yet: out of line, so that a record read, inlined
  /// into its callers' loops, stays small.
  @inline(never)
  private func waitsForVerification() -> Bool {
    failure() == nil
  }

  /// Why these records cannot be read (their bytes, or those they were copied from, failed their
  /// checksum), waiting for a verification not yet done; `nil` when they can.
  func failure() -> DurableError? {
    for verification in pendingChecks {
      if let failure = verification.wait() { return failure }
    }
    return nil
  }

  /// Why the records a search read cannot be trusted: in an image that stores its blocks' checksums, the
  /// first block found damaged by a read so far (every record read had its blocks verified as it was
  /// read; no wait); else ``failure()``, waiting for the verification of all of them.
  func readFailure() -> DurableError? {
    if lineage == nil, let mapping, let blocks = mapping.blocks, !(mapping.verification?.passed ?? true) {
      return blocks.failure
    }
    return failure()
  }

  /// Starts verifying the mapped records in the background (see ``DeferredVerification``).
  func startVerifying() {
    mapping?.verification?.start()
  }

  /// Makes records copied from `source` depend on its verifications still pending.
  mutating func inherit(from source: RecordStore) {
    var checks = lineage?.checks ?? []
    for check in source.pendingChecks where !checks.contains(where: { $0 === check }) { checks.append(check) }
    lineage = checks.isEmpty ? nil : Lineage(checks)
  }

  /// Calls `body` with the arena and the offsets (`offsets[doc]..<offsets[doc + 1]`: record `doc`), as
  /// stored, without waiting for their verification: for prefetching, and for writers that checked
  /// ``failure()`` first.
  func withParts<R>(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt32>) throws -> R) rethrows -> R {
    if let mapping { return try body(mapping.arena, mapping.offsets) }
    return try ownedArena.withUnsafeBufferPointer { arena in
      try ownedOffsets.withUnsafeBufferPointer { offsets in try body(arena, offsets) }
    }
  }

  /// Makes room for `scale` times the records and bytes held so far (an owned store's).
  mutating func reserve(scale: Double) {
    guard mapping == nil else { return }
    ownedArena.reserveCapacity(Int(Double(ownedArena.count) * scale))
    ownedOffsets.reserveCapacity(Int(Double(ownedOffsets.count) * scale))
  }

  mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    if let mapping {
      // A mapped store is only read; one written to becomes arrays first, still depending on the mapped
      // bytes' verification.
      let mapped = self
      inherit(from: mapped)
      ownedArena = Array(mapping.arena)
      ownedOffsets = Array(mapping.offsets)
      self.mapping = nil
    }
    ownedArena.append(contentsOf: bytes)
    ownedOffsets.append(UInt32(ownedArena.count))
  }

  /// Calls `body` with the packed bytes of record `doc` (an empty object's when they failed their
  /// checksum: see ``failure()``), once they are verified.
  @inline(__always)
  func withRecord<R>(_ doc: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    // One call of `body`, so that it is inlined here as it was before the check.
    try withParts { arena, offsets in
      let range = Int(offsets[doc])..<Int(offsets[doc + 1])
      return try body(isReadable(range, in: arena) ? UnsafeBufferPointer(rebasing: arena[range]) : Self.unreadableBytes)
    }
  }

  /// ``unreadable``'s bytes, allocated once for the process's life.
  // Safety: written once, by the initializer, and only read after; never freed.
  nonisolated(unsafe) private static let unreadableBytes: UnsafeBufferPointer<UInt8> = {
    let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: unreadable.count)
    _ = bytes.initialize(from: unreadable)
    return UnsafeBufferPointer(bytes)
  }()

  /// Reads the first cache lines of each of `docs` (a handful) in tight loops, so that their memory is
  /// fetched in parallel rather than one record at a time as they are read; returns a value derived from
  /// the bytes so that the reads are kept.
  func warm(_ docs: ArraySlice<UInt32>) -> UInt8 {
    var starts: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
      (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    return withParts { arena, offsets in
      withUnsafeMutableBytes(of: &starts) { raw in
        let slots = raw.bindMemory(to: Int.self)
        let count = min(docs.count, slots.count)
        var index = 0
        for doc in docs.prefix(count) {
          slots[index] = Int(offsets[Int(doc)])
          index += 1
        }
        var folded: UInt8 = 0
        for slot in 0..<count {
          let start = slots[slot]
          folded ^= arena[start]
          if start + 64 < arena.count { folded ^= arena[start + 64] }
          if start + 128 < arena.count { folded ^= arena[start + 128] }
        }
        return folded
      }
    }
  }
}
