import Foundation
import InstantSearchModel

/// Mapped arrays to verify (``ImageVerification``), cut into pieces that threads claim in turn while
/// arrays are still being added: opening an image hands each mapped array to the queue as it maps it, and
/// a helper thread verifies it while the caller reads the next ones (about 3 ms of reading at a million
/// records, which the verification no longer waits for). ``finish()`` closes the queue, verifies what is
/// left beside the helper, and compares each array's joined checksum with the stored one.
///
/// A piece whose read or structure fails stops the queue; the first failure is thrown. Work that must
/// pause for queries (``BackgroundThread``) passes its pause point; the caller's pieces pass it too.
final class VerificationQueue: @unchecked Sendable {
  // Safety: `state` is read and written only while `condition` is locked; `helper` only by the one thread
  // that adds and finishes (the helper thread never touches it).
  private var state = State()
  private let condition = NSCondition()
  let path: String
  private let pieceLength: Int
  /// The queued bytes from which a helper thread is started (`Int.max`: never).
  private let helperFrom: Int
  private let pause: (@Sendable () -> Void)?
  private var helper: OwnThreads.Job<Never>?

  private struct State {
    var checks: [ImageVerification.Check] = []
    var pieces: [ImageVerification.Piece] = []
    /// The checksum of each piece, once verified.
    var sums: [UInt32] = []
    /// The pieces whose structure is walked, claimed first, and the others, in order; each list's next
    /// piece to claim.
    var walks: [Int] = []
    var nextWalk = 0
    var others: [Int] = []
    var nextOther = 0
    var inFlight = 0
    var queuedBytes = 0
    var closed = false
    var failure: DurableError?

    /// Whether a piece is left to claim.
    var hasUnclaimed: Bool { nextWalk < walks.count || nextOther < others.count }

    /// Claims the next piece: a walked one first (a whole array on one thread, which would otherwise
    /// end the verification alone if it came last: a ranking order's walk takes a millisecond at a
    /// million records), else the next in order; `nil` when none is left.
    mutating func claim() -> Int? {
      if nextWalk < walks.count {
        nextWalk += 1
        return walks[nextWalk - 1]
      }
      guard nextOther < others.count else { return nil }
      nextOther += 1
      return others[nextOther - 1]
    }

    /// Leaves nothing more to claim.
    mutating func dropUnclaimed() {
      nextWalk = walks.count
      nextOther = others.count
    }
  }

  /// A queue for the image at `path`: arrays cut into pieces of at most `pieceLength` bytes (an array
  /// whose structure is walked is one piece); a helper thread starts once `helperFrom` bytes are queued.
  init(
    path: String, pieceLength: Int = ImageVerification.pieceLength, helperFrom: Int,
    pause: (@Sendable () -> Void)? = nil
  ) {
    self.path = path
    self.pieceLength = max(pieceLength, 1)
    self.helperFrom = helperFrom
    self.pause = pause
  }

  /// Queues `check`'s array.
  func add(_ check: ImageVerification.Check) {
    condition.lock()
    let index = state.checks.count
    state.checks.append(check)
    let step = check.structure == nil ? pieceLength : max(check.length, 1)
    var offset = 0
    repeat {
      let length = min(step, check.length - offset)
      if check.structure != nil {
        state.walks.append(state.pieces.count)
      } else {
        state.others.append(state.pieces.count)
      }
      state.pieces.append(ImageVerification.Piece(check: index, offset: offset, length: length))
      state.sums.append(0)
      offset += step
    } while offset < check.length
    state.queuedBytes += check.length
    let startsHelper = helper == nil && state.queuedBytes >= helperFrom
    condition.broadcast()
    condition.unlock()
    if startsHelper { helper = OwnThreads.start { self.work() } }
  }

  /// Closes the queue, verifies what is left on this thread (beside the helper), and throws the first
  /// failure: a piece that could not be read or whose structure does not hold, or an array whose joined
  /// checksum is not the stored one.
  func finish() throws(DurableError) {
    condition.lock()
    state.closed = true
    condition.broadcast()
    condition.unlock()
    work()
    helper?.join()
    condition.lock()
    while state.inFlight > 0 { condition.wait() }
    let done = state
    condition.unlock()
    if let failure = done.failure { throw failure }
    var crc = [UInt32](repeating: 0, count: done.checks.count)
    for (index, piece) in done.pieces.enumerated() {
      crc[piece.check] = CRC32C.combine(crc[piece.check], done.sums[index], secondLength: piece.length)
    }
    for (index, check) in done.checks.enumerated() where crc[index] != check.checksum {
      throw .corrupt(path: path, reason: "\(check.name) at offset \(check.start) fails its checksum")
    }
  }

  /// Drops what is queued and not claimed, and lets the helper stop (opening failed: nothing will ask).
  func cancel() {
    condition.lock()
    state.closed = true
    state.dropUnclaimed()
    condition.broadcast()
    condition.unlock()
  }

  /// Claims and verifies pieces until the queue is closed and none is left.
  private func work() {
    var file: PosixFile?
    var chunk: [UInt8] = []
    while true {
      condition.lock()
      while !state.hasUnclaimed && !state.closed { condition.wait() }
      guard let index = state.claim() else {
        condition.unlock()
        return
      }
      let piece = state.pieces[index]
      let check = state.checks[piece.check]
      state.inFlight += 1
      condition.unlock()
      let outcome: Result<UInt32, DurableError>
      do throws(DurableError) {
        if file == nil {
          file = try PosixFile(reading: path)
          chunk = [UInt8](repeating: 0, count: ImageVerification.chunkLength)
        }
        outcome = .success(
          try ImageVerification.checksum(of: piece, of: check, in: file, chunk: &chunk, path: path, pause: pause))
      } catch {
        outcome = .failure(error)
      }
      condition.lock()
      switch outcome {
      case .success(let sum): state.sums[index] = sum
      case .failure(let error):
        if state.failure == nil { state.failure = error }
        // Nothing more is worth verifying: the image is refused.
        state.dropUnclaimed()
      }
      state.inFlight -= 1
      condition.broadcast()
      condition.unlock()
    }
  }
}
