import InstantSearchModel

/// Verifies the arrays an ``ImageReader`` mapped in place before the image is trusted: each array's
/// checksum, and for arrays whose structure must hold before any read, that structure. The file is read
/// aside (so that the mapping queries read stays untouched, not resident, until they read it), in pieces
/// that the verifying threads take in turn from a ``VerificationQueue``: a long array is cut into pieces
/// whose checksums are joined in order (``CRC32C/combine(_:_:secondLength:)``), so that the largest array
/// no longer sets the time alone. An array with a structure check is one piece, its structure walked from
/// the same chunks.
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
  /// verified by `threads` threads, at least one: the caller and helpers); the first failure found is
  /// thrown. `pause` is called between chunks (background work's pause point: see
  /// ``BackgroundThread/yieldToQueries()``).
  static func verify(
    _ checks: [Check], in path: String, pieceLength: Int = pieceLength, threads: Int = 2,
    pause: (@Sendable () -> Void)? = nil
  ) throws(DurableError) {
    let queue = VerificationQueue(
      path: path, pieceLength: pieceLength, helperFrom: threads > 1 ? 0 : .max, pause: pause)
    // The longest first, so that the threads end together.
    for check in checks.sorted(by: { $0.length > $1.length }) { queue.add(check) }
    try queue.finish()
  }

  /// The checksum (from seed 0) of `piece` of `check`'s array, read from `file` (the image at `path`) a
  /// chunk at a time into `chunk`; a piece with a structure check (a whole array) is walked from the same
  /// chunks. `pause` is called before each chunk.
  static func checksum(
    of piece: Piece, of check: Check, in file: borrowing PosixFile?, chunk: inout [UInt8], path: String,
    pause: (@Sendable () -> Void)?
  ) throws(DurableError) -> UInt32 {
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
          guard let read = try file?.read(into: UnsafeMutableRawBufferPointer(mutating: part), at: check.start + at),
            read == size
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
    return crc
  }
}
