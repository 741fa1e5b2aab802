import Dispatch
import InstantSearchModel

extension DurableIndex {

  /// Adds records; a record whose `objectID` exists replaces it. Acknowledged (returns) once logged.
  ///
  /// - Throws: ``EngineError/invalidRecord(line:reason:)`` for a record without a string `objectID` or
  ///   nesting values deeper than a JSON document may (99 levels: the log could not read it back; nothing is
  ///   written), ``EngineError/storage(_:)`` when the log cannot be written.
  public func saveRecords(_ records: [[String: JSON]]) throws(EngineError) {
    try write(.save(records))
  }

  /// Updates some attributes of a record (an atomic read-modify-write); creates it when missing if
  /// `createIfNotExists`.
  public func partialUpdate(objectID: String, attributes: [String: JSON], createIfNotExists: Bool = true)
    throws(EngineError)
  {
    try write(.partialUpdate(objectID: objectID, attributes: attributes, createIfNotExists: createIfNotExists))
  }

  /// Deletes records by `objectID`; unknown ids are ignored.
  public func deleteRecords(objectIDs: [String]) throws(EngineError) {
    try write(.delete(objectIDs))
  }

  /// Deletes every record.
  public func clear() throws(EngineError) {
    try write(.clear)
  }

  /// Replaces the settings.
  public func setSettings(_ settings: IndexSettings) throws(EngineError) {
    try write(.settings(settings))
  }

  /// Replaces the settings of replica `replica` (declared in the settings' `replicas`), durably: use this
  /// rather than ``LocalReplica/setSettings(_:)`` on an index directory's replicas, which would not be
  /// kept across a restart.
  ///
  /// - Throws: ``EngineError/indexNotFound(_:)`` for a replica the settings do not declare, and what
  ///   ``LocalReplica/setSettings(_:)`` throws.
  public func setSettings(_ settings: IndexSettings, forReplica replica: String) throws(EngineError) {
    try write(.replicaSettings(replica: replica, settings: settings))
  }

  /// The replica named `name`, to search (see ``LocalIndex/replica(named:)``).
  public func replica(named name: String) -> LocalReplica? {
    index.replica(named: name)
  }

  /// Logs `operation`, then applies it: the log's order is the order writes become visible. Acknowledged
  /// (returns) once logged to the ``durability`` asked and searchable.
  ///
  /// Concurrent writes are committed in groups: a write queues itself, and whichever writer next holds the
  /// writer lock takes every queued write — one log append, one sync, one rebuild for the whole group — so
  /// many small writes share the cost of each. The other writers sleep until their write is committed. When
  /// the log has grown past ``commitThreshold``, the leading writer then commits (see ``commit()``); a
  /// failure of that commit (a full disk) is not the write's: the write is logged and applied, so it
  /// returns normally — an error would make a client retry, and duplicate, a write that is there. The
  /// failure is kept in ``lastCommitFailure`` and the commit is tried again by the next write.
  public func write(_ operation: IndexWrite) throws(EngineError) {
    try write(contentsOf: [operation])
  }

  /// Logs and applies `operations` as one change (see ``write(_:)``): one log append, one new view, so a
  /// search sees all of them or none (a REST batch); if one fails, none is applied. A write holding a value
  /// nested deeper than a JSON document may is refused before anything is logged (the log could not read
  /// it back).
  public func write(contentsOf operations: [IndexWrite]) throws(EngineError) {
    guard !operations.isEmpty else { return }
    try LocalIndex.checkObjectIDs(operations)
    try IndexWrite.checkNesting(operations)
    let waiting = Waiting(operations)
    let isLeader = queue.withLock { queue in
      queue.pending.append(waiting)
      defer { queue.hasLeader = true }
      return !queue.hasLeader
    }
    if isLeader {
      let commitDue = state.withLock { state in lead(&state) }
      // The commit writes its segment without the writer lock: the other writers go on meanwhile.
      if commitDue, waiting.failure == nil {
        do throws(EngineError) {
          try commit()
          commitFailure.withLock { $0 = nil }
        } catch {
          commitFailure.withLock { $0 = error }
        }
      }
    } else {
      waiting.done.wait()
    }
    if let failure = waiting.failure { throw failure }
  }

  /// Commits the queued writes, a group at a time, until none is left: each group is one log append (and
  /// sync), one rebuild, then every writer of the group is woken. Runs with the writer lock held; returns
  /// whether the log has grown past ``commitThreshold``.
  private func lead(_ state: inout State) -> Bool {
    while true {
      let group = queue.withLock { queue in
        defer { queue.pending = [] }
        if queue.pending.isEmpty { queue.hasLeader = false }
        return queue.pending
      }
      guard !group.isEmpty else { return state.log.size > commitThreshold }
      let failure = applyGroup(group.flatMap(\.writes), state: &state)
      for waiting in group {
        waiting.failure = failure
        waiting.done.signal()
      }
    }
  }

  /// Logs and applies a group of writes with the writer lock held; returns the failure of the group, if
  /// any (nothing of it is applied then).
  ///
  /// The log's bytes are encoded on one thread while the next view is built on another; the view is
  /// published only once the log holds the writes.
  private func applyGroup(_ writes: [IndexWrite], state: inout State) -> EngineError? {
    do throws(EngineError) {
      // A write may read the stored records (a partial update, a rebuild): never ones that failed.
      if let failure = index.view.storageFailure() { throw .storage(failure) }
      try LocalIndex.checkObjectIDs(writes)
      try index.checkReplicaSettings(writes)
    } catch {
      return error
    }
    let failure = index.exclusively { () -> EngineError? in
      let payloads = Locked<[[UInt8]]>([])
      let next = Locked<IndexView?>(nil)
      let index = self.index
      let work = { @Sendable (part: Int) in
        if part == 0 {
          let encoded = writes.map(\.payload)
          payloads.withLock { $0 = encoded }
        } else {
          let view = index.view(after: writes)
          next.withLock { $0 = view }
        }
      }
      // A small group is done in turn: waking a thread would cost more than it saves.
      let records = writes.reduce(0) { count, write in
        if case .save(let saved) = write { return count + saved.count }
        return count + 1
      }
      if records >= 256 {
        DispatchQueue.concurrentPerform(iterations: 2, execute: work)
      } else {
        work(0)
        work(1)
      }
      do throws(DurableError) {
        try state.log.append(payloads.withLock { $0 })
      } catch {
        return .storage(error)
      }
      if let view = next.withLock({ $0 }) { index.publish(view) }
      do throws(EngineError) {
        // Checked before logging: only a bug could make this fail.
        try index.applyReplicaSettings(writes)
      } catch {
        return error
      }
      return nil
    }
    if let failure { return failure }
    state.manifest.record(writes)
    state.appendsSinceCheckpoint += 1
    if checkpointDue(state) {
      do throws(DurableError) {
        try checkpoint(&state)
      } catch {
        // The writes are logged and applied: the next append records the size again.
        commitFailure.withLock { $0 = .storage(error) }
      }
    }
    return nil
  }
}
