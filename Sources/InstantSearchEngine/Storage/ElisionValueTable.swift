/// The packed bytes of one elision candidate's values, by value id, as first seen in the records
/// (``ElisionPlanCheck``): every value's bytes in one arena, each id's place and length in one word.
///
/// One allocation for all the values of a column rather than one array each: checking a record against
/// the price column of a million records read a scattered array per value (two cache misses a record).
struct ElisionValueTable: Sendable {
  /// Per value id: 0 while unseen, else the bytes' start in ``arena`` (high 32 bits) and their length
  /// plus one (low 32 bits).
  private var entries: [UInt64]
  private var arena: [UInt8] = []

  /// A table of `count` value ids, none seen.
  init(count: Int) {
    entries = [UInt64](repeating: 0, count: count)
  }

  /// Whether `value` is the bytes of `id` as first seen, keeping them when they are the first; `false`
  /// also when they cannot be kept (an arena beyond 4 GiB: the column then stays in the records).
  @inline(__always)
  mutating func learn(_ value: UnsafeBufferPointer<UInt8>, id: Int) -> Bool {
    let entry = entries[id]
    guard entry == 0 else {
      let start = Int(entry >> 32)
      let count = Int(entry & 0xFFFF_FFFF) - 1
      return arena.withUnsafeBufferPointer {
        Self.same(UnsafeBufferPointer(rebasing: $0[start..<start + count]), value)
      }
    }
    return keep(value, id: id)
  }

  /// Takes in `later`'s values: whether every id both have seen has the same bytes in both (the first
  /// kept, as one pass over the records in order keeps the first seen).
  mutating func merge(_ later: ElisionValueTable) -> Bool {
    for id in later.entries.indices where later.entries[id] != 0 {
      guard later.arena.withUnsafeBufferPointer({ learn(UnsafeBufferPointer(rebasing: $0[later.range(id)]), id: id) })
      else { return false }
    }
    return true
  }

  /// Every value's bytes (none for an id never seen), one after the other, and where each starts (one
  /// start more than there are ids: the end).
  func packed() -> (values: [UInt8], starts: [UInt32]) {
    var values: [UInt8] = []
    var starts: [UInt32] = [0]
    starts.reserveCapacity(entries.count + 1)
    for id in entries.indices {
      if entries[id] != 0 { values.append(contentsOf: arena[range(id)]) }
      starts.append(UInt32(truncatingIfNeeded: values.count))
    }
    return (values, starts)
  }

  /// Where the bytes of `id`, seen, lie in ``arena``.
  private func range(_ id: Int) -> Range<Int> {
    let entry = entries[id]
    let start = Int(entry >> 32)
    return start..<start + Int(entry & 0xFFFF_FFFF) - 1
  }

  private mutating func keep(_ value: UnsafeBufferPointer<UInt8>, id: Int) -> Bool {
    guard arena.count <= Int(UInt32.max), value.count < Int(UInt32.max) else { return false }
    entries[id] = UInt64(arena.count) << 32 | UInt64(value.count + 1)
    arena.append(contentsOf: value)
    return true
  }

  /// Whether two byte strings are equal (in line, a word at a time: values are a few bytes long).
  @inline(__always)
  static func same(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
    guard left.count == right.count else { return false }
    guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
    return ByteInterner.sameBytes(UnsafeRawPointer(leftBase), UnsafeRawPointer(rightBase), count: left.count)
  }
}
