import Foundation
import Testing

@testable import InstantSearchEngine

/// Opening an image verifies its mapped arrays in pieces on two threads, joining the pieces' checksums in
/// order: the joined checksum must be the array's, and a damaged byte anywhere must still be found.
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
}
