import Foundation
import InstantSearchEngine
import InstantSearchLanguageData
import InstantSearchModel

/// The indices a server serves: each an index directory below the data directory (or in memory without
/// one), created by its first write, with its replicas; and the task numbers writes are answered with.
///
/// A write is applied (and, with a data directory, logged) before it is answered, so its task is
/// published as soon as its number is given out.
public final class IndexStore: Sendable {
  /// Where the index directories are (`nil`: in memory).
  public let directory: String?
  /// Searches the indices and their replicas, each search on the thread that answers its request: a
  /// server's cores go to its concurrent requests. A side thread per search (the engine's default) was
  /// measured to cost here without paying back: 15–20% more CPU per search under 8 connections, and no
  /// lower latency even with one connection at a time.
  public let client = LocalSearchClient(parallelism: .callerOnly)
  let entries = Locked<[String: Entry]>([:])
  private let lastTask = Locked(0)
  private let writer = Locked(())
  /// The allowed sources (see `IndexStore+Sources.swift`).
  let allowedSources = Locked<[AllowedSource]>([])
  /// The searches and Insights events analytics read.
  let analytics: AnalyticsStore
  /// What `/metrics` reports.
  let metrics = ServerMetrics()
  /// The writes waiting for or holding an index's writer.
  private let inFlight = Locked(0)
  /// The writes waiting for or holding an index's writer now.
  var writesInFlight: Int { inFlight.withLock { $0 } }

  struct Entry: Sendable {
    let index: LocalIndex
    let durable: DurableIndex?
    /// When the index was created.
    var createdAt: Date
    /// When a write last changed it.
    var updatedAt: Date
    /// How long its last write took to apply.
    var lastBuild: Duration = .zero
  }

  /// Opens every index directory below `directory` (created when missing), or starts empty in memory.
  ///
  /// - Parameters:
  ///   - directory: the data directory, one index directory in it per index (`nil`: in memory).
  ///   - recover: open an index whose log lost acknowledged writes (missing, cut short, damaged)
  ///     with what is left, and log what was dropped (see `DurableIndex/recoveryReport`); without it,
  ///     such an index is an error and the server does not start.
  /// - Throws: `DurableError` for a damaged index directory, naming it.
  public init(directory: String?, recover: Bool = false) throws {
    // The server answers decompounding and transliteration settings: its language tables are installed.
    InstantSearchLanguageData.install()
    self.directory = directory
    if let directory { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
    analytics = try AnalyticsStore(directory: directory)
    guard let directory else { return }
    try loadDictionaries()
    try loadSources()
    let created = try storedCreationDates()
    for folder in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() {
      let path = directory + "/" + folder
      guard FileManager.default.fileExists(atPath: path + "/manifest"),
        let name = folder.removingPercentEncoding
      else { continue }
      let durable = try DurableIndex(directory: path, name: name, recover: recover)
      for line in durable.recoveryReport {
        APIError.log.warning("\(name): recovered without lost writes: \(line)")
      }
      if durable.droppedTailBytes > 0 {
        APIError.log.warning(
          "\(name): the last \(durable.droppedTailBytes) bytes of its log were a torn write and were dropped")
      }
      client.register(durable.index)
      // An index older than `.indexes.json`, or a directory whose files' dates do not read: the time its
      // manifest last changed, else now.
      let changed = Self.newestChange(in: path) ?? Date()
      let entry = Entry(
        index: durable.index, durable: durable, createdAt: created[name] ?? changed, updatedAt: changed)
      entries.withLock { $0[name] = entry }
    }
  }

  /// The index named `name`, if it exists.
  public func index(named name: String) -> LocalIndex? {
    entries.withLock { $0[name]?.index }
  }

  /// The names of the indices, sorted.
  public var indexNames: [String] { entries.withLock { $0.keys.sorted() } }

  /// The newest task number given out.
  public var newestTask: Int { lastTask.withLock { $0 } }

  /// Gives out the next task number (for a change applied and stored already).
  func takeTask() -> Int {
    lastTask.withLock { task in
      task += 1
      return task
    }
  }

  /// Applies `writes` to index `name` (created when missing) in order, as one change, and returns their
  /// task number.
  ///
  /// - Throws: `EngineError/invalidParameter(_:)` for a replica's name (records change through the
  ///   primary), and what the writes throw (nothing after the first failing write is applied).
  ///
  /// Only finding or creating the index is serialized across indices; the writes themselves go to the
  /// index, whose own writer lock orders them (and groups a directory's concurrent writes into one log
  /// append). A task number is given out once its writes are applied, so every number up to the newest
  /// is published.
  @discardableResult
  public func write(_ writes: [IndexWrite], to name: String) throws(EngineError) -> Int {
    inFlight.withLock { $0 += 1 }
    defer { inFlight.withLock { $0 -= 1 } }
    let target = try writer.withLock { _ throws(EngineError) -> Entry in
      if client.replica(named: name) != nil {
        throw .invalidParameter("cannot write to \(name): it is a replica, records change through its primary")
      }
      return try entry(named: name)
    }
    // One change: a search sees the whole batch or none of it.
    let clock = ContinuousClock()
    let started = clock.now
    if let durable = target.durable { try durable.write(contentsOf: writes) } else { try target.index.apply(writes) }
    let took = clock.now - started
    metrics.observeWrite(index: name, took: took)
    entries.withLock {
      $0[name]?.updatedAt = Date()
      $0[name]?.lastBuild = took
    }
    return lastTask.withLock { task in
      task += 1
      return task
    }
  }

  /// Deletes index `name` and its files; returns the task number (deleting a missing index is not an
  /// error, as on Algolia).
  public func deleteIndex(_ name: String) throws(EngineError) -> Int {
    try writer.withLock { _ throws(EngineError) in
      let removed = entries.withLock { $0.removeValue(forKey: name) }
      if removed != nil { try storeCreationDates(entries.withLock { $0.mapValues(\.createdAt) }) }
      if let entry = removed, let durable = entry.durable {
        do {
          try FileManager.default.removeItem(atPath: durable.directory)
        } catch {
          // The answer names no path (see APIError); the log gets the directory and the system's code.
          throw .storage(
            .io(
              path: durable.directory, operation: "remove the index's files",
              message: "system error \((error as NSError).code)"))
        }
      }
      client.unregister(name)
      return lastTask.withLock { task in
        task += 1
        return task
      }
    }
  }

  /// Commits every index directory's logged writes into segments (at shutdown).
  public func commitAll() throws(EngineError) {
    for entry in entries.withLock({ Array($0.values) }) { try entry.durable?.commit() }
  }

  /// The entry of `name`, created (empty, default settings) when missing.
  private func entry(named name: String) throws(EngineError) -> Entry {
    if let known = entries.withLock({ $0[name] }) { return known }
    do {
      try IndexName.check(name)
    } catch {
      throw .invalidParameter(error.message)
    }
    // Whole milliseconds, as the list writes it and `.indexes.json` keeps it.
    let now = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    var entry = Entry(index: LocalIndex(name: name), durable: nil, createdAt: now, updatedAt: now)
    if let directory {
      do throws(DurableError) {
        let durable = try DurableIndex(directory: directory + "/" + IndexName.folder(name), name: name)
        entry = Entry(index: durable.index, durable: durable, createdAt: now, updatedAt: now)
      } catch {
        throw .storage(error)
      }
    }
    let dates = entries.withLock { $0.mapValues(\.createdAt) }.merging([name: now]) { _, new in new }
    try storeCreationDates(dates)
    client.register(entry.index)
    entries.withLock { $0[name] = entry }
    return entry
  }
}
