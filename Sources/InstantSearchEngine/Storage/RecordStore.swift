/// The packed records of an index, back to back in one arena.
struct RecordStore: Sendable {
  private(set) var arena: [UInt8] = []
  private(set) var offsets: [UInt32] = [0]

  var count: Int { offsets.count - 1 }

  mutating func append(_ bytes: [UInt8]) {
    arena.append(contentsOf: bytes)
    offsets.append(UInt32(arena.count))
  }

  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    arena.append(contentsOf: bytes)
    offsets.append(UInt32(arena.count))
  }

  mutating func reserve(records: Int, bytes: Int) {
    offsets.reserveCapacity(records + 1)
    arena.reserveCapacity(bytes)
  }

  /// Calls `body` with the packed bytes of record `doc`.
  func withRecord<R>(_ doc: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    let start = Int(offsets[doc])
    let end = Int(offsets[doc + 1])
    return try arena.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
  }

  /// A copy of the bytes of record `doc`.
  func bytes(_ doc: Int) -> [UInt8] {
    Array(arena[Int(offsets[doc])..<Int(offsets[doc + 1])])
  }
}
