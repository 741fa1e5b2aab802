import Foundation
import InstantSearchModel

/// An in-process index answering Algolia's queries: the default backend of this package, also for apps
/// that must search offline.
///
/// Writes (adding, replacing, updating, deleting, loading, changing settings) are serialized and each
/// produces a new immutable view of the index; a search reads one view from start to end, so it sees the
/// index either before a write or after it, never half of it. Searches run concurrently on the caller's
/// thread.
///
/// A write costs what it changes: its records become a small segment of their own, the records they
/// replace are marked deleted in older segments, and segments of similar sizes are merged as they
/// accumulate (see `IndexView` and `MergePolicy`), the large merges on a thread of their own while
/// writes go on.
public final class LocalIndex: Sendable {
  /// The index name, as requests name it.
  public let name: String
  /// The current view; a replica reads it too.
  let current: Locked<IndexView>
  /// The replicas the settings declare, by name.
  let replicaSet = Locked<[String: LocalReplica]>([:])
  private let writer = Locked(())
  /// Runs the merges too large for a write.
  let merger = BackgroundMerger()
  /// Whether a background build of the derived tables is queued (see `LocalIndex+DerivedTables.swift`).
  let derivedTablesQueued = Locked(false)
  private let dictionaryBox = Locked<LanguageDictionaries?>(nil)

  /// The application's dictionaries (custom stop words and plurals, see ``LanguageDictionaries``) that
  /// `removeStopWords` and `ignorePlurals` read besides the standard tables; its replicas share them.
  /// ``LocalSearchClient`` and the server set them; `nil` (the default): the standard tables only.
  public var dictionaries: LanguageDictionaries? {
    get { dictionaryBox.withLock { $0 } }
    set {
      dictionaryBox.withLock { $0 = newValue }
      for replica in replicaSet.withLock({ Array($0.values) }) { replica.dictionaries = newValue }
    }
  }

  /// Creates an empty index.
  public init(name: String, settings: IndexSettings = IndexSettings()) {
    self.name = name
    current = Locked(IndexView.empty(name: name, settings: settings))
    syncReplicas(settings)
  }

  /// The current view.
  var view: IndexView { current.withLock { $0 } }

  /// The index as one snapshot: the view's only one, or its segments merged into one when it has several
  /// or deletions (for loaders that add to the records, and for tests of one snapshot's structures).
  var snapshot: IndexSnapshot {
    let view = self.view
    return view.soleSnapshot ?? view.rebuilt(settings: view.settings).segments[0].snapshot
  }

  /// The settings.
  public var settings: IndexSettings { view.settings }

  /// The number of records.
  public var recordCount: Int { view.recordCount }

  /// Answers a search query, all of its work on the caller's thread.
  ///
  /// - Throws: ``EngineError`` for invalid filters (with the column) or parameter values.
  public func search(_ query: Query) throws(EngineError) -> SearchResponse {
    try search(query, parallelism: .callerOnly)
  }

  /// Answers a search query with parts of the work on the side thread of `parallelism` when it has one
  /// and that thread is idle (see ``SearchParallelism``); the answer is the same either way.
  ///
  /// - Throws: ``EngineError`` as ``search(_:)`` does.
  public func search(_ query: Query, parallelism: SearchParallelism) throws(EngineError) -> SearchResponse {
    try ViewSearch.respond(to: query, in: view, parallelism: parallelism, dictionaries: dictionaries)
  }

  /// ``search(_:parallelism:)`` for a searcher who may see the index's `unretrievableAttributes` (when
  /// `seesUnretrievableAttributes`: Algolia's admin key, or a key with the `seeUnretrievableAttributes`
  /// ACL): the hits keep them.
  ///
  /// - Throws: ``EngineError`` as ``search(_:)`` does.
  public func search(
    _ query: Query, parallelism: SearchParallelism, seesUnretrievableAttributes: Bool
  ) throws(EngineError) -> SearchResponse {
    try search(query, parallelism: parallelism, seesUnretrievableAttributes: seesUnretrievableAttributes, as: .objects)
  }

