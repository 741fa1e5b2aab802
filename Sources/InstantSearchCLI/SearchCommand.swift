import ArgumentParser
import Foundation
import InstantSearchCore
import InstantSearchEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `instantsearch search`: answers multi-query bodies, one a line, with `{"results":[…]}` lines.
///
/// Each line is answered as soon as it has been read, and the answer is written at once, so a client can
/// write a line and wait for its answer, and a crash can never take earlier answers with it. A line that
/// cannot be answered gets `{"message":…,"status":…}` and the next line is read.
struct SearchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "search",
    abstract: "Answer multi-query request bodies (one per line) from a records file.",
    discussion: """
      Each line is answered with one line, in order, as soon as it is read. A line longer than \
      \(SearchLimits.maximumRequestBytes) bytes is answered with status 413; other bad lines with status 400.
      """)

  @Option(help: "Records: a JSON-lines file, or a .json array.") var records: String
  @Option(help: "Index settings JSON file.") var settings: String?
  @Option(help: "The index name requests use.") var index = "catalog"
  @Option(help: "Read request bodies from this file instead of standard input.") var requests: String?

  func run() async throws {
    let local = try IndexLoading.load(records: records, settings: settings, name: index)
    let client = LocalSearchClient(indices: [local])
    var descriptor: Int32 = 0
    if let requests {
      descriptor = open(requests, O_RDONLY)
      guard descriptor >= 0 else { throw ValidationError("--requests: cannot open \(requests) (error \(errno))") }
    }
    defer { if descriptor != 0 { close(descriptor) } }
    var lines = RequestLines(descriptor: descriptor, maximumBytes: SearchLimits.maximumRequestBytes)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    while let line = try lines.next() {
      let answer: String
      switch line {
      case .tooLong(let bytes):
        answer = Self.error(
          "request body too large: \(bytes) bytes (at most \(SearchLimits.maximumRequestBytes))", status: 413)
      case .text(let bytes):
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
        answer = await Self.answer(Data(bytes), client: client, defaultIndex: index, encoder: encoder)
      }
      try FileHandle.standardOutput.write(contentsOf: Data((answer + "\n").utf8))
    }
  }

  /// The answer to one request line: results, or an error object.
  static func answer(
    _ body: Data, client: LocalSearchClient, defaultIndex: String, encoder: JSONEncoder
  ) async -> String {
    do {
      let request = try MultipleQueriesRequest(json: body, defaultIndex: defaultIndex)
      let results = try await client.search(request.queries, strategy: request.strategy)
      return String(decoding: try encoder.encode(["results": results]), as: UTF8.self)
    } catch let error as EngineError {
      return Self.error(error.description, status: error.status)
    } catch {
      return Self.error("\(error)", status: 400)
    }
  }

  /// `{"message":…,"status":…}`, as Algolia answers errors.
  static func error(_ message: String, status: Int) -> String {
    JSON.object(["message": .string(message), "status": .number(Double(status))]).description
  }
}
