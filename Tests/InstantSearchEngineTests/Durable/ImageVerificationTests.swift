import Foundation
import Testing

@testable import InstantSearchEngine

/// Opening an image verifies its mapped arrays in pieces on two threads (a queue the helper thread takes
/// pieces from while arrays are still added), joining the pieces' checksums in order: the joined checksum
/// must be the array's, and a damaged byte anywhere must still be found.
@Suite("Image verification in pieces")
struct ImageVerificationTests {
  typealias Generator = DifferentialTests.Generator

  @Test("Checksums of two parts joined are the checksum of the whole, at random cuts")
  func combine() {
    var random = Generator(state: 5)
    let bytes = (0..<20_000).map { _ in UInt8(random.int(0..<256)) }
    for trial in 0..<200 {
      let start = random.int(0..<100)
      let cut = start + random.int(0..<(bytes.count - start))
      let end = cut + random.int(0..<(bytes.count - cut + 1))
      let first = CRC32C.checksum(bytes[start..<cut])
      let second = CRC32C.checksum(bytes[cut..<end])
      let joined = CRC32C.combine(first, second, secondLength: end - cut)
      #expect(joined == CRC32C.checksum(bytes[start..<end]), "trial \(trial): \(start) \(cut) \(end)")
    }
  }

  @Test("Arrays cut into pieces verify, and a byte changed in any piece fails its array, by name")
  func pieces() throws {
    var random = Generator(state: 6)
    let folder = try ScratchFolder()
    let path = folder.file("arrays")
    let bytes = (0..<60_000).map { _ in UInt8(random.int(0..<256)) }
    let spans = [(0, 0), (0, 25_000), (25_000, 1), (25_001, 20_000), (45_001, 14_999)]
    func checks(_ bytes: [UInt8]) -> [ImageVerification.Check] {
      spans.enumerated().map { index, span in
        ImageVerification.Check(
          name: "array\(index)", start: span.0, length: span.1,
          checksum: CRC32C.checksum(bytes[span.0..<(span.0 + span.1)]))
      }
    }
    let good = checks(bytes)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    for pieceLength in [1, 7, 4_096, 1 << 20] {
      try ImageVerification.verify(good, in: path, pieceLength: pieceLength)
    }
    for trial in 0..<12 {
      var damaged = bytes
      let at = random.int(0..<bytes.count)
      damaged[at] ^= UInt8(1 + random.int(0..<255))
      try Data(damaged).write(to: URL(fileURLWithPath: path))
      let array = try #require(spans.firstIndex { at >= $0.0 && at < $0.0 + $0.1 })
      let reason = "array\(array) at offset \(spans[array].0) fails its checksum"
      #expect(throws: DurableError.corrupt(path: path, reason: reason), "trial \(trial), byte \(at)") {
        try ImageVerification.verify(good, in: path, pieceLength: 4_096)
      }
    }
  }

  @Test(
    "Arrays added to a queue while a helper verifies them: sound ones pass, a changed byte fails its array",
    arguments: [0, Int.max])
  func queue(helperFrom: Int) throws {
    var random = Generator(state: 7 + UInt64(helperFrom & 0xFF))
    let folder = try ScratchFolder()
    let path = folder.file("arrays")
    let bytes = (0..<90_000).map { _ in UInt8(random.int(0..<256)) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    for trial in 0..<20 {
      // Random arrays over the file, some empty, some sharing bytes; pieces of random length.
      let spans = (0..<random.int(1..<12)).map { _ -> (Int, Int) in
        let start = random.int(0..<bytes.count)
        return (start, random.int(0..<(bytes.count - start + 1)))
      }
      let checks = spans.enumerated().map { index, span in
        ImageVerification.Check(
          name: "array\(index)", start: span.0, length: span.1,
          checksum: CRC32C.checksum(bytes[span.0..<(span.0 + span.1)]))
      }
      let pieceLength = random.pick([1, 100, 4_096, 1 << 20])
      let sound = VerificationQueue(path: path, pieceLength: pieceLength, helperFrom: helperFrom)
      for check in checks { sound.add(check) }
      try sound.finish()
      // One array's stored checksum off by one bit: that array is named, whichever thread verified it.
      let wrong = random.int(0..<checks.count)
      let damaged = VerificationQueue(path: path, pieceLength: pieceLength, helperFrom: helperFrom)
      for (index, check) in checks.enumerated() {
        damaged.add(
          index == wrong
            ? ImageVerification.Check(
              name: check.name, start: check.start, length: check.length, checksum: check.checksum ^ 1)
            : check)
      }
      let reason = "array\(wrong) at offset \(spans[wrong].0) fails its checksum"
      #expect(throws: DurableError.corrupt(path: path, reason: reason), "trial \(trial)") { try damaged.finish() }
    }
    // A structure that does not hold is named by its failure; a queue cancelled unfinished stops.
    let walked = VerificationQueue(path: path, helperFrom: helperFrom)
    walked.add(
      ImageVerification.Check(
        name: "offsets", start: 0, length: 8, checksum: CRC32C.checksum(bytes[0..<8]),
        structure: .rising(first: 0, last: 1), failure: "the offsets do not rise"))
    #expect(throws: DurableError.corrupt(path: path, reason: "the offsets do not rise")) { try walked.finish() }
    let cancelled = VerificationQueue(path: path, pieceLength: 1, helperFrom: helperFrom)
    cancelled.add(ImageVerification.Check(name: "long", start: 0, length: bytes.count, checksum: 0))
    cancelled.cancel()
  }
}
