import InstantSearchModel

/// A part of a snapshot read in place from a segment image whose checksums opening leaves to later
/// (``DeferredVerification``): the text index, the objectID index. Most first queries after opening read
/// neither (a filtered browse reads no text; a search reads no objectIDs), so opening no longer verifies
/// them — about a third of the bytes it verified at a million records.
///
/// ``value`` is the part once verified: the first read waits for the verification, or runs it when no
/// thread has started it. When it failed, reads get `substitute` instead — the part emptied, built from
/// what opening read and verified itself, so that no unverified byte is ever read — and the failure is
/// kept for the search to report (``readFailure``). A part built in memory has no verification.
final class VerifiedPart<Value: Sendable>: Sendable {
  /// The verification the part waits for (`nil`: none, or built in memory).
  let verification: DeferredVerification?
  private let stored: Value
  private let substitute: @Sendable () -> Value
  /// The substitute, once made.
  private let made = Locked<Value?>(nil)

  /// A part built in memory, or read with its image's own verification.
  init(_ value: Value) {
    stored = value
    verification = nil
    substitute = { value }
  }

  /// A part read in place whose bytes `verification` checks; reads get `substitute()` if it fails.
  init(_ value: Value, verification: DeferredVerification, substitute: @escaping @Sendable () -> Value) {
    stored = value
    self.verification = verification
    self.substitute = substitute
  }

  /// The part, verified first if it is not yet (its substitute if it failed).
  @inline(__always)
  var value: Value {
    guard let verification, !verification.admits() else { return stored }
    return made.withLock { made in
      if let made { return made }
      let value = substitute()
      made = value
      return value
    }
  }

  /// The part as read, verified or not: only for its sizes and for what opening read into arrays and
  /// verified itself (a text index's terms), never for what is read in place.
  var unverified: Value { stored }

  /// Why a read of the part was turned away (see ``DeferredVerification/readFailure``), without waiting.
  var readFailure: DurableError? { verification?.readFailure }

  /// Why the part cannot be read, waiting for its verification; `nil` when it can.
  func failure() -> DurableError? { verification?.wait() }

  /// Starts verifying the part on the background thread, if it has a verification.
  func startVerifying() { verification?.start() }
}
