import Foundation
import InstantSearchCore

/// An in-process index answering Algolia's queries: the default backend of this package, also for apps
/// that must search offline.
///
/// Writes (adding, replacing, updating, deleting, loading, changing settings) are serialized and each
/// produces a new immutable snapshot; a search reads one snapshot from start to end, so it sees the
/// index either before a write or after it, never half of it. Searches run concurrently on the caller's
/// thread.
public final class LocalIndex: Sendable {
  /// The index name, as requests name it.
  public let name: String
  private let current: Locked<IndexSnapshot>
  private let writer = Locked(())

  /// Creates an empty index.
  public init(name: String, settings: IndexSettings = IndexSettings()) {
    self.name = name
    current = Locked(IndexSnapshot.empty(name: name, settings: settings))
  }

  var snapshot: IndexSnapshot { current.withLock { $0 } }

  /// The settings.
  public var settings: IndexSettings { snapshot.settings }

  /// The number of records.
  public var recordCount: Int { snapshot.recordCount }

  /// Answers a search query.
  ///
  /// - Throws: ``EngineError`` for invalid filters (with the column) or parameter values.
  public func search(_ query: Query) throws(EngineError) -> SearchResponse {
    let clock = ContinuousClock()
    let start = clock.now
    var response = try SearchExecutor(snapshot: snapshot, query: query).run()
    let elapsed = start.duration(to: clock.now).components
    response.processingTimeMS = Int(elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000)
    return response
  }

  /// The record with `objectID`, as stored.
  public func record(objectID: String) -> [String: JSON]? {
    let snapshot = self.snapshot
    return snapshot.doc(for: objectID).map { snapshot.record($0) }
  }

  // MARK: - Writes

  /// Replaces the settings and re-indexes the records.
  public func setSettings(_ settings: IndexSettings) {
    rewrite(settings: settings) { _, _, _ in }
  }

  /// Adds records; a record whose `objectID` exists replaces it (in place).
  ///
  /// - Throws: ``EngineError/invalidRecord(line:reason:)`` for a record without a string `objectID`,
  ///   naming its position (1-based); nothing is written then.
  public func saveRecords(_ records: [[String: JSON]]) throws(EngineError) {
    for (index, record) in records.enumerated() where record["objectID"]?.stringValue == nil {
      throw .invalidRecord(line: index + 1, reason: "a record needs a string objectID")
    }
    rewrite(settings: nil) { _, codec, replacements in
      for record in records { replacements.save(codec.pack(record), objectID: record["objectID"]?.stringValue ?? "") }
    }
  }

  /// Adds records as a sequence produces them: each one is packed as it comes, so the JSON values are never
  /// all held at once (for generated or streamed data). A record whose `objectID` exists replaces it.
  ///
  /// - Throws: ``EngineError/invalidRecord(line:reason:)`` for a record without a string `objectID`,
  ///   naming its position (1-based); the index content is left as it was then.
  public func saveRecords<S: Sequence>(streaming records: S) throws(EngineError) where S.Element == [String: JSON] {
    var invalid: Int?
    rewrite(settings: nil) { _, codec, replacements in
      for (index, record) in records.enumerated() {
        guard let objectID = record["objectID"]?.stringValue else {
          invalid = index + 1
          replacements = Replacements()
          return
        }
        replacements.save(codec.pack(record), objectID: objectID)
      }
    }
    if let invalid { throw .invalidRecord(line: invalid, reason: "a record needs a string objectID") }
  }

  /// Updates some attributes of a record; creates it when missing if `createIfNotExists`.
  ///
  /// The read of the record and the write of the merged one are one atomic step under the writer lock:
  /// concurrent partial updates of one record, of the same or different attributes, all land.
  public func partialUpdate(objectID: String, attributes: [String: JSON], createIfNotExists: Bool = true) {
    rewrite(settings: nil) { old, codec, replacements in
      let existing = old.doc(for: objectID).map { old.record($0) }
      if existing == nil, !createIfNotExists { return }
      var object = existing ?? ["objectID": .string(objectID)]
      for (key, value) in attributes where key != "objectID" { object[key] = value }
      replacements.save(codec.pack(object), objectID: objectID)
    }
  }

  /// Deletes records by `objectID`; unknown ids are ignored.
  public func deleteRecords(objectIDs: [String]) {
    rewrite(settings: nil) { _, _, replacements in
      for id in objectIDs { replacements.delete(objectID: id) }
    }
  }

  /// Deletes every record.
  public func clear() {
    writer.withLock { _ in
      let old = snapshot
      let fresh = SnapshotBuilder(name: name, settings: old.settings, codec: old.codec).build()
      current.withLock { $0 = fresh }
    }
  }

  /// Applies a batch of changes and publishes the new snapshot. `changes` reads the snapshot it changes
  /// (the latest: writes are excluded meanwhile), so a read-modify-write inside it is atomic.
  func rewrite(
    settings: IndexSettings?, _ changes: (IndexSnapshot, inout PackedCodec, inout Replacements) -> Void
  ) {
    writer.withLock { _ in
      let old = snapshot
      var codec = old.codec
      var replacements = Replacements()
      changes(old, &codec, &replacements)
      publish(rebuilt(old, settings: settings ?? old.settings, codec: codec, replacements: replacements))
    }
  }

  /// `old` with `replacements` applied (its records dropped first when `replacements.cleared`), rebuilt.
  func rebuilt(
    _ old: IndexSnapshot, settings: IndexSettings, codec: PackedCodec, replacements: Replacements
  ) -> IndexSnapshot {
    var builder = SnapshotBuilder(name: name, settings: settings, codec: codec)
    var replaced = Set<String>()
    if !replacements.cleared {
      for doc in 0..<old.recordCount {
        let id = old.objectID(doc) ?? ""
        if replacements.deleted.contains(id) { continue }
        if let new = replacements.saved[id] {
          builder.add(packed: new)
          replaced.insert(id)
        } else {
          old.store.withRecord(doc) { builder.add(packed: $0) }
        }
      }
    }
    for id in replacements.order where !replaced.contains(id) {
      if let new = replacements.saved[id] { builder.add(packed: new) }
    }
    return builder.build()
  }

  /// A batch of writes, keyed by `objectID`.
  struct Replacements {
    var saved: [String: [UInt8]] = [:]
    var order: [String] = []
    var deleted: Set<String> = []
    /// Whether the batch starts by deleting every record (those saved after the clear stay).
    var cleared = false

    mutating func save(_ packed: [UInt8], objectID: String) {
      if saved.updateValue(packed, forKey: objectID) == nil { order.append(objectID) }
      deleted.remove(objectID)
    }

    mutating func delete(objectID: String) {
      saved[objectID] = nil
      order.removeAll { $0 == objectID }
      deleted.insert(objectID)
    }
  }

  /// Publishes a snapshot built by a loader.
  func publish(_ next: IndexSnapshot) {
    current.withLock { $0 = next }
  }

  /// Runs `body` with writes excluded.
  func exclusively<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
    try writer.withLock { _ throws(E) in try body() }
  }
}
