import InstantSearchCore

extension DurableIndex {
  /// Folds the logs into a new segment without holding writes back for long:
  ///
  /// 1. with the writer lock, a new log starts and the manifest names it after the current ones, and the
  ///    index's current content is taken (writes after this go to the new log);
  /// 2. without it, the segment of that content is written and synced — writers go on meanwhile;
  /// 3. with it again, the manifest names the new segment and the new log only, and the old files go.
  ///
  /// A crash in step 2 leaves the previous segment and every log, replayed at the next open; one after step
  /// 3 leaves the new commit. Leftovers are removed at the next open. One commit runs at a time.
  public func commit() throws(EngineError) {
    try commitLock.withLock { _ throws(EngineError) in
      do throws(DurableError) {
        let (view, generation, newLog) = try state.withLock { state throws(DurableError) in
          try rotate(&state)
        }
        let segmentName = Self.segmentName(generation)
        let summary = try writeSegment(view, named: segmentName)
        try state.withLock { state throws(DurableError) in
          var next = state.manifest
          next.generation = generation
          next.segment = view.recordCount == 0 ? nil : segmentName
          next.segmentSummary = summary
          next.logs = Array(state.manifest.logs.drop { $0 != newLog })
          try install(next, into: &state)
        }
      } catch {
        throw .storage(error)
      }
    }
  }

  /// ``commit()`` with the writer lock held all along (for a change that is not logged, such as an import):
  /// writes wait until the new commit is installed.
  func commitLocked(_ state: inout State) throws(EngineError) {
    do throws(DurableError) {
      let (view, generation, newLog) = try rotate(&state)
      let segmentName = Self.segmentName(generation)
      var next = state.manifest
      next.segmentSummary = try writeSegment(view, named: segmentName)
      next.generation = generation
      next.segment = view.recordCount == 0 ? nil : segmentName
      next.logs = [newLog]
      try install(next, into: &state)
    } catch {
      throw .storage(error)
    }
  }

  /// Starts the next generation's log, names it in the manifest after the current logs, and returns the
  /// content the commit will write, the generation and the new log's name.
  private func rotate(_ state: inout State) throws(DurableError) -> (IndexView, Int, String) {
    let generation = state.manifest.generation + 1
    let logName = Self.logName(generation)
    let (log, leftover) = try WriteAheadLog.open(directory + "/" + logName, durability: durability)
    guard leftover.isEmpty else {
      throw .corrupt(path: directory + "/" + logName, reason: "a new log already holds writes")
    }
    var rotated = state.manifest
    rotated.logs.append(logName)
    try PosixFile.replaceAtomically(
      directory + "/" + IndexManifest.fileName, with: rotated.bytes, durability: durability)
    state.manifest = rotated
    state.log = log
    return (index.view, generation, logName)
  }

  /// Writes the live records of `view`, in sequence order, as the segment `name` (an empty index needs
  /// none): reopened, they get the same ranking ties.
  private func writeSegment(_ view: IndexView, named name: String) throws(DurableError) -> SegmentFile.Summary {
    guard view.recordCount > 0 else { return SegmentFile.Summary(bytes: 0, records: 0, checksum: 0) }
    var order: [(segment: UInt32, doc: UInt32)] = []
    order.reserveCapacity(view.recordCount)
    view.forEachLiveRecord { order.append((UInt32($0), UInt32($1))) }
    return try SegmentFile.write(count: order.count, to: directory + "/" + name, durability: durability) {
      number, output in
      let snapshot = view.segments[Int(order[number].segment)].snapshot
      snapshot.store.withRecord(Int(order[number].doc)) { snapshot.codec.appendJSONText($0, to: &output) }
    }
  }

  /// Replaces the manifest with `next` and removes the files it no longer names.
  private func install(_ next: IndexManifest, into state: inout State) throws(DurableError) {
    var next = next
    next.settings = state.manifest.settings
    try PosixFile.replaceAtomically(directory + "/" + IndexManifest.fileName, with: next.bytes, durability: durability)
    state.manifest = next
    try removeOrphans(keeping: next.files)
  }

  /// Removes the directory's files that `keeping` does not name (leftovers of a crash or of a commit).
  func removeOrphans(keeping: Set<String>) throws(DurableError) {
    for name in try PosixFile.list(directory) where !keeping.contains(name) {
      guard name.hasPrefix("segment-") || name.hasPrefix("log-") || name.hasSuffix(".tmp") else { continue }
      try PosixFile.remove(directory + "/" + name)
    }
  }

  /// The files of the directory, for tests and tools.
  func files() throws(DurableError) -> [String] {
    try PosixFile.list(directory).sorted()
  }
}
