import Foundation
import PropertyBased
import TestProcesses
import Testing

/// Random and adversarial input fed to the real binary in a child process: whatever the input, every line
/// gets an answer or a typed error, and no signal ends the process (a crash fails the test instead of the
/// suite). Inputs come from swift-property-based generators with a fixed seed per run.
@Suite("Fuzzing instantsearch search in a child process", .timeLimit(.minutes(3)))
struct FuzzPropertyTests {
  /// Syntax that reaches the parsers' edges, and raw bytes.
  static let piece = Gen<Int>.int(in: 0...19).map { choice -> String in
    [
      "(", ")", "a:x", " AND ", " OR ", "NOT ", "price", " > ", "10", " TO ", "\"", "'", "\\", "<score=3>", ":",
      "_tags:t", "é", "99999999999999999999", "\u{1F600}", " ",
    ][choice]
  }

  static let filtersText = piece.array(of: 0...40).map { $0.joined() }

  /// Deep or long structures: nesting of one of three bracket kinds, or a long chain.
  static let adversarialFilters = Gen<Int>.int(in: 1...100_000).map { depth -> String in
    depth % 2 == 0
      ? String(repeating: "(", count: depth) + "a:x" + String(repeating: ")", count: depth / 2)
      : Array(repeating: "a:x", count: depth / 10 + 1).joined(separator: " OR ")
  }

  static func escaped(_ text: String) -> String {
    var output = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      default:
        if scalar.value < 0x20 {
          output += String(format: "\\u%04x", scalar.value)
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output
  }

  static let pageText = Gen<Int>.int(in: 0...9).map { choice -> String in
    ["0", "1", "-1", "4.6e17", "\"7\"", "null", "[1]", "{}", "1e400", "9223372036854775807"][choice]
  }

  @Test("Random and adversarial filters strings, as request lines: one answer each, never a crash")
  func filtersLines() async throws {
    var rng = Xoshiro(seed: (11, 22, 33, 44))
    var lines: [String] = []
    for index in 0..<600 {
      let filters = index % 5 == 0 ? Self.adversarialFilters.run(using: &rng) : Self.filtersText.run(using: &rng)
      let page = Self.pageText.run(using: &rng)
      lines.append(CLI.line(#""filters":"\#(Self.escaped(filters))","page":\#(page),"query":"a""#))
    }
    try await Self.expectAnswers(lines)
  }

  @Test("Random bytes and mutated request lines, invalid UTF-8 included: one answer each, never a crash")
  func byteLines() async throws {
    var rng = Xoshiro(seed: (5, 6, 7, 8))
    let valid = Array(CLI.line(#""query":"phone","facets":["brand"],"filters":"brand:b1","params":"page=1""#).utf8)
    let byte = Gen<UInt8>.value(in: 0...255).map { $0 == 0x0A ? UInt8(0x20) : $0 }
    let position = Gen<Int>.int(in: 0...(valid.count - 1))
    var input: [UInt8] = []
    var count = 0
    for index in 0..<600 {
      var line = valid
      if index % 3 == 0 {
        line = byte.array(of: 0...200).run(using: &rng)
      } else {
        for _ in 0..<(1 + index % 4) { line[position.run(using: &rng)] = byte.run(using: &rng) }
      }
      guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
      input += line + [0x0A]
      count += 1
    }
    let outcome = try await CLI.run(CLI.searchArguments, input: input)
    Self.check(outcome, lines: count)
  }

  @Test("Mutated record lines: the load succeeds or names the bad line, never a crash")
  func recordLines() async throws {
    var rng = Xoshiro(seed: (9, 8, 7, 6))
    let valid = Array(#"{"objectID":"1","name":"x \u00e9 \ud83d\ude00","n":[1,{"b":null}],"p":1.5e3}"#.utf8)
    let byte = Gen<UInt8>.value(in: 0...255).map { $0 == 0x0A ? UInt8(0x20) : $0 }
    let position = Gen<Int>.int(in: 0...(valid.count - 1))
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-records-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var loaded = 0
    for trial in 0..<40 {
      var line = valid
      for _ in 0..<(1 + trial % 3) { line[position.run(using: &rng)] = byte.run(using: &rng) }
      let file = folder.appendingPathComponent("r\(trial).jsonl")
      try Data(valid + [0x0A] + line + [0x0A] + valid + [0x0A]).write(to: file)
      let outcome = try await CLI.run(
        ["search", "--records", file.path, "--index", "t"], input: Array((CLI.line("") + "\n").utf8))
      #expect(!outcome.crashed, "signal for \(String(decoding: line, as: UTF8.self))")
      if outcome.status == 0 {
        loaded += 1
        #expect(outcome.output.hasPrefix(#"{"results":"#))
      } else {
        #expect(outcome.error.contains("invalid record at line 2"), "\(outcome.error)")
      }
    }
    #expect(loaded < 40)
  }

  /// Sends the lines and checks one well-formed answer per line.
  static func expectAnswers(_ lines: [String]) async throws {
    let outcome = try await CLI.run(CLI.searchArguments, input: Array((lines.joined(separator: "\n") + "\n").utf8))
    check(outcome, lines: lines.count)
  }

  static func check(_ outcome: ChildProcess.Outcome, lines: Int) {
    #expect(!outcome.crashed, "ended by signal \(outcome.status - 128)")
    #expect(outcome.status == 0)
    let answers = outcome.output.split(separator: "\n")
    #expect(answers.count == lines)
    for answer in answers where !answer.hasPrefix(#"{"results":"#) {
      let typed = [400, 404, 413].contains { answer.hasSuffix(#""status":\#($0)}"#) }
      #expect(answer.hasPrefix(#"{"message":"#) && typed, "\(answer.prefix(200))")
    }
  }
}
