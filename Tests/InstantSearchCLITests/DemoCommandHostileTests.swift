import Foundation
import TestProcesses
import Testing

/// `instantsearch demo` with hostile sizes (issue 17, row 5): a validation error, never a trap or a huge
/// allocation.
@Suite("instantsearch demo: hostile sizes", .timeLimit(.minutes(2)))
struct DemoCommandHostileTests {
  @Test(
    "Frame sizes past 1,000 are refused with a message",
    arguments: [["--width", "4294967296"], ["--width", "100000", "--height", "100000"], ["--height=-5"]])
  func sizes(arguments: [String]) async throws {
    let outcome = try await CLI.run(["demo", "--size", "100", "--print-frame"] + arguments)
    #expect(!outcome.crashed)
    #expect(outcome.status == 64)
    #expect(outcome.error.contains("--width and --height must be between 20 and 1,000"))
  }

  @Test("The largest frame allowed renders")
  func largest() async throws {
    let outcome = try await CLI.run(["demo", "--size", "100", "--print-frame", "--width", "1000", "--height", "1000"])
    #expect(outcome.status == 0)
    #expect(outcome.output.split(separator: "\n", omittingEmptySubsequences: false).count >= 1_000)
  }
}