  /// ``search(_:parallelism:seesUnretrievableAttributes:)`` with the hits in `form`: as objects, or as the
  /// JSON text a server writes out (``SearchResponse/hitsText``).
  package func search(
    _ query: Query, parallelism: SearchParallelism, seesUnretrievableAttributes: Bool, as form: HitForm
  ) throws(EngineError) -> SearchResponse {
    try ViewSearch.respond(
      to: query, in: view, parallelism: parallelism, seesUnretrievableAttributes: seesUnretrievableAttributes,
      dictionaries: dictionaries, writesHitText: form == .text)
  }

  /// The record with `objectID`, as stored.
  public func record(objectID: String) -> [String: JSON]? {
    view.record(objectID: objectID)
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

  /// Updates some attributes of a record; creates it when missing if `createIfNotExists`. Algolia's
  /// built-in operations (`{"_operation": "Increment", "value": 1}`, `Decrement`, `Add`, `AddUnique`,
  /// `Remove`, `IncrementFrom`, `IncrementSet`) apply to the current value.
  ///
  /// The read of the record and the write of the merged one are one atomic step under the writer lock:
  /// concurrent partial updates of one record, of the same or different attributes, all land.
  public func partialUpdate(objectID: String, attributes: [String: JSON], createIfNotExists: Bool = true) {
    rewrite(settings: nil) { old, codec, replacements in
      let existing = old.record(objectID: objectID)
      if existing == nil, !createIfNotExists { return }
      let object = PartialUpdate.apply(attributes, to: existing ?? ["objectID": .string(objectID)])
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
    rewrite(settings: nil) { _, _, replacements in replacements.cleared = true }
  }

  /// Applies a batch of changes and publishes the next view. `changes` reads the view it changes (the
  /// latest: writes are excluded meanwhile), so a read-modify-write inside it is atomic; the records it
  /// saves are packed with the codec it is given, the new segment's own.
  func rewrite(
    settings: IndexSettings?, _ changes: (IndexView, inout PackedCodec, inout Replacements) -> Void
  ) {
    writer.withLock { _ in
      let old = view
      var codec = PackedCodec(leadingWith: settings ?? old.settings)
      var replacements = Replacements()
      changes(old, &codec, &replacements)
      publish(old.applying(replacements, codec: codec, settings: settings))
    }
  }

  /// Replaces the settings with what `change` makes of the current ones, read and written under the writer
  /// lock (so concurrent changes of the rules, say, all land).
  func rewriteSettings(_ change: (IndexSettings) -> IndexSettings) {
    writer.withLock { _ in
      let old = view
      publish(old.applying(Replacements(), codec: PackedCodec(), settings: change(old.settings)))
    }
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

  /// Publishes a view, and queues the merges it needs that are too large for a write.
  func publish(_ next: IndexView) {
    current.withLock { $0 = next }
    published(next)
  }

  /// An index whose first view is `view` (one read from a directory), published as ``publish(_:)``
  /// publishes one, without the empty view ``init(name:settings:)`` makes first.
  init(view: IndexView) {
    name = view.name
    current = Locked(view)
    published(view)
  }

  /// What follows the publication of `view`: the replicas it declares, its merges, its derived tables.
  private func published(_ view: IndexView) {
    syncReplicas(view.settings)
    if Self.needsBackgroundMerge(view) { merger.schedule(self) }
    prepareDerivedTables(of: view)
  }

  /// Publishes a snapshot built by a loader, from records in order, as the whole index.
  func publish(_ next: IndexSnapshot) {
    publish(IndexView(snapshot: next))
  }

  /// Runs `body` with writes excluded.
  func exclusively<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
    try writer.withLock { _ throws(E) in try body() }
  }
}
