import InstantSearchModel

/// The records of a segment image: read in place, their blocks' checksums with them since format 5.
extension SnapshotImage {
  /// The record store, read in place from `mapping` (or into arrays where it cannot be).
  static func readStore(_ image: inout ImageReader, mapping: MappedFile) throws(DurableError) -> RecordStore {
    let coverage = "the record offsets do not cover the records"
    // Every record's bounds are checked before any read, so that reading a record never leaves the arena:
    // mapped, by the threads that verify the checksums (``finish()``). The records' own checksum is
    // verified after opening, before any record is read (``DeferredVerification``).
    if let (arena, check): (UnsafeBufferPointer<UInt8>, ImageVerification.Check) = try image.deferred(
      "store.arena", in: mapping)
    {
      guard let last = UInt32(exactly: arena.count) else { throw .corrupt(path: image.path, reason: coverage) }
      guard
        let offsets: UnsafeBufferPointer<UInt32> = try image.mapped(
          "store.offsets", in: mapping, structure: .rising(first: 0, last: last), failure: coverage)
      else { throw .corrupt(path: image.path, reason: "the record offsets cannot be read in place") }
      var blocks: RecordBlocks?
      if image.version >= 5 {
        let sums: [UInt32] = try image.integers("store.blockSums")
        guard sums.count == RecordBlocks.count(forLength: arena.count),
          RecordBlocks.whole(sums, length: arena.count) == check.checksum
        else { throw .corrupt(path: image.path, reason: "store.blockSums do not make the records' checksum") }
        blocks = RecordBlocks(sums: sums, path: image.path, arenaStart: check.start)
      }
      let verification = DeferredVerification([check], in: image.path)
      return RecordStore(
        mapping: RecordStore.Mapping(
          file: mapping, arena: arena, offsets: offsets, verification: verification, blocks: blocks))
    }
    let store = RecordStore(arena: try image.integers("store.arena"), offsets: try image.integers("store.offsets"))
    // Read whole, the records are verified with the image: their blocks' checksums are not needed.
    if image.version >= 5 { let _: [UInt32] = try image.integers("store.blockSums") }
    let valid = store.withParts { arena, offsets in
      guard offsets.first == 0, Int(offsets.last ?? 1) == arena.count else { return false }
      for index in 1..<offsets.count where offsets[index] < offsets[index - 1] { return false }
      return true
    }
    guard valid else { throw .corrupt(path: image.path, reason: coverage) }
    return store
  }
}
