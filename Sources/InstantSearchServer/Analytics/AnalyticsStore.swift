import DequeModule
import Foundation
import InstantSearchEngine
import InstantSearchModel

/// The searches and Insights events analytics are computed from, kept in the data directory as lines of
/// JSON — `.searches.jsonl` (each search written before it is answered, in the system's hands: a killed
/// server keeps it) and `.events.jsonl` (each batch synced before `POST /1/events` is answered) — or in
/// memory without one. The newest ``maximumRecords`` of each are kept (some 100 MB for the searches at
/// most); a file past twice that is rewritten with those when the server opens.
final class AnalyticsStore: Sendable {
  /// The most searches, and the most events, kept: 100,000 each.
  static let maximumRecords = 100_000

  let directory: String?
  private let searchList = Locked<Deque<SearchRecord>>([])
  private let eventList = Locked<Deque<InsightsEventRecord>>([])
  /// The searches' log, kept open: a search costs one `write`.
  private let searchLog: LineFile.Appender?

  var searchesPath: String? { directory.map { $0 + "/.searches.jsonl" } }
  var eventsPath: String? { directory.map { $0 + "/.events.jsonl" } }

  /// The searches and events kept in `directory` (none without one).
  ///
  /// - Throws: `DurableError` for a file that cannot be read, or a line that is not a record (naming the
  ///   file and the line): nothing is dropped silently.
  init(directory: String?) throws {
    self.directory = directory
    if let path = directory.map({ $0 + "/.searches.jsonl" }) {
      let searches = try Self.read(path) { SearchRecord(stored: $0) }
      searchList.withLock { $0 = Deque(searches) }
      searchLog = try LineFile.Appender(path: path)
    } else {
      searchLog = nil
    }
    if let path = directory.map({ $0 + "/.events.jsonl" }) {
      let events = try Self.read(path) { json -> InsightsEventRecord? in
        do {
          return try InsightsEventRecord(json, now: Int64(json["timestamp"]?.doubleValue ?? 0))
        } catch {
          return nil
        }
      }
      eventList.withLock { $0 = Deque(events) }
    }
  }

  /// The searches kept, oldest first.
  var searches: [SearchRecord] { searchList.withLock { Array($0) } }
  /// How many searches are kept.
  var searchCount: Int { searchList.withLock { $0.count } }
  /// How many events are kept.
  var eventCount: Int { eventList.withLock { $0.count } }
  /// The events kept, oldest first.
  var events: [InsightsEventRecord] { eventList.withLock { Array($0) } }

  /// Records a search (written to the log first).
  func record(_ search: SearchRecord) throws(EngineError) {
    var line: [UInt8] = []
    search.json.appendText(to: &line)
    try searchList.withLock { (list: inout Deque<SearchRecord>) throws(EngineError) in
      do throws(DurableError) {
        try searchLog?.append(line, durability: .process)
      } catch {
        throw .storage(error)
      }
      list.append(search)
      if list.count > Self.maximumRecords { list.removeFirst() }
    }
  }

  /// Records a batch of events (synced to the log first).
  func record(_ events: [InsightsEventRecord]) throws(EngineError) {
    try eventList.withLock { (list: inout Deque<InsightsEventRecord>) throws(EngineError) in
      if let path = eventsPath { try Self.append(events.map(\.json), to: path, durability: .full) }
      list.append(contentsOf: events)
      if list.count > Self.maximumRecords { list.removeFirst(list.count - Self.maximumRecords) }
    }
  }

  /// Forgets every event and search of `userToken` (Algolia's `DELETE /1/usertokens/{userToken}`), the
  /// logs rewritten without them.
  func forget(userToken: String) throws(EngineError) {
    try eventList.withLock { (list: inout Deque<InsightsEventRecord>) throws(EngineError) in
      let kept = list.filter { $0.userToken != userToken && $0.authenticatedUserToken != userToken }
      if let path = eventsPath { try Self.rewrite(path, kept.map(\.json)) }
      list = Deque(kept)
    }
    // The open log is replaced by its rewrite: later appends must go to the new file, so the rewrite
    // happens under the list's lock, which appends take too, and the appender reopens it.
    try searchList.withLock { (list: inout Deque<SearchRecord>) throws(EngineError) in
      let kept = list.filter { $0.user != userToken }
      if let path = searchesPath { try Self.rewrite(path, kept.map(\.json)) }
      do throws(DurableError) {
        try searchLog?.reopen()
      } catch {
        throw .storage(error)
      }
      list = Deque(kept)
    }
  }

  private static func append(_ records: [JSON], to path: String, durability: Durability) throws(EngineError) {
    do throws(DurableError) {
      try LineFile.append(
        records.map { record in
          var line: [UInt8] = []
          record.appendText(to: &line)
          return line
        }, to: path, durability: durability)
    } catch {
      throw .storage(error)
    }
  }

  private static func rewrite(_ path: String, _ records: [JSON]) throws(EngineError) {
    var bytes: [UInt8] = []
    for record in records {
      record.appendText(to: &bytes)
      bytes.append(10)
    }
    do throws(DurableError) {
      try SmallFile.replace(path, with: bytes)
    } catch {
      throw .storage(error)
    }
  }

  /// The records of the file at `path`, the newest ``maximumRecords``.
  private static func read<Record>(_ path: String, _ record: (JSON) -> Record?) throws -> [Record] {
    // The server is the directory's one writer: a line a crash cut short (never acknowledged) is cut off,
    // so that the next append starts a line of its own.
    let dropped = try LineFile.cutTornTail(path)
    if dropped > 0 { APIError.log.warning("\(path): a last line cut short (\(dropped) bytes) was dropped") }
    let (lines, _) = try LineFile.lines(path)
    if lines.count > 2 * maximumRecords {
      var kept: [UInt8] = []
      for line in lines.suffix(maximumRecords) {
        kept += line
        kept.append(10)
      }
      try SmallFile.replace(path, with: kept)
    }
    var records: [Record] = []
    for (number, line) in lines.enumerated().dropFirst(max(0, lines.count - maximumRecords)) {
      let json: JSON
      do {
        json = try JSONDecoder().decodeBounded(JSON.self, from: Data(line))
      } catch {
        throw DurableError.corrupt(path: path, reason: "line \(number + 1) is not JSON: \(error)")
      }
      guard let read = record(json) else {
        throw DurableError.corrupt(path: path, reason: "line \(number + 1) is not a record")
      }
      records.append(read)
    }
    return records
  }
}
