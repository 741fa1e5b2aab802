import Testing

@testable import InstantSearchEngine

/// The checksums of a record arena's blocks (``RecordBlocks``): they make the arena's own checksum, and a
/// damaged byte fails the records of its block and no other, once and for good.
@Suite("Record blocks: checksums of the records a block at a time")
struct RecordBlocksTests {
  typealias Generator = DifferentialTests.Generator

  static func arena(_ length: Int, _ random: inout Generator) -> [UInt8] {
    (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
  }

  @Test("The blocks' checksums joined are the arena's checksum, at every length around a block's")
  func whole() {
    var random = Generator(state: 0xB10C)
    let size = RecordBlocks.byteCount
    var lengths = [0, 1, 7, size - 1, size, size + 1, 2 * size, 3 * size - 5]
    lengths += (0..<8).map { _ in random.int(0..<(6 * size)) }
    for length in lengths {
      let arena = Self.arena(length, &random)
      let sums = arena.withUnsafeBytes { RecordBlocks.sums(of: $0) }
      #expect(sums.count == RecordBlocks.count(forLength: length), "\(length)")
      #expect(RecordBlocks.whole(sums, length: length) == CRC32C.checksum(arena), "\(length)")
    }
  }

  @Test("A flipped byte fails the ranges touching its block only, and says where; sound blocks stay sound")
  func damage() {
    var random = Generator(state: 0xDA3A6E)
    let size = RecordBlocks.byteCount
    for round in 0..<20 {
      var arena = Self.arena(size * 5 + random.int(0..<size), &random)
      let sums = arena.withUnsafeBytes { RecordBlocks.sums(of: $0) }
      let flipped = random.int(0..<arena.count)
      arena[flipped] ^= UInt8(1) << UInt8(random.int(0..<8))
      let damagedBlock = flipped / size
      let blocks = RecordBlocks(sums: sums, path: "image", arenaStart: 100)
      arena.withUnsafeBufferPointer { arena in
        // Random record ranges, read in a random order, some across two blocks.
        for _ in 0..<60 {
          let start = random.int(0..<arena.count)
          let range = start..<min(arena.count, start + 1 + random.int(0..<200))
          let touches = (range.lowerBound / size...(range.upperBound - 1) / size).contains(damagedBlock)
          #expect(blocks.holds(range, of: arena) == !touches, "round \(round), \(range), byte \(flipped)")
        }
        let inDamaged = damagedBlock * size..<damagedBlock * size + 1
        #expect(!blocks.holds(inDamaged, of: arena))
        #expect(!blocks.holds(inDamaged, of: arena), "the outcome is kept")
        let end = min(arena.count, (damagedBlock + 1) * size)
        #expect(
          "\(String(describing: blocks.failure))".contains(
            "store.arena at offset 100 fails its checksum in bytes \(damagedBlock * size)..<\(end)"),
          "\(String(describing: blocks.failure))")
      }
    }
  }

  @Test("Sound arenas: every range holds, and once every block is verified nothing is checked again")
  func sound() {
    var random = Generator(state: 0x50D)
    let arena = Self.arena(RecordBlocks.byteCount * 3 + 17, &random)
    let blocks = RecordBlocks(sums: arena.withUnsafeBytes { RecordBlocks.sums(of: $0) }, path: "image", arenaStart: 0)
    arena.withUnsafeBufferPointer { arena in
      for start in stride(from: 0, to: arena.count, by: 1_000) {
        #expect(blocks.holds(start..<min(arena.count, start + 900), of: arena))
      }
    }
    #expect(blocks.failure == nil)
    // Every block is verified now: even bytes that no longer match are not looked at again.
    var changed = arena
    changed[5] ^= 1
    changed.withUnsafeBufferPointer { #expect(blocks.holds(0..<10, of: $0)) }
    #expect(
      RecordBlocks(sums: [], path: "image", arenaStart: 0).holds(0..<0, of: UnsafeBufferPointer(start: nil, count: 0)))
  }
}
