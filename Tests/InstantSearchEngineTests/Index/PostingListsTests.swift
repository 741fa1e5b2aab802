import Testing

@testable import InstantSearchEngine

@Suite("Posting lists: bit-packed as plain")
struct PostingListsTests {
  typealias Generator = DifferentialTests.Generator

  /// Lists of every shape: empty, one record, runs of consecutive records (zero-width blocks), sparse
  /// ones with gaps up to 2³² − 1, long ones across many blocks, and unsorted ones (which still round-trip).
  static func lists(seed: UInt64) -> (starts: [UInt32], records: [UInt32]) {
    var random = Generator(state: seed)
    var starts: [UInt32] = [0]
    var records: [UInt32] = []
    for _ in 0..<60 {
      let count = random.pick([0, 1, 2, 127, 128, 129, 300, random.int(0..<1000)])
      var doc = UInt32(random.int(0..<50))
      let shape = random.int(0..<5)
      for _ in 0..<count {
        switch shape {
        case 0: doc += 1
        case 1: doc += UInt32(random.int(1..<200))
        case 2: doc = doc &+ UInt32(truncatingIfNeeded: random.next() % 0xFFFF_FFFF) | 1
        case 3: doc = UInt32(truncatingIfNeeded: random.next())
        default: doc += random.bool() ? 1 : UInt32(random.int(1..<70_000))
        }
        records.append(doc)
      }
      starts.append(UInt32(records.count))
    }
    return (starts, records)
  }

  @Test("Packed lists give back every record of every key range", arguments: [1, 2, 3, 4])
  func roundTrip(seed: UInt64) {
    let (starts, records) = Self.lists(seed: seed)
    let plain = PostingLists(starts: starts, records: records)
    let packed = plain.packed()
    guard case .packed(let bytes, let offsets) = packed.form else {
      Issue.record("not packed")
      return
    }
    #expect(PostingLists.validate(starts: packed.starts, bytes: bytes, offsets: offsets))
    var random = Generator(state: seed)
    for _ in 0..<200 {
      let lower = random.int(0..<plain.keyCount)
      let keys = lower..<random.int(lower..<plain.keyCount + 1)
      var expected: [UInt32] = []
      plain.forEach(keys) { expected.append($0) }
      var found: [UInt32] = []
      packed.forEach(keys) { found.append($0) }
      #expect(found == expected)
      #expect(expected == Array(records[Int(starts[keys.lowerBound])..<Int(starts[keys.upperBound])]))
      #expect(packed.count(keys) == expected.count)
    }
    for key in 0..<plain.keyCount { #expect(packed.records(key) == plain.records(key)) }
    // Sorted lists of a million records pack to a few bits a record.
    let sparse = PostingLists(starts: [0, 10_000], records: (0..<10_000).map { UInt32($0 * 100 + $0 % 7) }).packed()
    #expect(sparse.byteCount < 10_000 * 2)
  }

  @Test("Damaged packed lists are refused before any read")
  func damaged() {
    let (starts, records) = Self.lists(seed: 9)
    let packed = PostingLists(starts: starts, records: records).packed()
    guard case .packed(let bytes, let offsets) = packed.form else {
      Issue.record("not packed")
      return
    }
    let raw = Array(bytes)
    let firstBlock = (0..<packed.keyCount).first { packed.count($0..<$0 + 1) > 0 }.map { Int(offsets[$0]) } ?? 0
    var wide = raw
    wide[firstBlock] = 33
    #expect(!PostingLists.validate(starts: packed.starts, bytes: Column(wide), offsets: offsets))
    #expect(!PostingLists.validate(starts: packed.starts, bytes: Column(Array(raw.dropLast())), offsets: offsets))
    var shifted = Array(offsets)
    shifted[shifted.count / 2] += 1
    #expect(!PostingLists.validate(starts: packed.starts, bytes: bytes, offsets: Column(shifted)))
    var counts = Array(packed.starts)
    counts[counts.count / 2] += 1
    #expect(!PostingLists.validate(starts: Column(counts), bytes: bytes, offsets: offsets))
  }

  @Test(
    "The block check fed in chunks gives the verdict of the whole, on sound and damaged lists", arguments: [5, 6, 7])
  func chunkedCheck(seed: UInt64) {
    let (starts, records) = Self.lists(seed: seed)
    let packed = PostingLists(starts: starts, records: records).packed()
    guard case .packed(let bytes, let offsets) = packed.form else {
      Issue.record("not packed")
      return
    }
    var random = Generator(state: seed)
    let raw = Array(bytes)
    var refused = 0
    for trial in 0..<40 {
      var damaged = raw
      if trial > 0 {
        // Anywhere, or at the width byte of a list's first block (most bytes are records).
        let keys = (0..<packed.keyCount).filter { packed.count($0..<$0 + 1) > 0 }
        let at = random.bool() ? random.int(0..<damaged.count) : Int(offsets[random.pick(keys)])
        damaged[at] = random.bool() ? UInt8(33 + random.int(0..<200)) : UInt8(random.int(0..<33))
      }
      let whole = PostingLists.validate(starts: packed.starts, bytes: Column(damaged), offsets: offsets)
      if trial == 0 { #expect(whole) }
      refused += whole ? 0 : 1
      var check = PostingLists.BlockCheck(starts: packed.starts, offsets: offsets, byteCount: damaged.count)
      var start = 0
      while start < damaged.count {
        let end = min(damaged.count, start + random.pick([1, 2, 7, 64, 1_000, random.int(1..<5_000)]))
        damaged[start..<end].withUnsafeBytes { check.feed($0, at: start) }
        start = end
      }
      #expect(check.holds == whole, "trial \(trial)")
    }
    #expect(refused >= 5, "damage that the check refuses: \(refused) of 39")
    var unfinished = PostingLists.BlockCheck(starts: packed.starts, offsets: offsets, byteCount: raw.count)
    raw[0..<raw.count / 2].withUnsafeBytes { unfinished.feed($0, at: 0) }
    #expect(!unfinished.holds, "half the bytes fed")
  }
}
