import Foundation
import TestProcesses
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every flag takes effect or is an error that says why; every error says what, where and what to do,
/// in words, before any work is done (issue 36).
@Suite("Command errors a newcomer meets", .timeLimit(.minutes(2)))
struct CommandErrorTests {
  static func path(_ name: String) -> String { CLI.folder.appendingPathComponent(name).path }

  /// A folder of its own for a test, removed at the end.
  static func scratch() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  static func remove(_ folder: String) {
    do { try FileManager.default.removeItem(atPath: folder) } catch { Issue.record("cleanup: \(error)") }
  }

  /// An index directory holding index `t` (30 records).
  static func importedDirectory(in folder: String) async throws -> String {
    let directory = folder + "/t-index"
    let imported = try await CLI.run([
      "import", "--records", path("t.jsonl"), "--settings", path("s.json"), "--directory", directory, "--index", "t",
    ])
    #expect(imported.status == 0, "\(imported.error)")
    return directory
  }

  @Test("Flags that cannot take effect, and missing or bad files, are refused with a sentence naming them")
  func refusals() async throws {
    let folder = try Self.scratch()
    defer { Self.remove(folder) }
    let directory = try await Self.importedDirectory(in: folder)
    let badSettings = folder + "/bad.json"
    try Data("{\"searchableAttributes\": [\"name\",]\n x}".utf8).write(to: URL(fileURLWithPath: badSettings))
    let keyFile = folder + "/admin-key"
    try Data("secret".utf8).write(to: URL(fileURLWithPath: keyFile))
    let aFile = Self.path("t.jsonl")
    let cases: [(arguments: [String], message: String)] = [
      (["demo", "--settings", Self.path("s.json"), "--print-frame"], "--settings applies to --records"),
      (["demo", "--records", aFile, "--size", "10", "--print-frame"], "--records replaces it"),
      (["bench", "--records", aFile, "--workloads", aFile, "--virtual"], "--virtual applies to --replica"),
      (["bench", "--records", aFile, "--workloads", aFile, "--writers", "4"], "--writers applies to --writes"),
      (
        ["search", "--records", directory, "--settings", Self.path("s.json"), "--index", "t"],
        "keeps the settings it was imported with"
      ),
      (
        ["bench", "--records", directory, "--settings", Self.path("s.json"), "--index", "t", "--workloads", aFile],
        "keeps the settings it was imported with"
      ),
      (["bench", "--records", aFile, "--workloads", folder + "/nope.jsonl"], "--workloads: cannot read"),
      (["bench", "--records", aFile, "--workloads", aFile, "--writes", "3"], "is a records file"),
      (["search", "--records", aFile, "--settings", badSettings], "not valid JSON at line 2, column 2"),
      (["search", "--records", folder + "/missing.jsonl"], "--records: no file or index directory at"),
      (["search", "--records", directory, "--index", "other"], "holds index \"t\" (pass --index t)"),
      (["serve", "--admin-key-file", keyFile, "--data", aFile], "is a file; give a directory"),
      (["sample", "--records", "10", "--out", aFile + "/x.jsonl"], "is a file, not a directory"),
      (["sample", "--records", "0", "--out", folder + "/x.jsonl"], "--records must be between 1 and"),
      (["import", "--records", directory, "--directory", folder + "/x"], "is an index directory"),
    ]
    for (arguments, message) in cases {
      let outcome = try await CLI.run(arguments)
      #expect(outcome.status != 0, "\(arguments)")
      #expect(outcome.error.contains(message), "\(arguments): \(outcome.error)")
      #expect(!outcome.error.contains("NSCocoaErrorDomain") && !outcome.error.contains("errno"), "\(outcome.error)")
    }
  }

