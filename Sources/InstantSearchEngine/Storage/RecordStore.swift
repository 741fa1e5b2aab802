/// The packed records of an index, back to back in one arena: in arrays while built, or read in place
/// from a mapped segment image.
struct RecordStore: Sendable {
  private var ownedArena: [UInt8] = []
  private var ownedOffsets: [UInt32] = [0]
  /// The mapped arena and offsets, when the store is read from an image.
  private var mapping: Mapping?

  /// A store's two arrays in a mapped file (kept alive by holding it).
  struct Mapping: @unchecked Sendable {
    // Safety: the buffers point into `file`'s read-only mapping, which lives as long as this value.
    let file: MappedFile
    let arena: UnsafeBufferPointer<UInt8>
    let offsets: UnsafeBufferPointer<UInt32>
  }

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

  /// Calls `body` with the arena and the offsets (`offsets[doc]..<offsets[doc + 1]`: record `doc`).
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
      // A mapped store is only read; one written to becomes arrays first.
      ownedArena = Array(mapping.arena)
      ownedOffsets = Array(mapping.offsets)
      self.mapping = nil
    }
    ownedArena.append(contentsOf: bytes)
    ownedOffsets.append(UInt32(ownedArena.count))
  }

  /// Calls `body` with the packed bytes of record `doc`.
  func withRecord<R>(_ doc: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try withParts { arena, offsets in
      try body(UnsafeBufferPointer(rebasing: arena[Int(offsets[doc])..<Int(offsets[doc + 1])]))
    }
  }

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
