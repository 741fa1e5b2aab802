import ArgumentParser
import Foundation
import InstantSearchCore
import InstantSearchEngine

/// `instantsearch search`: answers multi-query bodies, one a line, with `{"results":[…]}` lines.
struct SearchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "search", abstract: "Answer multi-query request bodies (one per line) from a records file.")

  @Option(help: "Records: a JSON-lines file, or a .json array.") var records: String
  @Option(help: "Index settings JSON file.") var settings: String?
  @Option(help: "The index name requests use.") var index = "catalog"
  @Option(help: "Read request bodies from this file instead of standard input.") var requests: String?

  func run() async throws {
    let local = try IndexLoading.load(records: records, settings: settings, name: index)
    let client = LocalSearchClient(indices: [local])
    let input: String
    if let requests {
      input = try String(contentsOfFile: requests, encoding: .utf8)
    } else {
      input = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    for line in input.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
      do {
        let body = try RequestBody(json: Data(line.utf8), defaultIndex: index)
        let results = try await client.search(body.queries, strategy: body.strategy)
        let data = try encoder.encode(["results": results])
        print(String(decoding: data, as: UTF8.self))
      } catch let error as EngineError {
        print(JSON.object(["message": .string(error.description), "status": .number(Double(error.status))]))
      } catch {
        print(JSON.object(["message": .string("\(error)"), "status": 400]))
      }
    }
  }
}
