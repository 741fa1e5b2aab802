import Foundation
import InstantSearchModel
import Testing

@testable import InstantSearchEngine

/// The line reader's own buffer (lines cut across reads, lines longer than the buffer, the unfinished
/// last line) gives the lines a plain split gives.
@Suite("Reading lines in chunks")
struct LineReaderTests {
  /// The lines `LineReader` hands out for `bytes` read `chunkLength` bytes at a time, with the totals
  /// `chunkRead` was told; `stopAfter` lines, it returns `false`.
  static func lines(
    of bytes: [UInt8], chunkLength: Int, longestLine: Int = LineReader.longestLine, stopAfter: Int = .max
  ) throws -> (lines: [[UInt8]], totals: [Int]) {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID().uuidString)")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let handle = try LineReader.open(url)
    var lines: [[UInt8]] = []
    var totals: [Int] = []
    try LineReader.forEachLine(of: handle, chunkLength: chunkLength, longestLine: longestLine) { total in
      totals.append(total)
    } _: { line in
      lines.append(Array(line))
      return lines.count < stopAfter
    }
    return (lines, totals)
  }

  /// What a plain split of `bytes` on newlines gives: the lines without their newline, and a last line
  /// after the last newline when it holds a byte.
  static func split(_ bytes: [UInt8]) -> [[UInt8]] {
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    if lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  @Test("random files of short, empty and long lines, read in chunks from 1 byte to more than the file")
  func randomFiles() throws {
    var generator = SplitMix64(seed: 0x11AE)
    for round in 0..<60 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...40, using: &generator) {
        // Mostly short lines, some empty, some far longer than the smaller chunks.
        let longest = [0, 1, 5, 30, 300].randomElement(using: &generator) ?? 0
        let length = Int.random(in: 0...longest, using: &generator)
        bytes += (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
        bytes.append(0x0A)
      }
      if Bool.random(using: &generator) {
        // An unfinished last line.
        bytes += (0..<Int.random(in: 1...50, using: &generator)).map { _ in UInt8(ascii: "x") }
      }
      for chunkLength in [1, 2, 7, 64, 4096] {
        let (lines, totals) = try Self.lines(of: bytes, chunkLength: chunkLength)
        #expect(lines == Self.split(bytes), "round \(round), chunks of \(chunkLength)")
        #expect(totals.last ?? 0 == bytes.count, "round \(round), chunks of \(chunkLength)")
        #expect(totals == totals.sorted(), "round \(round), chunks of \(chunkLength)")
      }
    }
  }

  @Test("a line longer than the buffer grows it; the bytes after it are read on")
  func lineLongerThanBuffer() throws {
    let long = [UInt8](repeating: UInt8(ascii: "a"), count: 10_000)
    let bytes = Array("first\n".utf8) + long + [0x0A] + Array("last".utf8)
    let (lines, _) = try Self.lines(of: bytes, chunkLength: 16)
    #expect(lines == [Array("first".utf8), long, Array("last".utf8)])
  }

  @Test("a line longer than the longest read is an error naming it, after the lines before it")
  func lineLongerThanLongest() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID().uuidString)")
    let bytes = Array("one\ntwo\n".utf8) + [UInt8](repeating: UInt8(ascii: "z"), count: 100) + Array("\nlast\n".utf8)
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let handle = try LineReader.open(url)
    var lines: [String] = []
    #expect(throws: EngineError.invalidRecord(line: 3, reason: "the line is longer than 64 bytes")) {
      try LineReader.forEachLine(of: handle, chunkLength: 16, longestLine: 64) { line in
        lines.append(String(decoding: line, as: UTF8.self))
        return true
      }
    }
    #expect(lines == ["one", "two"])
    // A line of exactly the longest length is read, one byte more is not.
    let exact = Array("abc\n".utf8) + [UInt8](repeating: UInt8(ascii: "y"), count: 64) + [0x0A]
    #expect(try Self.lines(of: exact, chunkLength: 16, longestLine: 64).lines.count == 2)
    #expect(throws: EngineError.invalidRecord(line: 2, reason: "the line is longer than 63 bytes")) {
      try Self.lines(of: exact, chunkLength: 16, longestLine: 63)
    }
  }

  @Test("the body's false stops the reading: no later line is handed out")
  func stopsEarly() throws {
    let bytes = Array("a\nb\nc\nd\n".utf8)
    for chunkLength in [1, 3, 100] {
      let (lines, _) = try Self.lines(of: bytes, chunkLength: chunkLength, stopAfter: 2)
      #expect(lines == [Array("a".utf8), Array("b".utf8)], "chunks of \(chunkLength)")
    }
  }

  @Test("a directory cannot be read: a typed error with the system's reason, and no line")
  func directory() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("lines-dir-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    let handle = try LineReader.open(url)
    var count = 0
    #expect(throws: EngineError.unreadableInput("cannot read the records after 0 bytes: Is a directory")) {
      try LineReader.forEachLine(of: handle) { _ in
        count += 1
        return true
      }
    }
    #expect(count == 0)
  }
}
