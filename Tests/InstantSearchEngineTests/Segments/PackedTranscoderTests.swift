import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

@Suite("Records transcoded between codecs")
struct PackedTranscoderTests {
  @Test("A transcoded record is the record packed with the target codec, whatever the target already holds")
  func sameAsPacking() throws {
    var random = DifferentialTests.Generator(state: 7)
    var records = (0..<200).map { DifferentialTests.record($0, &random) }
    records.append([
      "objectID": "quote\"back\\slash", "name": "Dates & \"Dried\" ünï 🍒 -- 10%", "deep": ["a": [1, 2.5, "x y"]],
      "numbers": [0, -0.5, 1e21, -1e-7], "empty": [:], "list": [],
    ])
    var source = PackedCodec()
    let packed = records.map { source.pack($0) }
    // The target starts with keys and words of its own, so that ids differ between the two codecs.
    var target = PackedCodec()
    var reference = PackedCodec()
    for seed: [String: JSON] in [["zeta": "other words first", "objectID": "seed"], ["brand": "LG sony"]] {
      _ = target.pack(seed)
      _ = reference.pack(seed)
    }
    var transcoder = PackedTranscoder(source: source)
    for (record, bytes) in zip(records, packed) {
      let transcoded = bytes.withUnsafeBufferPointer { transcoder.transcode($0, into: &target) }
      #expect(transcoded == reference.pack(record), "\(record)")
      let unpacked = transcoded.withUnsafeBufferPointer { target.unpack($0, keyNames: target.keyNames) }
      #expect(unpacked == record)
    }
  }
}
