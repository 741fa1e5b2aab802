import Foundation
import InstantSearchModel
import Testing

/// Foundation's JSON reader on Linux traps when text ends at the bracket that crosses its 512-level limit;
/// every outside text is measured first (`JSONNesting`), so those texts are refused with a message instead
/// of stopping the process. Before the fix, each test below stopped the test process.
@Suite("JSON nesting is measured before Foundation reads it")
struct JSONNestingTests {
  /// Texts that stop a process handing them to `JSONDecoder` or `JSONSerialization` (found by the fuzzer,
  /// seed 619, through `IndexSettings(jsonData:)`).
  static let trapping: [String] = [
    String(repeating: "[", count: 513),
    "{\"a\":" + String(repeating: "[", count: 512),
    String(repeating: "{\"a\":", count: 513),
    String(repeating: "[", count: 512),
  ]

  @Test("decodeBounded refuses the texts that trap Foundation, naming the byte")
  func decodeRefuses() {
    for text in Self.trapping {
      #expect {
        try JSONDecoder().decodeBounded(JSON.self, from: Data(text.utf8))
      } throws: { error in
        guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
        return context.debugDescription.hasPrefix("nested more than 100 levels deep at byte ")
      }
    }
  }

  @Test("Within the bound, decodeBounded decodes as decode does")
  func decodeAccepts() throws {
    let text = String(repeating: "[", count: 99) + #""[{\"]""# + String(repeating: "]", count: 99)
    let bounded = try JSONDecoder().decodeBounded(JSON.self, from: Data(text.utf8))
    #expect(bounded == (try JSONDecoder().decode(JSON.self, from: Data(text.utf8))))
  }

  @Test("A syntax error's position is found for the trapping texts too")
  func locate() {
    #expect(
      JSONSyntaxError.locate(in: Data(Self.trapping[0].utf8))
        == "line 1, column 101: nested more than 100 levels deep")
    #expect(
      JSONSyntaxError.locate(in: Data(("{\n \"a\": " + String(repeating: "[", count: 512)).utf8))
        == "line 2, column 106: nested more than 100 levels deep")
  }

  @Test("A params form value nested too deep is an error at its parameter")
  func paramsForm() {
    let deep = String(repeating: "%5B", count: 513)
    #expect(
      throws: ResponseDecodingError(path: "facetFilters", message: "nested more than 100 levels deep at byte 100")
    ) {
      try Query(urlEncodedParameters: "query=a&facetFilters=" + deep)
    }
    #expect(throws: Never.self) { try Query(urlEncodedParameters: "facetFilters=%5B%22brand%3AAcme%22%5D") }
  }

  /// A random JSON text and its deepest level of arrays and objects (0 for a scalar): strings hold
  /// brackets, quotes and backslashes, which do not count.
  static func document(_ random: inout SplitMix64, depth: Int = 0) -> (text: String, deepest: Int) {
    let strings = [#""""#, #""[""#, #""{{""#, #""\"[""#, #""\\""#, #""\\\"]""#, #""a\\\\""#, #""}]""#]
    switch depth > 6 ? Int.random(in: 0..<2, using: &random) : Int.random(in: 0..<5, using: &random) {
    case 0: return (strings[Int.random(in: 0..<strings.count, using: &random)], 0)
    case 1: return (["1", "true", "null", "-2.5"][Int.random(in: 0..<4, using: &random)], 0)
    default:
      let isObject = Bool.random(using: &random)
      var parts: [String] = []
      var deepest = 0
      for _ in 0..<Int.random(in: 0..<4, using: &random) {
        let inner = document(&random, depth: depth + 1)
        deepest = max(deepest, inner.deepest)
        let name = strings[Int.random(in: 0..<strings.count, using: &random)]
        parts.append(isObject ? name + ":" + inner.text : inner.text)
      }
      let body = parts.joined(separator: ",")
      return (isObject ? "{" + body + "}" : "[" + body + "]", deepest + 1)
    }
  }

  @Test("firstTooDeep agrees with each random document's depth, at every bound")
  func randomDocuments() {
    var random = SplitMix64(seed: 0x4E57)
    var checked = 0
    for _ in 0..<2_000 {
      let (text, deepest) = Self.document(&random)
      let bytes = Array(text.utf8)
      for bound in 0...(deepest + 1) {
        let offset = bytes.withUnsafeBytes { JSONNesting.firstTooDeep(in: $0, maximumDepth: bound) }
        #expect((offset == nil) == (deepest <= bound), "\(text) bound \(bound)")
        if let offset {
          #expect(bytes[offset] == UInt8(ascii: "[") || bytes[offset] == UInt8(ascii: "{"), "\(text)")
        }
        checked += 1
      }
      // Every generated text is JSON, and Foundation agrees on it.
      #expect((try? JSONDecoder().decodeBounded(JSON.self, from: Data(bytes))) != nil, "\(text)")
    }
    #expect(checked > 4_000)
  }
}
