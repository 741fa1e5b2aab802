import Testing

@testable import InstantSearchEngine

/// The shortcuts of tokenizing and interning (the ASCII word mask, the in-line byte comparison) agree
/// with the plain definitions they stand for.
@Suite("Tokenizing and interning")
struct TokenInterningTests {
  @Test("every ASCII byte: the word mask says what isWordScalar says")
  func asciiMask() {
    for byte in UInt8(0)..<0x80 {
      #expect(TextTokens.isASCIIWordByte(byte) == TextTokens.isWordScalar(Unicode.Scalar(byte)), "byte \(byte)")
    }
  }

  @Test("byte comparison: equal and one-byte-different strings of every length up to 40")
  func sameBytes() {
    var random = DifferentialTests.Generator(state: 13)
    for count in 0...40 {
      for _ in 0..<50 {
        let left = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        var right = left
        if count > 0, random.bool() {
          let position = random.int(0..<count)
          right[position] ^= UInt8(1 << random.int(0..<8))
        }
        // One byte of padding (different on each side) so that even empty strings have an address.
        let same = (left + [0]).withUnsafeBytes { leftBytes in
          (right + [1]).withUnsafeBytes { rightBytes in
            guard let leftBase = leftBytes.baseAddress, let rightBase = rightBytes.baseAddress else { return false }
            return ByteInterner.sameBytes(leftBase, rightBase, count: count)
          }
        }
        #expect(same == (left == right), "length \(count)")
      }
    }
  }

  @Test("interning random byte strings: one id per distinct string, found again, bytes kept")
  func interning() {
    var random = DifferentialTests.Generator(state: 17)
    var interner = ByteInterner(capacity: 4)
    var ids: [[UInt8]: UInt32] = [:]
    for _ in 0..<5_000 {
      // Short strings over a small alphabet collide often; some share long prefixes.
      let length = random.int(0..<20)
      let bytes = (0..<length).map { _ in UInt8(0x61 + random.int(0..<3)) }
      let id = bytes.withUnsafeBufferPointer { interner.intern($0) }
      if let known = ids[bytes] {
        #expect(id == known)
      } else {
        #expect(Int(id) == ids.count)
        ids[bytes] = id
      }
    }
    for (bytes, id) in ids {
      #expect(Array(interner.bytes(id)) == bytes)
      #expect(bytes.withUnsafeBufferPointer { interner.lookup($0) } == id)
    }
  }

