import Foundation
import TestProcesses
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the real `instantsearch` binary on a small records file, in a child process.
enum CLI {
  /// A folder with `t.jsonl` (30 records) and `s.json` (settings), made once per process.
  static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cli-tests-\(getpid())")

  /// Writes the files of ``folder`` (each test writes the same bytes, so concurrent tests agree).
  static func prepare() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let records = (0..<30).map { #"{"objectID":"\#($0)","name":"phone case \#($0)","brand":"b\#($0 % 3)"}"# }
    let recordsFile = folder.appendingPathComponent("t.jsonl")
    let settingsFile = folder.appendingPathComponent("s.json")
    if !FileManager.default.fileExists(atPath: recordsFile.path) {
      try Data(records.joined(separator: "\n").utf8).write(to: recordsFile, options: .atomic)
    }
    if !FileManager.default.fileExists(atPath: settingsFile.path) {
      try Data(#"{"searchableAttributes":["name"],"attributesForFaceting":["brand"]}"#.utf8)
        .write(to: settingsFile, options: .atomic)
    }
  }

  static var searchArguments: [String] {
    [
      "search", "--records", folder.appendingPathComponent("t.jsonl").path, "--settings",
      folder.appendingPathComponent("s.json").path, "--index", "t",
    ]
  }

  static func binary() throws -> String {
    try prepare()
    return try #require(ChildProcess.product("instantsearch"), "the instantsearch binary is built next to the tests")
  }

  /// Runs `instantsearch` with `arguments` and `input` on a thread of its own.
  static func run(_ arguments: [String], input: [UInt8] = []) async throws -> ChildProcess.Outcome {
    let binary = try binary()
    return try await onDedicatedThread { try ChildProcess.run(binary, arguments, input: input) }
  }

  /// `instantsearch search` on `input`.
  static func search(_ input: String) async throws -> ChildProcess.Outcome {
    try await run(searchArguments, input: Array(input.utf8))
  }

  /// A request line with one query of `parameters` (JSON object members, already encoded).
  static func line(_ parameters: String) -> String {
    #"{"requests":[{"indexName":"t"\#(parameters.isEmpty ? "" : ",")\#(parameters)}]}"#
  }
}
