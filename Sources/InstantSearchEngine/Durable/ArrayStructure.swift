/// What an array read in place from a segment image must hold before any read trusts it, checked by
/// ``ImageVerification`` from the chunks it reads aside for the array's checksum: the mapping itself stays
/// untouched (not resident) at open, and the check runs on the verifying threads rather than the opening
/// one.
///
/// Chunks are fed in order, without gaps, from the array's first byte; an array of 32-bit numbers is cut
/// at multiples of 4 (``ImageVerification/chunkLength`` is one).
enum ArrayStructure: Sendable {
  /// Packed posting lists, walked block by block.
  case postingLists(PostingLists.BlockCheck)
  /// At least one 32-bit number: they start at `first`, never fall, and end at `last` (a record store's
  /// offsets into its arena).
  case rising(first: UInt32, last: UInt32, state: RisingState = RisingState())
  /// 32-bit numbers that never fall, the first of them `first` (any, when `nil`), the last at most
  /// `atMost`; none at all holds too (the caller checks the count). Where the last is not known before the
  /// walk: a facet column's key ends into its bytes, a numeric column's record starts by value.
  case risingWithin(first: UInt32?, atMost: UInt32, state: RisingState = RisingState())
  /// 32-bit numbers that list each of `0..<count` exactly once (a ranking order).
  case permutation(PermutationState)

  /// Where a ``rising(first:last:state:)`` walk stands.
  struct RisingState: Sendable {
    var previous: UInt32? = nil
    var failed = false
  }

  /// Where a ``permutation(_:)`` walk stands: the records seen so far.
  struct PermutationState: Sendable {
    /// How many records the order must list.
    let count: Int
    var seen: [UInt64]
    var listed = 0
    var failed = false

    init(count: Int) {
      self.count = count
      seen = [UInt64](repeating: 0, count: (count + 63) / 64)
    }
  }

  /// The check a ranking order of `count` records must pass.
  static func permutation(count: Int) -> ArrayStructure {
    .permutation(PermutationState(count: count))
  }

  /// Walks `chunk`, the bytes from offset `start`.
  mutating func feed(_ chunk: UnsafeRawBufferPointer, at start: Int) {
    switch self {
    case .postingLists(var check):
      check.feed(chunk, at: start)
      self = .postingLists(check)
    case .rising(let first, let last, var state):
      Self.walkRising(chunk, first: first, &state)
      self = .rising(first: first, last: last, state: state)
    case .risingWithin(let first, let atMost, var state):
      Self.walkRising(chunk, first: first, &state)
      self = .risingWithin(first: first, atMost: atMost, state: state)
    case .permutation(var state):
      // Left empty meanwhile, so that the walk holds the only reference to the bitset (no copy).
      self = .permutation(PermutationState(count: 0))
      Self.walkPermutation(chunk, &state)
      self = .permutation(state)
    }
  }

  /// Whether the bytes fed so far, taken as the whole array, hold.
  var holds: Bool {
    switch self {
    case .postingLists(let check): check.holds
    case .rising(_, let last, let state): !state.failed && state.previous == last
    case .risingWithin(_, let atMost, let state): !state.failed && state.previous.map { $0 <= atMost } ?? true
    case .permutation(let state): !state.failed && state.listed == state.count
    }
  }

  /// Calls `body` with each little-endian 32-bit number of `chunk` until it returns `false`; `false` when
  /// it did, or when the chunk is not whole numbers.
  @inline(__always)
  private static func allNumbers(in chunk: UnsafeRawBufferPointer, _ body: (UInt32) -> Bool) -> Bool {
    guard chunk.count % 4 == 0 else { return false }
    for index in stride(from: 0, to: chunk.count, by: 4) {
      guard body(UInt32(littleEndian: chunk.loadUnaligned(fromByteOffset: index, as: UInt32.self))) else {
        return false
      }
    }
    return true
  }

  /// Walks numbers that must never fall, the first of them `first` (any, when `nil`).
  private static func walkRising(_ chunk: UnsafeRawBufferPointer, first: UInt32?, _ state: inout RisingState) {
    guard !state.failed else { return }
    // Aligned numbers (the verifying threads' chunks): compared with their neighbours in a loop without
    // branches, which the compiler vectorizes (a million offsets: 0.12 ms instead of 0.49).
    if let base = chunk.baseAddress, Int(bitPattern: base) % MemoryLayout<UInt32>.alignment == 0, chunk.count % 4 == 0,
      !chunk.isEmpty
    {
      let numbers = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt32.self), count: chunk.count / 4)
      let head = UInt32(littleEndian: numbers[0])
      guard head >= state.previous ?? 0, state.previous != nil || first.map({ head == $0 }) ?? true else {
        state.failed = true
        return
      }
      var falls: UInt32 = 0
      for index in 1..<numbers.count {
        falls |= UInt32(littleEndian: numbers[index]) < UInt32(littleEndian: numbers[index - 1]) ? 1 : 0
      }
      state.failed = falls != 0
      state.previous = UInt32(littleEndian: numbers[numbers.count - 1])
      return
    }
    var previous = state.previous
    state.failed = !allNumbers(in: chunk) { value in
      // The first number must be `first` (when given); each later one at least the one before.
      guard value >= previous ?? 0, previous != nil || first.map({ value == $0 }) ?? true else { return false }
      previous = value
      return true
    }
    state.previous = previous
  }

  private static func walkPermutation(_ chunk: UnsafeRawBufferPointer, _ state: inout PermutationState) {
    guard !state.failed else { return }
    let count = state.count
    state.failed = !state.seen.withUnsafeMutableBufferPointer { seen in
      allNumbers(in: chunk) { number in
        let doc = Int(number)
        guard doc < count else { return false }
        let bit = UInt64(1) << UInt64(doc & 63)
        guard seen[doc >> 6] & bit == 0 else { return false }
        seen[doc >> 6] |= bit
        return true
      }
    }
    state.listed += chunk.count / 4
  }
}
