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

/// A disk that fills up (every file of the writer limited with RLIMIT_FSIZE, in a child process): a write
/// answered with an error is not applied, acknowledged writes survive, and once space returns the index
/// commits again by itself (issue 35: a full disk during a commit wedged the index for good, and writes
/// answered 500 were applied).
@Suite("Durable index: a disk that fills up", .timeLimit(.minutes(3)))
struct DiskFullTests {
  /// What the writer said of each write: acknowledged or failed, in order.
  struct Outcomes {
    var writes: [(write: IndexWrite, acknowledged: Bool)] = []
    var commitFailures = 0

    init(_ text: String) throws {
      var pending: IndexWrite?
      for line in text.split(separator: "\n") {
        if line.hasPrefix("begin ") {
          pending = try IndexWrite(payload: Array(line.dropFirst(6).utf8), path: "stdout")
        } else if line == "ack" || line.hasPrefix("failed "), let write = pending {
          writes.append((write, line == "ack"))
          pending = nil
        } else if line.hasPrefix("commit-failed ") {
          commitFailures += 1
        }
      }
    }
  }

  @Test("Writes and commits failing on a full disk: nothing failed is applied, nothing acknowledged is lost")
  func fullDisk() async throws {
    let binary = try CLI.binary()
    // Committing every 9 writes, the segments outgrow the limit (failed commits, each leaving its rotated
    // log named); committing only past the 8 KB threshold, the log does first (failed writes).
    for (seed, limit, every) in [(UInt64(3), 6_000, 9), (4, 12_000, 9), (5, 6_000, 0), (6, 7_000, 0)] {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("full-\(getpid())-\(seed)").path
      defer {
        do { try FileManager.default.removeItem(atPath: directory) } catch { print("left behind: \(error)") }
      }
      let outcome = try await onDedicatedThread {
        try ChildProcess.run(
          binary,
          [
            "durable-writer", "--directory", directory, "--seed", "\(seed)", "--count", "150", "--commit-every",
            "\(every)",
            "--file-size-limit", "\(limit)", "--keep-going",
          ])
      }
      // (Its output is a pipe: the file size limit would cut a file short.)
      #expect(outcome.status == 0, "\(outcome.output.suffix(300))")
      let outcomes = try Outcomes(outcome.output)
      #expect(outcomes.writes.count == 150)
      if every == 0 {
        #expect(outcomes.writes.contains { !$0.acknowledged }, "limit \(limit): no write failed, nothing tested")
      } else {
        #expect(outcomes.commitFailures > 0, "limit \(limit): no commit failed, nothing tested")
      }
      let expected = LocalIndex(name: "crash")
      for (write, acknowledged) in outcomes.writes where acknowledged { try write.apply(to: expected) }
      // Space is back: the directory opens with exactly the acknowledged writes, commits, and opens again.
      do {
        let reopened = try DurableIndex(directory: directory, name: "crash")
        #expect(DurableCrashTests.content(reopened.index) == DurableCrashTests.content(expected), "limit \(limit)")
        try reopened.saveRecords([["objectID": "after", "name": "space is back"]])
        try reopened.commit()
        try expected.saveRecords([["objectID": "after", "name": "space is back"]])
      }
      let again = try DurableIndex(directory: directory, name: "crash")
      #expect(DurableCrashTests.content(again.index) == DurableCrashTests.content(expected))
      #expect(again.index.record(objectID: "after") != nil)
    }
  }
}
