import ArgumentParser
import Foundation
import InstantSearchCore
import InstantSearchEngine

/// `instantsearch bench`: loads records and times workloads (multi-query bodies) against the engine.
struct BenchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench", abstract: "Time workloads against the embedded engine and print medians.")

  @Option(help: "Records: a JSON-lines file, a JSON array, or an index directory (made by import).")
  var records: String
  @Option(help: "Index settings JSON file for a records file (an index directory keeps its own).")
  var settings: String?
  @Option(help: "Workloads: one {\"name\", \"requests\"} object a line.") var workloads: String
  @Option(help: "Timed runs per workload, after one warm-up.") var runs = 30
  @Option(help: "The index name the workloads use.") var index = "catalog"
  @Flag(help: "Print the results as JSON too.") var json = false
  @Option(
    help:
      "With an index directory: time this many single-record writes after the workloads (on a copy of the directory: yours is not changed)."
  )
  var writes = 0
  @Option(help: "With an index directory: time saving one batch of this many records (replacing existing ones).")
  var batch = 0
  @Option(
    help: "With an index directory: replace every record this many times (in batches of 10,000), then report the space."
  )
  var churn = 0
  @Option(help: "With --writes: how many threads write at once (their writes are committed in groups).")
  var writers = 1
  @Option(
    help: "Also time the workloads on a replica sorted by this criterion (such as asc(price)), and report its memory."
  )
  var replica: String?
  @Flag(help: "With --replica: a virtual replica (Relevant Sort) with the criterion as its custom ranking.")
  var virtual = false
  @Flag(
    inversion: .prefixedNo,
    help:
      "Give the searches a side thread (the default, as LocalSearchClient's); --no-side-thread runs each on the calling thread alone, as `serve` does."
  )
  var sideThread = true

  func validate() throws {
    if virtual, replica == nil { throw ValidationError("--virtual applies to --replica") }
    if writers != 1, writes == 0 { throw ValidationError("--writers applies to --writes") }
    guard runs >= 1, runs <= 100_000 else { throw ValidationError("--runs must be between 1 and 100,000") }
  }

  /// Whether the run writes (to a copy of the index directory).
  var writesAnything: Bool { writes > 0 || batch > 0 || churn > 0 }

  func run() async throws {
    // Everything the run needs is checked before the records are loaded.
    let workloadLines = try Workloads.read(workloads)
    let isDirectory = try IndexLoading.isIndexDirectory(records)
    if writesAnything, !isDirectory {
      throw CommandError(
        "--writes, --batch and --churn time writes to an index directory; \(records) is a records file (build a directory with instantsearch import)"
      )
    }
    let clock = ContinuousClock()
    print("resident memory before loading: \(ResidentMemory.current().map { "\($0 / 1_048_576) MB" } ?? "unknown")")
    let start = clock.now
    var durable: DurableIndex?
    var copy: String?
    defer { if let copy { Workloads.removeCopy(copy) } }
    // Writes go to a copy of the directory: timing them must not change the user's index. Timing only
    // searches reads the directory without changing it.
    if writesAnything {
      try IndexLoading.checkName(index, of: records)
      let copied = try Workloads.copyDirectory(records)
      copy = copied
      print("writing to a copy of \(records) in \(copied) (removed at the end)")
      durable = try DurableIndex(directory: copied, name: index)
    }
    let local = try durable?.index ?? IndexLoading.load(records: records, settings: settings, name: index)
    let loadTime = start.duration(to: clock.now)
    let resident = ResidentMemory.current()
    let client = LocalSearchClient(indices: [local], parallelism: sideThread ? .sideThread() : .callerOnly)
    // The index's first query right after opening, before anything is printed: the storage table below
    // makes structures of its own and takes milliseconds, while work opening left to other threads (the
    // records' verification) would go on unseen.
    let first = try await timeFirstQuery(workloadLines, client)
    print("records: \(local.recordCount)")
    print("load + index: \(Self.milliseconds(loadTime)) ms")
    print("resident memory after loading: \(resident.map { "\($0 / 1_048_576) MB" } ?? "unknown")")
    if let first {
      print(
        "open + first \(first.name) query: \(Self.milliseconds(loadTime + first.time)) ms (first query "
          + "\(Self.milliseconds(first.time)) ms)")
    }
    printStorage(of: local, label: "index storage")
    if isDirectory {
      print("index directory: \(try DurableIndex.diskSize(of: records) / 1_048_576) MB on disk")
    }

    var rows = try await timeWorkloads(workloadLines, client)
    if let replica { rows += try await timeReplica(replica, of: local, client: client, workloads: workloadLines) }
    if let durable {
      if writes > 0 { try timeWrites(durable) }
      if batch > 0 { try timeBatch(durable) }
      if churn > 0 { try measureChurn(durable) }
      local.waitForMerges()
      let view = local.segmentSummary
      print("after the writes: \(view.segments) segment(s), \(view.deleted) deleted record(s) kept")
      rows += try await timeWorkloads(workloadLines, client, suffix: " after writes")
    }
    // Some structures are made by the first query that needs them (a numeric attribute's range codes).
    printStorage(of: local, label: "index storage after the workloads")
    printLanguageTables()
    if json {
      let summary: JSON = [
        "records": .number(Double(local.recordCount)), "loadMs": .number(Self.millisecondsValue(loadTime)),
        "residentBytes": resident.map { .number(Double($0)) } ?? .null, "workloads": .array(rows),
      ]
      print(summary)
    }
  }

  /// Prints the bytes each part of `local` holds, in MB (rounded down; parts under a megabyte to a tenth).
  func printStorage(of local: LocalIndex, label: String) {
    let parts = local.storageStatistics.sorted { $0.key < $1.key }.map { part in
      let megabytes = Double(part.value) / 1_048_576
      return megabytes >= 1 || part.value == 0
        ? "\(part.key) \(part.value / 1_048_576) MB" : "\(part.key) \((megabytes * 10).rounded(.down) / 10) MB"
    }
    print("\(label): " + parts.joined(separator: ", "))
  }

  /// Prints the language tables the workloads made the engine read (none without language settings), and
  /// the resident memory now.
  func printLanguageTables() {
    let tables = LanguageTables.loaded.map { table in
      "\(table.language) \(table.kind) (\(table.words) words, \(table.bytes / 1024) KB)"
    }
    print("language tables read: " + (tables.isEmpty ? "none" : tables.joined(separator: ", ")))
    print(
      "resident memory after the workloads: \(ResidentMemory.current().map { "\($0 / 1_048_576) MB" } ?? "unknown")")
  }

  /// The first workload's first request, timed: right after opening, the index's first query (what a
  /// user waits for a freshly opened index to answer, added to the time to open). `nil` without workloads.
  func timeFirstQuery(_ lines: [Workloads.Line], _ client: LocalSearchClient) async throws
    -> (name: String, time: Duration)?
  {
    guard let line = lines.first else { return nil }
    let body = try line.request(defaultIndex: index)
    let clock = ContinuousClock()
    let start = clock.now
    _ = try await client.search(body.queries, strategy: body.strategy)
    return (line.name, start.duration(to: clock.now))
  }

  /// Times every workload `runs` times after one warm-up, prints a row for each and returns them.
  func timeWorkloads(
    _ lines: [Workloads.Line], _ client: LocalSearchClient, suffix: String = "", on replica: String? = nil
  ) async throws -> [JSON] {
    let clock = ContinuousClock()
    var rows: [JSON] = []
    print("workload  median ms    p90 ms   nbHits per request" + suffix)
    for (name, body) in try lines.map({ line in (line.name, try line.request(defaultIndex: index)) }) {
      let queries = body.queries.map { query in
        replica.map { IndexedQuery(indexName: $0, query: query.query) } ?? query
      }
      var responses = try await client.search(queries, strategy: body.strategy)
      var samples: [Duration] = []
      for _ in 0..<max(1, runs) {
        let begin = clock.now
        responses = try await client.search(queries, strategy: body.strategy)
        samples.append(begin.duration(to: clock.now))
      }
      samples.sort()
      let median = samples[samples.count / 2]
      let p90 = NearestRank.percentile(0.9, of: samples) ?? median
      let hits = responses.map(\.nbHits)
      print(
        name.padding(toLength: 9, withPad: " ", startingAt: 0)
          + Self.milliseconds(median).leftPadded(10) + Self.milliseconds(p90).leftPadded(10) + "   "
          + hits.map(String.init).joined(separator: ", "))
      rows.append([
        "name": .string(name + suffix), "medianMs": .number(Self.millisecondsValue(median)),
        "p90Ms": .number(Self.millisecondsValue(p90)), "nbHits": .array(hits.map { .number(Double($0)) }),
      ])
    }
    return rows
  }

  static func millisecondsValue(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return (Double(seconds) * 1000 + Double(attoseconds) / 1e15 * 1000 / 1000)
  }

  static func milliseconds(_ duration: Duration) -> String {
    let value = millisecondsValue(duration)
    return String(format: "%.3f", value)
  }
}

extension String {
  func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
