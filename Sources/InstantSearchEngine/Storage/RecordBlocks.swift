import InstantSearchModel
import Synchronization

/// The checksums of a mapped record arena's blocks (``byteCount`` bytes each, the last one shorter), which a
/// segment image stores beside the arena's own checksum since format 5: a record is read once the blocks it
/// lies in are verified, so that a query's hits do not wait for the whole arena's verification (two thirds
/// of a segment image, a few milliseconds at a million records) that opening leaves to a background
/// thread (``DeferredVerification``).
///
/// A block is verified once, by the first read of a record in it, and its outcome kept: sound, or failed —
/// then every record in it reads as ``RecordStore/unreadable`` and ``failure`` reports it. Whether a block
/// is sound depends on its bytes only, never on which thread looked first or on the whole arena's
/// verification, which writes and commits still wait for.
final class RecordBlocks: Sendable {
  /// The bytes a block covers.
  static let byteCount = 16 << 10

  /// The image file, and where the arena's bytes start in it (for errors).
  let path: String
  let arenaStart: Int
  /// The checksum of each block, from seed 0.
  let sums: [UInt32]
  /// What is known of each block: 0 not yet verified, 1 sound, 2 failed.
  private let states: Locked<[UInt8]>
  /// The first failure found (never cleared).
  private let found = Locked<DurableError?>(nil)
  /// How many blocks have been found sound: once all of them, reads check nothing.
  private let soundCount = Atomic<Int>(0)

  /// The blocks of an arena whose bytes start at `arenaStart` in the image at `path`, with their checksums.
  init(sums: [UInt32], path: String, arenaStart: Int) {
    self.sums = sums
    self.path = path
    self.arenaStart = arenaStart
    states = Locked([UInt8](repeating: 0, count: sums.count))
  }

  /// The number of blocks an arena of `length` bytes has.
  static func count(forLength length: Int) -> Int {
    (length + byteCount - 1) / byteCount
  }

  /// The checksum of each block of `arena`.
  static func sums(of arena: UnsafeRawBufferPointer) -> [UInt32] {
    (0..<count(forLength: arena.count)).map { block in
      let start = block * byteCount
      return CRC32C.checksum(
        UnsafeRawBufferPointer(rebasing: arena[start..<min(start + byteCount, arena.count)]), seed: 0)
    }
  }

  /// The checksum of the whole arena of `length` bytes whose blocks have `sums`.
  static func whole(_ sums: [UInt32], length: Int) -> UInt32 {
    let fullPower = CRC32C.powerOfX(8 * byteCount)
    var crc: UInt32 = 0
    for (block, sum) in sums.enumerated() {
      let blockLength = min(byteCount, length - block * byteCount)
      crc =
        blockLength == byteCount
        ? CRC32C.multiply(crc, fullPower) ^ sum : CRC32C.combine(crc, sum, secondLength: blockLength)
    }
    return crc
  }

  /// The first block failure found so far, without verifying anything.
  var failure: DurableError? { found.withLock { $0 } }

  /// Whether bytes `range` of `arena` (the arena these blocks cover) lie in sound blocks, verifying those
  /// not verified yet.
  @inline(__always)
  func holds(_ range: Range<Int>, of arena: UnsafeBufferPointer<UInt8>) -> Bool {
    if soundCount.load(ordering: .acquiring) == sums.count { return true }
    return verify(range, of: arena)
  }

  @inline(never)
  private func verify(_ range: Range<Int>, of arena: UnsafeBufferPointer<UInt8>) -> Bool {
    let first = range.lowerBound / Self.byteCount
    let last = min(max(range.upperBound - 1, range.lowerBound) / Self.byteCount, sums.count - 1)
    var sound = true
    guard first <= last else { return true }
    for block in first...last {
      switch states.withLock({ $0[block] }) {
      case 1: continue
      case 2:
        sound = false
        continue
      default: break
      }
      let start = block * Self.byteCount
      let end = min(start + Self.byteCount, arena.count)
      let holds =
        CRC32C.checksum(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: arena[start..<end])), seed: 0)
        == sums[block]
      let isNew = states.withLock { states in
        guard states[block] == 0 else { return false }
        states[block] = holds ? 1 : 2
        return true
      }
      if holds {
        if isNew { soundCount.add(1, ordering: .releasing) }
      } else {
        sound = false
        let failure = DurableError.corrupt(
          path: path,
          reason: "store.arena at offset \(arenaStart) fails its checksum in bytes \(start)..<\(end)")
        found.withLock { if $0 == nil { $0 = failure } }
      }
    }
    return sound
  }
}
