import Foundation
import InstantSearchCore
import InstantSearchModel
import Testing

@testable import InstantSearchEngine

/// The structure checks the verifying threads run on a store's offsets and a ranking order, fed the
/// array's bytes in chunks as they read them: the same verdict as the plain definitions, however the bytes
/// are cut; and an image whose offsets fall (checksum made to match) is refused at open.
@Suite("Array structures checked while verifying")
struct ArrayStructureTests {
  typealias Generator = DifferentialTests.Generator

  /// `check` fed `values`' little-endian bytes in random chunks of whole numbers; `misaligned`, from
  /// addresses that are not multiples of 4 (the walks' slower path).
  static func fed(
    _ check: ArrayStructure, _ values: [UInt32], _ random: inout Generator, misaligned: Bool = false
  ) -> Bool {
    var check = check
    let shift = misaligned ? 1 : 0
    let bytes = [UInt8](repeating: 0, count: shift) + values.map(\.littleEndian).withUnsafeBytes { Array($0) }
    var start = 0
    while start < bytes.count - shift {
      let length = 4 * random.int(1..<((bytes.count - shift) / 4 + 2))
      let end = min(bytes.count - shift, start + length)
      bytes[(start + shift)..<(end + shift)].withUnsafeBytes { check.feed($0, at: start) }
      start = end
    }
    return check.holds
  }

  @Test("A permutation is told from a list with a repeat or a record out of range, however it is cut")
  func permutations() {
    var random = Generator(state: 41)
    for trial in 0..<200 {
      let count = random.int(0..<2_000)
      var order = RankPermutationTests.shuffled(count, &random)
      switch random.int(0..<4) {
      case 0 where count > 1: order[random.int(0..<count)] = order[random.int(0..<count)]
      case 1 where count > 0: order[random.int(0..<count)] = UInt32(count + random.int(0..<3))
      case 2 where count > 0: order.removeLast()
      default: break
      }
      let expected = order.count == count && RankPermutation.isPermutation(Column(order))
      #expect(Self.fed(.permutation(count: count), order, &random) == expected, "trial \(trial)")
    }
  }

  @Test(
    "Offsets hold when they start at 0, never fall and end at the arena's size, however they are cut",
    arguments: [false, true])
  func rising(misaligned: Bool) {
    var random = Generator(state: misaligned ? 43 : 42)
    for trial in 0..<300 {
      var offsets: [UInt32] = [0]
      for _ in 0..<random.int(0..<500) { offsets.append((offsets.last ?? 0) + UInt32(random.int(0..<40))) }
      var last = offsets.last ?? 0
      switch random.int(0..<5) {
      case 0 where offsets.count > 2: offsets[random.int(1..<offsets.count)] = UInt32.max / 2 + 1
      case 1: offsets[0] = 1
      case 2: last += 1
      case 3: offsets = []
      default: break
      }
      let expected =
        offsets.first == 0 && offsets.last == last && zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 }
      #expect(
        Self.fed(.rising(first: 0, last: last), offsets, &random, misaligned: misaligned) == expected,
        "trial \(trial): \(offsets.count)")
    }
  }

  @Test(
    "Numbers hold within bounds when they never fall, start where asked and end at most at the bound, however they are cut",
    arguments: [false, true])
  func risingWithin(misaligned: Bool) {
    var random = Generator(state: misaligned ? 45 : 44)
    for trial in 0..<300 {
      var numbers: [UInt32] = random.bool() ? [] : [UInt32(random.int(0..<3))]
      for _ in 0..<random.int(0..<500) where !numbers.isEmpty {
        numbers.append((numbers.last ?? 0) + UInt32(random.int(0..<40)))
      }
      var bound = numbers.last ?? UInt32(random.int(0..<10))
      switch random.int(0..<5) {
      case 0 where numbers.count > 2: numbers[random.int(1..<numbers.count)] = UInt32.max / 2 + 1
      case 1 where bound > 0: bound -= 1
      case 2: bound += UInt32(random.int(0..<3))
      default: break
      }
      let first: UInt32? = random.bool() ? nil : UInt32(random.int(0..<2))
      let expected =
        (numbers.first.map { start in first.map { start == $0 } ?? true } ?? true)
        && zip(numbers, numbers.dropFirst()).allSatisfy { $0 <= $1 } && (numbers.last ?? 0) <= bound
      #expect(
        Self.fed(.risingWithin(first: first, atMost: bound), numbers, &random, misaligned: misaligned) == expected,
        "trial \(trial): \(numbers.count)")
    }
  }

  @Test("Offsets that fall, with a matching checksum, are refused at open")
  func fallingOffsets() throws {
    let folder = try ScratchFolder()
    let path = folder.file("offsets")
    try RecordElisionTests.write(RecordElisionTests.records(count: 200, seed: 43), to: path)
    _ = try DurableIndex(directory: path, name: "products")
    _ = try PackedListsImageTests.rewrite(array: "store.offsets", inIndexAt: path) { bytes, payload in
      // The second record's start moves past the third's.
      for index in 0..<4 { bytes[payload + 4 + index] = 0xFF }
    }
    do {
      _ = try DurableIndex(directory: path, name: "products")
      Issue.record("falling offsets opened")
    } catch {
      #expect("\(error)".contains("the record offsets do not cover the records"), "\(error)")
    }
  }
}
