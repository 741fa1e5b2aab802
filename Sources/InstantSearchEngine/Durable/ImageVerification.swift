import Dispatch
import InstantSearchModel

/// Verifies the arrays an ``ImageReader`` mapped in place before the image is trusted: each array's
/// checksum, and for arrays whose structure must hold before any read, that structure. The file is read
/// aside (so that the mapping queries read stays untouched, not resident, until they read it), in pieces
/// spread evenly over two threads: a long array is cut into pieces whose checksums are joined in order
/// (``CRC32C/combine(_:_:secondLength:)``), so that the largest array (the records) no longer sets the
/// time alone. An array with a structure check is one piece, its structure walked from the same chunks.
enum ImageVerification {
  /// A mapped array to verify.
  struct Check: Sendable {
    let name: String
    /// Where its bytes start in the file (after its 24-byte head).
    let start: Int
    let length: Int
    let checksum: UInt32
    /// The walk that must accept the bytes (those the checksum covers, fed in order) when their structure
    /// must hold before any read: packed posting lists, a store's offsets, a ranking order.
    var structure: ArrayStructure? = nil
    /// What the error says when the structure does not hold (else that the array does not hold together).
    var failure: String? = nil
  }

  /// The longest piece of an array verified on its own.
  static let pieceLength = 4 << 20
  /// The bytes read and checked at a time: small enough to stay in the second-level cache between the
  /// copy and the checksum.
  static let chunkLength = 256 << 10

  /// Part `offset..<offset + length` of `checks[check]`.
  struct Piece: Sendable {
    let check: Int
    let offset: Int
    let length: Int
  }

  /// Verifies `checks` against the file at `path` (arrays cut into pieces of at most `pieceLength` bytes,
  /// spread over `threads` threads, at least one); the first failure found is thrown. `pause` is called
  /// between chunks (background work's pause point: see ``BackgroundThread/yieldToQueries()``).
  static func verify(
    _ checks: [Check], in path: String, pieceLength: Int = pieceLength, threads: Int = 2,
    pause: (@Sendable () -> Void)? = nil
  ) throws(DurableError) {
    var pieces: [Piece] = []
    for (index, check) in checks.enumerated() {
      let step = check.structure == nil ? max(pieceLength, 1) : max(check.length, 1)
      var offset = 0
      repeat {
        pieces.append(Piece(check: index, offset: offset, length: min(step, check.length - offset)))
        offset += step
      } while offset < check.length
    }
    var groups = [[Int]](repeating: [], count: max(threads, 1))
    var loads = [Int](repeating: 0, count: groups.count)
    for piece in pieces.indices.sorted(by: { pieces[$0].length > pieces[$1].length }) {
      let lighter = loads.indices.min { loads[$0] < loads[$1] } ?? 0
      groups[lighter].append(piece)
      loads[lighter] += pieces[piece].length
    }
    let sums = Locked([UInt32](repeating: 0, count: pieces.count))
    let failures = Locked<[DurableError]>([])
    let work = (groups, pieces)
    DispatchQueue.concurrentPerform(iterations: work.0.count) { group in
      do throws(DurableError) {
        let found = try checksums(of: work.0[group].map { work.1[$0] }, checks: checks, in: path, pause: pause)
        sums.withLock { sums in for (index, sum) in zip(work.0[group], found) { sums[index] = sum } }
      } catch {
        failures.withLock { $0.append(error) }
      }
    }
    if let failure = failures.withLock({ $0.first }) { throw failure }
    let found = sums.withLock { $0 }
    var crc = [UInt32](repeating: 0, count: checks.count)
    for (index, piece) in pieces.enumerated() {
      crc[piece.check] = CRC32C.combine(crc[piece.check], found[index], secondLength: piece.length)
    }
    for (index, check) in checks.enumerated() where crc[index] != check.checksum {
      throw .corrupt(path: path, reason: "\(check.name) at offset \(check.start) fails its checksum")
    }
  }

  /// The checksum of each of `pieces` (from seed 0), read from `path` a chunk at a time; a piece with a
  /// structure check (a whole array) is walked from the same chunks.
  private static func checksums(
    of pieces: [Piece], checks: [Check], in path: String, pause: (@Sendable () -> Void)?
  ) throws(DurableError) -> [UInt32] {
    guard !pieces.isEmpty else { return [] }
    let file = try PosixFile(reading: path)
    var chunk = [UInt8](repeating: 0, count: chunkLength)
    var sums: [UInt32] = []
    sums.reserveCapacity(pieces.count)
    for piece in pieces {
      let check = checks[piece.check]
      var structure = check.structure
      var crc: UInt32 = 0
      var done = 0
      repeat {
        pause?()
        let size = min(chunkLength, piece.length - done)
        let at = piece.offset + done
        let result = chunk.withUnsafeMutableBytes { bytes -> Result<UInt32, DurableError> in
          let part = UnsafeRawBufferPointer(rebasing: bytes[0..<size])
          do throws(DurableError) {
            guard try file.read(into: UnsafeMutableRawBufferPointer(mutating: part), at: check.start + at) == size
            else {
              throw .corrupt(path: path, reason: "\(check.name) at offset \(check.start) is cut short")
            }
            structure?.feed(part, at: at)
            return .success(CRC32C.checksum(part, seed: crc))
          } catch {
            return .failure(error)
          }
        }
        crc = try result.get()
        done += size
      } while done < piece.length
      if let structure, !structure.holds {
        throw .corrupt(
          path: path, reason: check.failure ?? "\(check.name) at offset \(check.start - 24) does not hold together")
      }
      sums.append(crc)
    }
    return sums
  }
}
