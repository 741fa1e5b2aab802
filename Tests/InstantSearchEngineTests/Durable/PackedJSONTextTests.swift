import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

@Suite("Packed records written as JSON text")
struct PackedJSONTextTests {
  static func text(_ record: [String: JSON]) -> [UInt8] {
    var codec = PackedCodec()
    let packed = codec.pack(record)
    var output: [UInt8] = []
    packed.withUnsafeBufferPointer { codec.appendJSONText($0, to: &output) }
    return output
  }

  @Test("Read back, the text is the record: escapes, control characters, Unicode, numbers, nesting")
  func roundTrip() throws {
    var random = DifferentialTests.Generator(state: 99)
    var records = (0..<300).map { DifferentialTests.record($0, &random) }
    records.append([
      "objectID": "quote\"back\\slash\u{1}\n", "name": "Dates & \"Dried\" \\ \u{7}tab\there ünï 🍒",
      "numbers": [0, -0.5, 1e21, 123_456_789_012, 3.141592653589793, -1e-7],
      "nested": ["deep": ["deeper": [true, false, .null, "x"]]], "empty": [:], "list": [],
    ])
    for record in records {
      let bytes = Self.text(record)
      let parsed = try JSONDecoder().decode(JSON.self, from: Data(bytes))
      #expect(parsed == .object(record), "\(String(decoding: bytes, as: UTF8.self))")
    }
    // Not finite numbers (only possible in records built in code) are written as null.
    #expect(
      String(decoding: Self.text(["objectID": "1", "x": .number(.infinity)]), as: UTF8.self)
        == #"{"objectID":"1","x":null}"#)
  }
}
