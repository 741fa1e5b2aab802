/// The packed records of an index, back to back in one arena.
struct RecordStore: Sendable {
  private(set) var arena: [UInt8] = []
  private(set) var offsets: [UInt32] = [0]

  /// An empty store.
  init() {}

  /// A store of stored parts (an image's): `offsets` starts at 0 and ends at `arena.count`.
  init(arena: [UInt8], offsets: [UInt32]) {
    self.arena = arena
    self.offsets = offsets
  }

  var count: Int { offsets.count - 1 }

  mutating func append(_ bytes: [UInt8]) {
    arena.append(contentsOf: bytes)
    offsets.append(UInt32(arena.count))
  }

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    arena.append(contentsOf: bytes)
    offsets.append(UInt32(arena.count))
  }

  /// Calls `body` with the packed bytes of record `doc`.
  func withRecord<R>(_ doc: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    let start = Int(offsets[doc])
    let end = Int(offsets[doc + 1])
    return try arena.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
  }

  /// Reads the first cache lines of each of `docs` (a handful) in tight loops, so that their memory is
  /// fetched in parallel rather than one record at a time as they are read; returns a value derived from
  /// the bytes so that the reads are kept.
  func warm(_ docs: ArraySlice<UInt32>) -> UInt8 {
    var starts: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
      (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    return offsets.withUnsafeBufferPointer { offsets in
      arena.withUnsafeBufferPointer { arena in
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
}
