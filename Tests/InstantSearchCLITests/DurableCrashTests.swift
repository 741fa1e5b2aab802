import Foundation
import InstantSearchCore
import TestProcesses
import Testing

@testable import InstantSearchEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Kills `instantsearch durable-writer` with SIGKILL at random moments and reopens its directory: every
/// acknowledged write is there, the write in flight is all there or not at all, and no stray file remains.
@Suite("Durable index: kill -9 at random moments", .timeLimit(.minutes(5)))
struct DurableCrashTests {
  /// Rounds in the suite (`DURABLE_CRASH_ROUNDS` raises it: `scripts/crash.sh` runs 1,000).
  static let rounds = Int(ProcessInfo.processInfo.environment["DURABLE_CRASH_ROUNDS"] ?? "") ?? 200

  /// What one killed writer said: the writes it began, and how many it acknowledged.
  struct Transcript {
    var begun: [IndexWrite] = []
    var acknowledged = 0

    init(_ text: String) throws {
      for line in text.split(separator: "\n") {
        if line.hasPrefix("begin ") {
          begun.append(try IndexWrite(payload: Array(line.dropFirst(6).utf8), path: "stdout"))
        } else if line == "ack" {
          acknowledged += 1
        }
      }
    }
  }

  /// Runs the writer on `directory` and kills it once it has acknowledged `killAfter` writes (or when it
  /// ends); returns what it printed.
  static func runAndKill(_ binary: String, directory: String, seed: UInt64, killAfter: Int, full: Bool) throws
    -> String
  {
    let ends = try ChildProcess.pipe()
    defer { close(ends[0]) }
    let child = try ChildProcess(
      binary,
      ["durable-writer", "--directory", directory, "--seed", "\(seed)", "--count", "120"] + (full ? ["--full"] : []),
      output: ends[1])
    close(ends[1])
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4_096)
    var killed = false
    while true {
      let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      output += buffer[0..<count]
      if !killed,
        output.split(separator: UInt8(ascii: "\n")).filter({ $0.elementsEqual("ack".utf8) }).count >= killAfter
      {
        kill(child.pid, SIGKILL)
        killed = true
      }
    }
    child.wait()
    return String(decoding: output, as: UTF8.self)
  }

  /// The records of an index, by objectID, and its hits per page (the settings the stream changes).
  static func content(_ index: LocalIndex) -> [String: JSON] {
    var records: [String: JSON] = ["settings.hitsPerPage": .number(Double(index.settings.hitsPerPage))]
    for id in (0..<24).map(String.init) { records[id] = index.record(objectID: id).map(JSON.object) }
    return records
  }

  @Test("Every acknowledged write survives, the one in flight is whole or absent, no stray files")
  func killedWriters() async throws {
    let binary = try CLI.binary()
    let rounds = Self.rounds
    let failures = try await onDedicatedThread { () throws -> [String] in
      var failures: [String] = []
      var random = SystemRandomNumberGenerator()
      for round in 0..<rounds {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("crash-\(getpid())-\(round)").path
        let transcript = try Transcript(
          Self.runAndKill(
            binary, directory: directory, seed: UInt64(round + 1), killAfter: Int.random(in: 0...100, using: &random),
            full: round % 10 == 0))
        let reopened: DurableIndex
        do {
          reopened = try DurableIndex(directory: directory, name: "crash")
        } catch {
          failures.append("round \(round): the directory does not open: \(error)")
          continue
        }
        let expected = LocalIndex(name: "crash")
        for write in transcript.begun.prefix(transcript.acknowledged) { try write.apply(to: expected) }
        let acknowledged = Self.content(expected)
        var states = [acknowledged]
        if transcript.begun.count > transcript.acknowledged {
          try transcript.begun[transcript.acknowledged].apply(to: expected)
          states.append(Self.content(expected))
        }
        if !states.contains(Self.content(reopened.index)) {
          failures.append("round \(round): \(transcript.acknowledged) acknowledged, the content differs")
        }
        // Every file left is one the manifest names (two logs while a commit was writing its segment), or
        // the writer's lock file.
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: directory)).subtracting([
          WriterLock.fileName
        ])
        let named = reopened.state.withLock { $0.manifest.files }
        if files != named {
          failures.append(
            "round \(round): stray files \(files.subtracting(named).sorted()), missing \(named.subtracting(files))")
        }
        do {
          try FileManager.default.removeItem(atPath: directory)
        } catch {
          failures.append("round \(round): cannot remove \(directory): \(error)")
        }
      }
      return failures
    }
    let failed = failures.count
    #expect(failed == 0, "\(failures.prefix(5))")
  }
}
