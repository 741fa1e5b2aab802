import Foundation
import TestProcesses
import Testing

/// `instantsearch-open`, the engine alone in its process (``scripts/durable_side_by_side.sh``'s reopen):
/// its figures are only worth comparing if it opens the same index and answers the same first query.
@Suite("instantsearch-open")
struct OpenProbeTests {
  @Test("Opens an imported directory and prints its figures with the first workload's answer")
  func opensAndAnswers() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("open-\(UUID().uuidString)")
    defer {
      do { try FileManager.default.removeItem(at: directory) } catch { Issue.record("cleanup: \(error)") }
    }
    _ = try CLI.binary()
    let imported = try await CLI.run([
      "import", "--records", CLI.folder.appendingPathComponent("t.jsonl").path, "--settings",
      CLI.folder.appendingPathComponent("s.json").path, "--directory", directory.path, "--index", "t",
    ])
    #expect(imported.status == 0, "\(imported.error)")
    let workloads = directory.appendingPathComponent("w.jsonl")
    // Ten of the thirty records have brand b1; "case" matches every one of those.
    try Data(
      (#"{"name":"W1","requests":[{"indexName":"t","query":"case","filters":"brand:b1"}]}"# + "\n").utf8
    ).write(to: workloads)
    let probe = try #require(
      ChildProcess.product("instantsearch-open"), "instantsearch-open is built next to the tests")
    let opened = try await onDedicatedThread {
      try ChildProcess.run(probe, [directory.path, workloads.path], input: [])
    }
    #expect(opened.status == 0, "\(opened.error)")
    let figures = try #require(
      try JSONSerialization.jsonObject(with: Data(opened.output.utf8)) as? [String: Any], "\(opened.output)")
    #expect(figures["nbHits"] as? Int == 10)
    for key in ["open_ms", "first_w1_ms", "open_plus_first_w1_ms", "disk_mib"] {
      #expect((figures[key] as? Double).map { $0 >= 0 } == true, "\(key): \(opened.output)")
    }
    #if os(Linux)
      let before = try #require(figures["rss_before_open_mb"] as? Double)
      let after = try #require(figures["rss_after_open_mb"] as? Double)
      #expect(before > 0 && after >= before)
    #endif
  }

  @Test("A missing directory or workloads file fails with exit status 1 and says which")
  func failures() async throws {
    let probe = try #require(
      ChildProcess.product("instantsearch-open"), "instantsearch-open is built next to the tests")
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("absent-\(UUID().uuidString)").path
    let noWorkloads = try await onDedicatedThread { try ChildProcess.run(probe, ["/", missing], input: []) }
    #expect(noWorkloads.status == 1 && noWorkloads.error.contains(missing))
    let workloads = FileManager.default.temporaryDirectory.appendingPathComponent("w-\(UUID().uuidString).jsonl")
    defer {
      do { try FileManager.default.removeItem(at: workloads) } catch { Issue.record("cleanup: \(error)") }
    }
    try Data(#"{"name":"W1","requests":[{"indexName":"t","query":""}]}"#.utf8).write(to: workloads)
    let noDirectory = try await onDedicatedThread { try ChildProcess.run(probe, [missing, workloads.path], input: []) }
    #expect(noDirectory.status == 1 && noDirectory.error.contains(missing), "\(noDirectory.error)")
    let usage = try await onDedicatedThread { try ChildProcess.run(probe, [], input: []) }
    #expect(usage.status == 1 && usage.error.contains("usage"))
  }
}
