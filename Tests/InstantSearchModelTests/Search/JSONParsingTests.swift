import Foundation
import InstantSearchModel
import Testing

/// `JSON(parsing:)` against `JSONDecoder` (what the server parsed request bodies with before): the same
/// value for every text both read, and a refusal wherever the decoder refuses, over random documents and
/// random damage done to them.
@Suite("JSON(parsing:) reads what JSONDecoder reads")
struct JSONParsingTests {
  typealias Generator = SplitMix64

  static let strings = [
    "", "plain", "é ü 😀", #"quote \" inside"#, #"back\\slash"#, #"\n\t\r\b\f"#, #"\u00e9\u0000"#,
    #"\ud83d\ude00"#, #"\/slash"#, "名前",
  ]
  static let numbers = [
    "0", "-0", "12", "-7", "3.25", "1e3", "2E-2", "-1.5e+10", "9007199254740993", "123456789012345678901234",
    "0.1", "1e308",
  ]

  /// A random document as text, with random whitespace.
  static func document(_ random: inout Generator, depth: Int = 0) -> String {
    let space = random.pick(["", " ", "\n", "\t ", "\r\n"])
    switch depth > 3 ? random.int(0..<4) : random.int(0..<6) {
    case 0: return "\"" + random.pick(strings) + "\""
    case 1: return random.pick(numbers)
    case 2: return random.pick(["true", "false", "null"])
    case 3: return "\"" + random.pick(strings) + random.pick(strings) + "\""
    case 4:
      // Distinct names: of a name given twice, JSONDecoder reads the first value and never looks into the
      // second, which then may hold anything.
      var names: [String] = []
      for _ in 0..<random.int(0..<4) {
        let name = random.pick(strings)
        if !names.contains(name) { names.append(name) }
      }
      let members = names.map { name in
        "\"" + name + "\"" + space + ":" + space + document(&random, depth: depth + 1)
      }
      return "{" + space + members.joined(separator: "," + space) + space + "}"
    default:
      let elements = (0..<random.int(0..<4)).map { _ in document(&random, depth: depth + 1) }
      return "[" + space + elements.joined(separator: space + "," + space) + "]"
    }
  }

  /// The document with a random byte changed, taken out or put in.
  static func damaged(_ text: [UInt8], _ random: inout Generator) -> [UInt8] {
    var bytes = text
    let noise: [UInt8] = [
      0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x00, 0x1F, 0x80, 0xC0, 0xED, 0xFF, 0x65, 0x2D, 0x30,
    ]
    let at = random.int(0..<(bytes.count + 1))
    switch random.int(0..<3) {
    case 0 where at < bytes.count: bytes[at] = random.pick(noise)
    case 1 where at < bytes.count: bytes.remove(at: at)
    default: bytes.insert(random.pick(noise), at: at)
    }
    return bytes
  }

  static func decoded(_ bytes: [UInt8]) -> JSON? {
    do {
      return try JSONDecoder().decode(JSON.self, from: Data(bytes))
    } catch {
      return nil
    }
  }

  static func parsed(_ bytes: [UInt8]) -> JSON? {
    do {
      return try JSON(parsing: bytes)
    } catch {
      return nil
    }
  }

  /// Whether `bytes` are what RFC 8259 refuses and `JSONDecoder` reads anyway (the parser refuses them, as
  /// Algolia's API does): a comma before `]` or `}`, a NUL byte after a number.
  static func isLeniency(_ bytes: [UInt8]) -> Bool {
    let text = bytes.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    return text.contains(0) || zip(text, text.dropFirst()).contains { $0 == 0x2C && ($1 == 0x5D || $1 == 0x7D) }
  }

  /// Whether `bytes` hold `0e` or `0E`: JSONDecoder refuses a valid number such as `0e1`, which the parser
  /// reads (0).
  static func hasZeroExponent(_ bytes: [UInt8]) -> Bool {
    zip(bytes, bytes.dropFirst()).contains { $0 == 0x30 && $1 | 0x20 == 0x65 }
  }

  @Test("Random documents read alike; damaged ones are refused where JSONDecoder refuses them", arguments: [1, 2, 3])
  func differential(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for round in 0..<400 {
      let text = Array(Self.document(&random).utf8)
      let expected = Self.decoded(text)
      #expect(
        expected != nil && Self.parsed(text) == expected, "round \(round): \(String(decoding: text, as: UTF8.self))")
      for _ in 0..<5 {
        let bytes = Self.damaged(text, &random)
        let decoded = Self.decoded(bytes)
        let parsed = Self.parsed(bytes)
        if (parsed != nil || !Self.isLeniency(bytes)) && (decoded != nil || !Self.hasZeroExponent(bytes)) {
          #expect(
            parsed == decoded, "round \(round): \(bytes) \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
      }
    }
  }

  @Test("Edges: depth, surrogates, control characters, numbers, what surrounds the value")
  func edges() {
    let cases = [
      String(repeating: "[", count: 99) + String(repeating: "]", count: 99),
      String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
      String(repeating: "[", count: 100_000), #""\ud83d""#, #""\ude00""#, #""\ud83d\u0041""#, "\"a\u{01}b\"", "-0",
      "1e400", "-1e400", "01", "1.", ".5", "+1", "[1,]", #"{"a":1,}"#, #"{"a":1,"a":2}"#, "", " ", "tru", "nul",
      "\u{FEFF}[1]", "[1] x", "1 2", #""\x""#, #""\u12""#, "[\"a\"\n]",
    ]
    for text in cases {
      let bytes = Array(text.utf8)
      #expect(Self.parsed(bytes) == Self.decoded(bytes) || Self.isLeniency(bytes), "\(text.prefix(40))")
    }
    for lenient in ["[1,]", #"{"a":1,}"#, "0\u{0}"] {
      #expect(Self.parsed(Array(lenient.utf8)) == nil, "RFC 8259 refuses \(lenient)")
    }
    #expect(Self.parsed(Array("0e1".utf8)) == 0, "RFC 8259 reads 0e1")
    #expect(throws: JSONParseError.self) { try JSON(parsing: Array(String(repeating: "{\"a\":", count: 100_000).utf8)) }
    #expect(Self.parsed(Array(#"{"a":1,"a":2}"#.utf8)) == ["a": 1])
  }
}

extension SplitMix64 {
  /// A number of `range`.
  fileprivate mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &self) }
  /// An element of `values` (not empty).
  fileprivate mutating func pick<T>(_ values: [T]) -> T { values[int(0..<values.count)] }
}