  @Test("the slot hash reads every byte: distinct strings of 0–40 bytes over three letters never share a hash")
  func slotHashReadsEveryByte() {
    var random = DifferentialTests.Generator(state: 23)
    var seen: [UInt64: [UInt8]] = [:]
    for _ in 0..<30_000 {
      // Few letters: many pairs differ in one byte only, which a hash skipping a byte would merge.
      let bytes = (0..<random.int(0..<41)).map { _ in UInt8(0x61 + random.int(0..<3)) }
      let hash = bytes.withUnsafeBufferPointer { ByteInterner.slotHash($0) }
      if let other = seen[hash] { #expect(other == bytes, "\(other) and \(bytes) share hash \(hash)") }
      seen[hash] = bytes
    }
  }

  @Test("an interner read from its stored parts and table (an image's) finds all and keeps interning")
  func storedParts() {
    var random = DifferentialTests.Generator(state: 29)
    var interner = ByteInterner(capacity: 4)
    var words: [[UInt8]] = []
    for _ in 0..<3_000 {
      let bytes = (0..<random.int(1..<14)).map { _ in UInt8(0x61 + random.int(0..<26)) }
      let before = interner.count
      _ = bytes.withUnsafeBufferPointer { interner.intern($0) }
      if interner.count > before { words.append(bytes) }
    }
    var stored = ByteInterner(
      arena: interner.arena, starts: interner.starts, lengths: interner.lengths, table: interner.slots)
    #expect(stored.slots.count >= 2 * words.count)
    for (id, bytes) in words.enumerated() {
      #expect(bytes.withUnsafeBufferPointer { stored.lookup($0) } == UInt32(id))
    }
    // And it keeps interning: a known word keeps its id, a new one gets the next.
    #expect(words[7].withUnsafeBufferPointer { stored.intern($0) } == 7)
    #expect([UInt8]("ZZZ".utf8).withUnsafeBufferPointer { stored.intern($0) } == UInt32(words.count))
  }

  @Test("a stored table with no free slot (a damaged image) ends every probe, and interning lays it out again")
  func storedTableWithoutFreeSlot() {
    var interner = ByteInterner(capacity: 4)
    let words = ["lamp", "desk", "chair"].map { [UInt8]($0.utf8) }
    for word in words { _ = word.withUnsafeBufferPointer { interner.intern($0) } }
    // Every slot names the first entry: an absent string's probe finds no free slot to end on.
    let table = [UInt32](repeating: 0, count: interner.slots.count)
    var stored = ByteInterner(arena: interner.arena, starts: interner.starts, lengths: interner.lengths, table: table)
    #expect(words[0].withUnsafeBufferPointer { stored.lookup($0) } == 0)
    #expect([UInt8]("sofa".utf8).withUnsafeBufferPointer { stored.lookup($0) } == nil)
    #expect([UInt8]("sofa".utf8).withUnsafeBufferPointer { stored.intern($0) } == 3)
    // Laid out again from its entries: every one is found where it belongs.
    for (id, word) in (words + [[UInt8]("sofa".utf8)]).enumerated() {
      #expect(word.withUnsafeBufferPointer { stored.lookup($0) } == UInt32(id))
    }
  }

  @Test("a stored table naming an id past its entries (a damaged image) matches nothing there, and reads no further")
  func storedTableWithForeignID() {
    var interner = ByteInterner(capacity: 4)
    let words = ["lamp", "desk", "chair"].map { [UInt8]($0.utf8) }
    for word in words { _ = word.withUnsafeBufferPointer { interner.intern($0) } }
    // Every free slot but one holds an id no entry has: probes step over them as over other strings.
    var table = interner.slots
    let free = table.indices.filter { table[$0] == ByteInterner.empty }
    for slot in free.dropLast() { table[slot] = 1_000 }
    var stored = ByteInterner(arena: interner.arena, starts: interner.starts, lengths: interner.lengths, table: table)
    for (id, word) in words.enumerated() {
      #expect(word.withUnsafeBufferPointer { stored.lookup($0) } == UInt32(id))
    }
    #expect([UInt8]("sofa".utf8).withUnsafeBufferPointer { stored.lookup($0) } == nil)
    #expect([UInt8]("sofa".utf8).withUnsafeBufferPointer { stored.intern($0) } == 3)
  }

  @Test("strings that differ only by trailing zero bytes, or beyond 16 bytes, get ids of their own")
  func zeroPadding() {
    var interner = ByteInterner(capacity: 4)
    let strings: [[UInt8]] = [
      [], [0], [0, 0], [0x61], [0x61, 0], [0x61, 0, 0], Array(repeating: 0, count: 16), Array(repeating: 0, count: 17),
      Array(repeating: 0x61, count: 16), Array(repeating: 0x61, count: 16) + [0],
      Array(repeating: 0x61, count: 16) + [0x62],
    ]
    // Twice, in both orders.
    let first = strings.map { bytes in bytes.withUnsafeBufferPointer { interner.intern($0) } }
    let again = strings.reversed().map { bytes in bytes.withUnsafeBufferPointer { interner.intern($0) } }
    #expect(first == Array(0..<UInt32(strings.count)))
    #expect(Array(again.reversed()) == first)
    for (bytes, id) in zip(strings, first) { #expect(Array(interner.bytes(id)) == bytes) }
    // Many strings that differ by trailing zeros only, interned in random order.
    var random = DifferentialTests.Generator(state: 5)
    var ids: [[UInt8]: UInt32] = Dictionary(uniqueKeysWithValues: zip(strings, first))
    for _ in 0..<20_000 {
      let base = (0..<random.int(0..<8)).map { _ in UInt8(random.int(0..<2) == 0 ? 0 : 0x61 + random.int(0..<2)) }
      let bytes = base + Array(repeating: 0, count: random.int(0..<9))
      let id = bytes.withUnsafeBufferPointer { interner.intern($0) }
      if let known = ids[bytes] {
        #expect(id == known, "\(bytes)")
      } else {
        #expect(Int(id) == ids.count)
        ids[bytes] = id
      }
    }
  }
}

/// ``PackedReader/skipVarints(_:)`` (eight bytes at a time) against reading the varints one by one.
@Suite("Skipping varints")
struct SkipVarintsTests {
  @Test("random runs of 1- to 10-byte varints, skipped by any count from any start, up to the buffer's end")
  func againstOneByOne() {
    var random = DifferentialTests.Generator(state: 47)
    for _ in 0..<400 {
      var writer = PackedWriter()
      let total = random.int(0..<40)
      for _ in 0..<total {
        // Mostly short (token ids), some of every width up to a full 64 bits.
        let bits = random.int(0..<4) == 0 ? random.int(1..<65) : random.int(1..<15)
        writer.varint(bits == 64 ? random.next() : random.next() & ((1 << UInt64(bits)) - 1))
      }
      // Sometimes a tail of bytes after the varints, which skipping must not reach.
      let tail = (0..<random.int(0..<10)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      let bytes = writer.bytes + tail
      bytes.withUnsafeBufferPointer { buffer in
        var starts: [Int] = [0]
        var reader = PackedReader(buffer)
        for _ in 0..<total {
          _ = reader.varint()
          starts.append(reader.position)
        }
        for _ in 0..<10 where total > 0 {
          let first = random.int(0..<total)
          let count = random.int(0..<(total - first + 1))
          var skipping = PackedReader(buffer, at: starts[first])
          skipping.skipVarints(count)
          #expect(skipping.position == starts[first + count], "\(count) varints from \(first) of \(total)")
        }
      }
    }
  }
}
