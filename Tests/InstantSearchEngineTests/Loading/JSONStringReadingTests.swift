import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

/// Strings read eight bytes at a time until a quote, backslash or control byte: every such byte at every
/// offset within and across the eight-byte words reads as JSON says.
@Suite("Reading JSON strings")
struct JSONStringReadingTests {
  @Test("an escape, a quote or a multibyte letter at every offset up to 24: the same text as Foundation reads")
  func specialBytesAtEveryOffset() throws {
    let specials = [#"\""#, #"\\"#, #"\n"#, #"\u00e9"#, "é", "\u{1F600}", #"\/"#]
    var lines: [String] = []
    for offset in 0..<24 {
      for (kind, special) in specials.enumerated() {
        let text = String(repeating: "a", count: offset) + special + String(repeating: "b", count: (offset * 7) % 11)
        lines.append(#"{"objectID":"r\#(offset)-\#(kind)","name":"\#(text)"}"#)
      }
    }
    let index = LocalIndex(name: "strings")
    try index.loadJSON(Data(lines.joined(separator: "\n").utf8))
    for line in lines {
      let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
      let id = try #require(object["objectID"])
      #expect(index.record(objectID: id)?["name"]?.stringValue == object["name"], "\(line)")
    }
  }

  @Test("a raw control byte at any offset is an error at its column; an unterminated string is one too")
  func controlBytes() throws {
    for offset in 0..<20 {
      let line = #"{"objectID":"x","name":""# + String(repeating: "a", count: offset) + "\u{01}" + #""}"#
      let index = LocalIndex(name: "control")
      #expect(
        throws: EngineError.invalidRecord(line: 1, reason: "control character in string at column \(25 + offset)")
      ) {
        try index.loadJSON(Data(line.utf8))
      }
      #expect(throws: EngineError.self) {
        try index.loadJSON(Data((#"{"objectID":"x","name":""# + String(repeating: "a", count: offset)).utf8))
      }
    }
  }
}
