extension PostingLists {
  /// Whether packed lists hold together: counts that never decrease, and for each key blocks of widths
  /// up to 32 that fill its bytes exactly, followed by 8 bytes of padding. Every read of a list that
  /// passes stays inside `bytes`.
  static func validate(starts: Column<UInt32>, bytes: Column<UInt8>, offsets: Column<UInt32>) -> Bool {
    bytes.withUnsafeBufferPointer { validate(starts: starts, bytes: $0, offsets: offsets) }
  }

  /// ``validate(starts:bytes:offsets:)`` for bytes held anywhere (a copy read aside, say).
  static func validate(starts: Column<UInt32>, bytes: UnsafeBufferPointer<UInt8>, offsets: Column<UInt32>) -> Bool {
    var check = BlockCheck(starts: starts, offsets: offsets, byteCount: bytes.count)
    check.feed(UnsafeRawBufferPointer(bytes), at: 0)
    return check.holds
  }

  /// ``validate(starts:bytes:offsets:)`` made as the bytes arrive, in order, a chunk at a time: an image's
  /// packed lists are checked while their checksum is, from the same chunks read aside, without a copy of
  /// the whole array. Only the blocks' width bytes are read; ``holds`` is the verdict once every chunk
  /// has been fed.
  struct BlockCheck: Sendable {
    private let starts: Column<UInt32>
    private let offsets: Column<UInt32>
    /// The list being walked, its next block's width byte, where its bytes end, and its records left.
    private var key = 0
    private var position = 0
    private var end = 0
    private var remaining = 0
    private var failed = false
    private let byteCount: Int
    /// Whether the walk has begun (``begin()``): the counts and offsets are first read then, not when the
    /// check is made — an image's are mapped, and making the check at open must leave them untouched.
    private var begun = false

    /// A check of the `byteCount` bytes of lists with counts `starts` and byte offsets `offsets`.
    init(starts: Column<UInt32>, offsets: Column<UInt32>, byteCount: Int) {
      self.starts = starts
      self.offsets = offsets
      self.byteCount = byteCount
    }

    /// Whether every list was walked to its end and each ended exactly where the next starts.
    var holds: Bool {
      var check = self
      if !check.begun { check.begin() }
      return !check.failed && check.key >= starts.count - 1
    }

    /// Checks where the lists start and end, and enters the first one with records.
    private mutating func begin() {
      begun = true
      failed =
        !(offsets.count == starts.count && offsets.first == 0 && starts.first == 0
        && offsets.last.map { Int($0) + 8 == byteCount } == true)
      if !failed { failed = !enterLists() }
    }

    /// Walks the blocks whose width bytes lie in `chunk`, the bytes from offset `start` (chunks are fed in
    /// order, without gaps).
    mutating func feed(_ chunk: UnsafeRawBufferPointer, at start: Int) {
      if !begun { begin() }
      let chunkEnd = start + chunk.count
      while !failed, key < starts.count - 1 {
        guard position < end else {
          failed = true
          return
        }
        guard position < chunkEnd else { return }
        guard position >= start else {
          failed = true
          return
        }
        let width = Int(chunk[position - start])
        guard width <= 32 else {
          failed = true
          return
        }
        let length = min(remaining, PostingLists.blockLength)
        position += 1 + (length * width + 7) >> 3
        remaining -= length
        if remaining == 0 {
          guard position == end else {
            failed = true
            return
          }
          key += 1
          failed = !enterLists()
        }
      }
    }

    /// Moves to the next list with records from `key` on, checking each list entered (empty ones must
    /// take no bytes); false when one does not hold.
    private mutating func enterLists() -> Bool {
      while key < starts.count - 1 {
        guard starts[key] <= starts[key + 1], offsets[key] <= offsets[key + 1] else { return false }
        position = Int(offsets[key])
        end = Int(offsets[key + 1])
        remaining = Int(starts[key + 1] - starts[key])
        if remaining > 0 { return true }
        guard position == end else { return false }
        key += 1
      }
      return true
    }
  }
}