  @Test("A busy port is named in words, not an errno")
  func busyPort() async throws {
    let folder = try Self.scratch()
    defer { Self.remove(folder) }
    let keyFile = folder + "/admin-key"
    try Data("secret".utf8).write(to: URL(fileURLWithPath: keyFile))
    // A listening socket holds a port.
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        bind(descriptor, socketAddress, length) == 0 && listen(descriptor, 1) == 0
          && getsockname(descriptor, socketAddress, &length) == 0
      }
    }
    try #require(bound)
    let port = Int(UInt16(bigEndian: address.sin_port))
    let outcome = try await CLI.run(["serve", "--admin-key-file", keyFile, "--port", "\(port)"])
    #expect(outcome.status != 0)
    #expect(outcome.error.contains("port \(port) on 127.0.0.1 is in use"), "\(outcome.error)")
  }

  @Test("serve says where it listens as soon as it does, with its output a pipe (fully buffered)")
  func servingLineFlushed() async throws {
    let folder = try Self.scratch()
    defer { Self.remove(folder) }
    let keyFile = folder + "/admin-key"
    try Data("secret".utf8).write(to: URL(fileURLWithPath: keyFile))
    let binary = try CLI.binary()
    let line = try await onDedicatedThread { () throws -> String in
      let ends = try ChildProcess.pipe()
      let server = try ChildProcess(binary, ["serve", "--admin-key-file", keyFile, "--port", "0"], output: ends[1])
      close(ends[1])
      defer {
        server.terminate()
        close(ends[0])
      }
      // Waits for the server's first line; a line held in its buffer never comes, and the wait gives up
      // after a minute (a bound on failure only: a flushed line arrives at once).
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4_096)
      while !bytes.contains(UInt8(ascii: "\n")) {
        var ready = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 60_000) == 1 else { break }
        let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        bytes += buffer[0..<count]
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    #expect(line.hasPrefix("serving 0 indices on http://127.0.0.1:"), "\(line)")
  }

  @Test("import makes missing parents, reads JSON arrays, and a failed import leaves no directory behind")
  func importCases() async throws {
    let folder = try Self.scratch()
    defer { Self.remove(folder) }
    let array = folder + "/records.json"
    try Data(#"[{"objectID":"1","name":"red shirt"},{"objectID":"2","name":"blue shirt"}]"#.utf8)
      .write(to: URL(fileURLWithPath: array))
    let nested = folder + "/data/products"
    let imported = try await CLI.run(["import", "--records", array, "--directory", nested, "--index", "products"])
    #expect(imported.status == 0, "\(imported.error)")
    #expect(imported.output.contains("imported 2 records"))
    let bad = folder + "/bad.jsonl"
    try Data("{\"objectID\":\"1\"}\nnot json\n".utf8).write(to: URL(fileURLWithPath: bad))
    let failed = try await CLI.run(["import", "--records", bad, "--directory", folder + "/new/index"])
    #expect(failed.status != 0)
    #expect(failed.error.contains("line 2"), "\(failed.error)")
    #expect(!FileManager.default.fileExists(atPath: folder + "/new/index"))
  }

  @Test("bench --writes times writes on a copy: the index directory is byte for byte as before")
  func benchWritesToACopy() async throws {
    let folder = try Self.scratch()
    defer { Self.remove(folder) }
    let directory = try await Self.importedDirectory(in: folder)
    let workloads = folder + "/w.jsonl"
    try Data(#"{"name":"W","requests":[{"indexName":"t","query":"case"}]}"#.utf8)
      .write(to: URL(fileURLWithPath: workloads))
    func contents() throws -> [String: Data] {
      var result: [String: Data] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
        result[name] = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
      }
      return result
    }
    let before = try contents()
    let outcome = try await CLI.run([
      "bench", "--records", directory, "--index", "t", "--workloads", workloads, "--writes", "5", "--runs", "1",
    ])
    #expect(outcome.status == 0, "\(outcome.error)")
    #expect(outcome.output.contains("writing to a copy of"))
    #expect(outcome.output.contains("single-record writes: 5"))
    #expect(try contents() == before)
  }
}
