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

/// One writer per index directory, across processes; readers in other processes change nothing (issue 35:
/// a `search` beside a `serve` deleted its segments, two writers lost acknowledged records).
@Suite("Index directories: one writer, readers change nothing", .timeLimit(.minutes(3)))
struct WriterLockTests {
  @Test("A second process's writer is refused, naming this process; its readers change nothing")
  func secondWriter() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(getpid())-\(UUID())").path
    defer {
      do { try FileManager.default.removeItem(atPath: directory) } catch { print("left behind: \(error)") }
    }
    let writer = try DurableIndex(directory: directory, name: "t")
    try writer.saveRecords((0..<30).map { ["objectID": .string("\($0)"), "name": .string("phone case \($0)")] })
    try writer.commit()
    try writer.saveRecords([["objectID": "late", "name": "phone late"]])
    let before = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    let records = CLI.folder.appendingPathComponent("t.jsonl").path
    let refused = try await CLI.run(["import", "--records", records, "--directory", directory, "--index", "t"])
    #expect(refused.status != 0 && !refused.crashed)
    #expect(refused.error.contains("is open for writing by process \(getpid())"), "\(refused.error)")
    // A search from another process reads the directory (the log's last write included) and leaves it be.
    let answer = try await CLI.run(
      ["search", "--records", directory, "--index", "t"],
      input: Array(#"{"requests":[{"indexName":"t","query":"phone"}]}"#.utf8))
    #expect(answer.status == 0, "\(answer.error)")
    #expect(answer.output.contains(#""nbHits":31"#), "\(answer.output.prefix(300))")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == before)
    #expect(writer.index.recordCount == 31)
    try writer.saveRecords([["objectID": "after", "name": "phone after"]])
    withExtendedLifetime(writer) {}
  }
}
