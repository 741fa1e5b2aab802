import Foundation
import TestProcesses
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A client that writes a line and waits for its answer before writing the next (issue 17, row 12): the
/// command used to read all of its input first, so such a client waited forever. Reads wait with `poll`,
/// bounded by a deadline that only turns a hang into a failure.
@Suite("instantsearch search: answers as lines arrive", .timeLimit(.minutes(2)))
struct SearchCommandStreamingTests {
  @Test("Each line is answered while standard input stays open")
  func conversation() async throws {
    let binary = try CLI.binary()
    let answers = try await onDedicatedThread { try Self.converse(binary, lines: ["phone", "case 7", "b1"]) }
    #expect(answers.count == 3)
    #expect(answers.allSatisfy { $0.hasPrefix(#"{"results":"#) })
    #expect(answers[1].contains(#""query":"case 7""#))
  }

  struct Timeout: Error {}

  /// Writes each query as a request line and reads its answer before writing the next.
  static func converse(_ binary: String, lines: [String]) throws -> [String] {
    let input = try ChildProcess.pipe()
    let output = try ChildProcess.pipe()
    let child = try ChildProcess(binary, CLI.searchArguments, input: input[0], output: output[1])
    close(input[0])
    close(output[1])
    defer {
      close(output[0])
      child.terminate()
    }
    var answers: [String] = []
    var pending: [UInt8] = []
    for query in lines {
      let line = Array((CLI.line(#""query":"\#(query)""#) + "\n").utf8)
      guard line.withUnsafeBytes({ write(input[1], $0.baseAddress, $0.count) }) == line.count else { throw Timeout() }
      while !pending.contains(0x0A) {
        var descriptor = pollfd(fd: output[0], events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 60_000) > 0 else { throw Timeout() }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { read(output[0], $0.baseAddress, $0.count) }
        guard count > 0 else { throw Timeout() }
        pending += buffer[0..<count]
      }
      if let newline = pending.firstIndex(of: 0x0A) {
        answers.append(String(decoding: pending[..<newline], as: UTF8.self))
        pending.removeSubrange(...newline)
      }
    }
    close(input[1])
    _ = child.wait()
    return answers
  }
}
