// `instantsearch-open DIRECTORY WORKLOADS`: opens an index directory in a process that links the engine
// alone (no command-line parser, no server, no networking) and prints, as one JSON object, what
// `scripts/tantivy_reopen.py` prints for tantivy's index: the time to open, the resident memory before and
// right after, the first workload's first query (W1 in `scripts/durable_side_by_side.sh`), and the bytes
// on disk. The `instantsearch bench` figures are those of the whole command (server, TLS, parser); these
// are those of an app that embeds the engine, like the Python process that imports tantivy.
import Foundation
import InstantSearchEngine
import InstantSearchModel

/// Fails the probe with `message` on standard error and exit status 1.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("instantsearch-open: \(message)\n".utf8))
  exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fail("usage: instantsearch-open DIRECTORY WORKLOADS") }
let directory = arguments[1]
let workloads = arguments[2]

let request: MultipleQueriesRequest
do {
  let text = try String(contentsOfFile: workloads, encoding: .utf8)
  guard let line = text.split(separator: "\n").first(where: { !$0.allSatisfy(\.isWhitespace) }) else {
    fail("\(workloads) holds no workload")
  }
  // A workload is a multi-query request with a name, as `instantsearch bench` reads it.
  request = try MultipleQueriesRequest(json: Data(line.utf8), defaultIndex: nil)
} catch {
  fail("\(workloads): \(error)")
}

let clock = ContinuousClock()
let before = ResidentMemory.current().map { Double($0) / 1_048_576 }
let start = clock.now
let index: LocalIndex
do {
  index = try DurableIndex.readOnly(directory: directory)
} catch {
  fail("\(error)")
}
let opened = start.duration(to: clock.now)
let after = ResidentMemory.current().map { Double($0) / 1_048_576 }
let client = LocalSearchClient(indices: [index])
let queried = clock.now
let responses: [SearchResponse]
do {
  responses = try await client.search(request.queries, strategy: request.strategy)
} catch {
  fail("the first query: \(error)")
}
let first = queried.duration(to: clock.now)
let disk: Int
do {
  disk = try DurableIndex.diskSize(of: directory)
} catch {
  fail("\(error)")
}

/// `duration` in milliseconds, to a tenth.
func milliseconds(_ duration: Duration) -> String {
  let (seconds, attoseconds) = duration.components
  return String(format: "%.1f", Double(seconds) * 1_000 + Double(attoseconds) / 1e15)
}

print(
  "{\"open_ms\": \(milliseconds(opened)), \"first_w1_ms\": \(milliseconds(first)), "
    + "\"open_plus_first_w1_ms\": \(milliseconds(opened + first)), "
    + "\"rss_before_open_mb\": \(before.map { String(format: "%.1f", $0) } ?? "null"), "
    + "\"rss_after_open_mb\": \(after.map { String(format: "%.1f", $0) } ?? "null"), "
    + "\"disk_mib\": \(String(format: "%.1f", Double(disk) / 1_048_576)), "
    + "\"nbHits\": \(responses.first?.nbHits ?? 0)}")
