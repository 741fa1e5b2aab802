import Dispatch
import InstantSearchModel

extension LocalIndex {
  /// Applies `writes` in order as one change: one new segment for the whole batch, published at once, so
  /// a search sees the index before the batch or after all of it. A partial update sees the writes before it
  /// in the batch.
  ///
  /// - Throws: ``EngineError/invalidRecord(line:reason:)`` for a saved record without a string `objectID`
  ///   (checked before anything changes).
  public func apply(_ writes: [IndexWrite]) throws(EngineError) {
    guard !writes.isEmpty else { return }
    try Self.checkObjectIDs(writes)
    try checkReplicaSettings(writes)
    try exclusively { () throws(EngineError) in
      publish(view(after: writes))
      try applyReplicaSettings(writes)
    }
  }

  /// Throws ``EngineError/invalidRecord(line:reason:)`` for a saved record of `writes` without a string
  /// `objectID`.
  static func checkObjectIDs(_ writes: [IndexWrite]) throws(EngineError) {
    for write in writes {
      guard case .save(let records) = write else { continue }
      for (index, record) in records.enumerated() where record["objectID"]?.stringValue == nil {
        throw .invalidRecord(line: index + 1, reason: "a record needs a string objectID")
      }
    }
  }

  /// The view after `writes` (checked by ``checkObjectIDs(_:)``), not published: the caller holds the
  /// writer lock (``exclusively(_:)``) from this call to publishing it.
  func view(after writes: [IndexWrite]) -> IndexView {
    let old = view
    var settings: IndexSettings?
    var replacements = Replacements()
    // The records saved in this batch, as objects, for the partial updates after them.
    var pending: [String: [String: JSON]] = [:]
    for write in writes {
      switch write {
      case .save(let records):
        for record in records {
          let id = record["objectID"]?.stringValue ?? ""
          // Packed once the whole batch is known (see `packed`).
          replacements.save([], objectID: id)
          pending[id] = record
        }
      case .partialUpdate(let id, let attributes, let create):
        let existing: [String: JSON]?
        if let saved = pending[id] {
          existing = saved
        } else if replacements.deleted.contains(id) || replacements.cleared {
          existing = nil
        } else {
          existing = old.record(objectID: id)
        }
        if existing == nil, !create { continue }
        let object = PartialUpdate.apply(attributes, to: existing ?? ["objectID": .string(id)])
        replacements.save([], objectID: id)
        pending[id] = object
      case .delete(let ids):
        for id in ids {
          replacements.delete(objectID: id)
          pending[id] = nil
        }
      case .clear:
        replacements = Replacements()
        replacements.cleared = true
        pending = [:]
      case .settings(let newSettings):
        settings = newSettings
      case .replicaSettings:
        // The primary's records and settings stay; see ``applyReplicaSettings(_:)``.
        continue
      }
    }
    return old.applying(
      replacements, parts: Self.packed(replacements.order, pending, settings: settings ?? old.settings),
      settings: settings)
  }

  /// The records saved by a batch (`order` names them, `objects` holds each one's final version), packed:
  /// a large batch in two halves, on two threads, each with a codec of its own (two segments).
  static func packed(
    _ order: [String], _ objects: [String: [String: JSON]], settings: IndexSettings
  ) -> [IndexView.PackedPart] {
    let halves = order.count >= 2 * SnapshotBuilder.parallelBuildThreshold ? 2 : 1
    let size = (order.count + halves - 1) / halves
    let parts = Locked<[Int: IndexView.PackedPart]>([:])
    let work = { @Sendable (half: Int) in
      var part = IndexView.PackedPart(saved: [:], codec: PackedCodec(leadingWith: settings))
      for id in order[min(order.count, half * size)..<min(order.count, (half + 1) * size)] {
        if let object = objects[id] { part.saved[id] = part.codec.pack(object) }
      }
      parts.withLock { $0[half] = part }
    }
    if halves > 1 {
      DispatchQueue.concurrentPerform(iterations: halves, execute: work)
    } else {
      work(0)
    }
    return parts.withLock { made in (0..<halves).compactMap { made[$0] } }
  }
}
