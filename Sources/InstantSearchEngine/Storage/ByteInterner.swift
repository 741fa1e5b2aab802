import Foundation

/// Interns byte strings: each distinct byte sequence gets a dense id, found again without allocating.
///
/// Open addressing over a byte arena, FNV-1a hashing. Used for tokens and keys while loading, where
/// millions of lookups must not create a `String` each.
struct ByteInterner: Sendable {
  private(set) var arena: [UInt8] = []
  private(set) var starts: [UInt32] = []
  private(set) var lengths: [UInt32] = []
  private var table: [UInt32]
  private var mask: Int

  static let empty = UInt32.max

  /// An empty interner with room for `capacity` strings without growing its table; with `arenaBytes`,
  /// room for that many bytes and `capacity` strings reserved up front (a table read once, whose size is
  /// known: no array then holds more than it needs).
  init(capacity: Int = 1024, arenaBytes: Int = 0) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    table = Array(repeating: Self.empty, count: size)
    mask = size - 1
    if arenaBytes > 0 {
      arena.reserveCapacity(arenaBytes)
      starts.reserveCapacity(capacity)
      lengths.reserveCapacity(capacity)
    }
  }

  /// An interner of stored parts (an image's); `table.count` is a power of two.
  init(arena: [UInt8], starts: [UInt32], lengths: [UInt32], table: [UInt32]) {
    self.arena = arena
    self.starts = starts
    self.lengths = lengths
    self.table = table
    mask = table.count - 1
  }

  /// The open-addressing table (for images).
  var slots: [UInt32] { table }

  var count: Int { starts.count }

  /// The bytes its arrays hold (their capacities): what it keeps resident.
  var memoryBytes: Int {
    arena.capacity + (starts.capacity + lengths.capacity + table.capacity) * MemoryLayout<UInt32>.stride
  }

  /// The bytes of entry `id`.
  func bytes(_ id: UInt32) -> ArraySlice<UInt8> {
    let start = Int(starts[Int(id)])
    return arena[start..<start + Int(lengths[Int(id)])]
  }

  /// The entries whose ids the next `count` varints of `reader` are, concatenated into one string:
  /// measured first, then copied straight into the string's storage (no intermediate array).
  func concatenation(count: Int, of reader: inout PackedReader) -> String {
    let start = reader.position
    var length = 0
    for _ in 0..<count { length += Int(lengths[Int(reader.varint())]) }
    reader.position = start
    return arena.withUnsafeBufferPointer { arena in
      String(unsafeUninitializedCapacity: length) { buffer in
        // Both exist whenever there is a byte to copy (`length` > 0).
        guard let target = buffer.baseAddress, let source = arena.baseAddress else { return 0 }
        var written = 0
        for _ in 0..<count {
          let id = Int(reader.varint())
          let size = Int(lengths[id])
          (target + written).initialize(from: source + Int(starts[id]), count: size)
          written += size
        }
        return written
      }
    }
  }

  /// The entry as a string.
  func string(_ id: UInt32) -> String {
    String(decoding: bytes(id), as: UTF8.self)
  }

  /// A fast 64-bit hash reading eight bytes at a time (not for security).
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
    guard let base = bytes.baseAddress else { return hash }
    let raw = UnsafeRawPointer(base)
    var offset = 0
    while offset + 8 <= bytes.count {
      let chunk = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      hash = (hash ^ chunk) &* 0xBF58_476D_1CE4_E5B9
      hash ^= hash >> 29
      offset += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while offset < bytes.count {
      tail |= UInt64(base[offset]) << shift
      shift += 8
      offset += 1
    }
    hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
    return hash ^ (hash >> 31)
  }

  /// The id of `bytes`, adding it when new.
  mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var (found, slot) = probe(bytes)
    if found != Self.empty { return found }
    if slot < 0 {
      // A stored table without a free slot (a damaged image's): laid out again from the entries, larger.
      grow()
      slot = probe(bytes).slot
    }
    let id = UInt32(starts.count)
    starts.append(UInt32(arena.count))
    lengths.append(UInt32(bytes.count))
    arena.append(contentsOf: bytes)
    table[slot] = id
    if starts.count * 2 > table.count { grow() }
    return id
  }

  /// The id of `bytes`, if interned.
  func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
    let (found, _) = probe(bytes)
    return found == Self.empty ? nil : found
  }

  /// The id of `bytes` (``empty`` when it is not interned) and the slot where the probe ended: its slot,
  /// or the free one it would take (-1 when a stored table has none: a probe visits each slot once at
  /// most). The arrays are read through their buffers, taken once a probe rather than checked and
  /// retained at each step (a sixth of an intern's time over a million records' tokens).
  @inline(__always)
  private func probe(_ bytes: UnsafeBufferPointer<UInt8>) -> (id: UInt32, slot: Int) {
    let count = bytes.count
    var slot = Int(truncatingIfNeeded: Self.slotHash(bytes)) & mask
    return table.withUnsafeBufferPointer { table in
      starts.withUnsafeBufferPointer { starts in
        lengths.withUnsafeBufferPointer { lengths in
          arena.withUnsafeBufferPointer { arena in
            for _ in 0..<table.count {
              let id = table[slot]
              if id == Self.empty { return (id, slot) }
              // An id past the entries (a damaged image's table) matches nothing.
              if Int(id) < lengths.count, Int(lengths[Int(id)]) == count {
                guard count > 0, let other = bytes.baseAddress else { return (id, slot) }
                if let base = arena.baseAddress,
                  Self.sameBytes(UnsafeRawPointer(base + Int(starts[Int(id)])), UnsafeRawPointer(other), count: count)
                {
                  return (id, slot)
                }
              }
              slot = (slot + 1) & mask
            }
            return (Self.empty, -1)
          }
        }
      }
    }
  }

  /// The id of a string, adding it when new.
  mutating func intern(_ text: String) -> UInt32 {
    var text = text
    return text.withUTF8 { intern($0) }
  }

  /// The id of a string, if interned.
  func lookup(_ text: String) -> UInt32? {
    var text = text
    return text.withUTF8 { lookup($0) }
  }

  /// Whether `count` bytes at `left` and `right` are equal, compared a word at a time in line (tokens are
  /// a few bytes long: a call to `memcmp` cost more than the comparison).
  @inline(__always)
  static func sameBytes(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
    if count >= 8 {
      var offset = 0
      while offset + 8 <= count {
        let a = left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        guard a == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
        offset += 8
      }
      // The last eight bytes, overlapping ones already compared.
      return offset == count
        || left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
          == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
    if count >= 4 {
      return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
        && left.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
          == right.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    }
    for offset in 0..<count
    where left.load(fromByteOffset: offset, as: UInt8.self) != right.load(fromByteOffset: offset, as: UInt8.self) {
      return false
    }
    return true
  }

  private mutating func grow() {
    layOut(size: table.count * 2)
  }

  /// Places every entry in a new table of `size` slots (a power of two).
  private mutating func layOut(size: Int) {
    table = Array(repeating: Self.empty, count: size)
    mask = size - 1
    arena.withUnsafeBufferPointer { arena in
      for id in 0..<starts.count {
        let start = Int(starts[id])
        let slice = UnsafeBufferPointer(rebasing: arena[start..<start + Int(lengths[id])])
        var slot = Int(truncatingIfNeeded: Self.slotHash(slice)) & mask
        while table[slot] != Self.empty { slot = (slot + 1) & mask }
        table[slot] = UInt32(id)
      }
    }
  }
}
