import InstantSearchCore

extension DurableIndex {
  /// Folds the log into a new segment: writes and syncs the segment and an empty log of the next
  /// generation, replaces the manifest atomically, then removes the previous generation's files. A crash at
  /// any point leaves the previous commit plus its log, or the new commit; leftovers go at the next open.
  public func commit() throws(EngineError) {
    try state.withLock { state throws(EngineError) in try commitLocked(&state) }
  }

  /// ``commit()`` with the writer lock held.
  func commitLocked(_ state: inout State) throws(EngineError) {
    do throws(DurableError) {
      let generation = state.manifest.generation + 1
      let snapshot = index.snapshot
      let segmentName = Self.segmentName(generation)
      let segmentPath = directory + "/" + segmentName
      let summary = try SegmentFile.write(count: snapshot.recordCount, to: segmentPath, durability: durability) {
        doc, output in snapshot.store.withRecord(doc) { snapshot.codec.appendJSONText($0, to: &output) }
      }
      let logName = Self.logName(generation)
      let (log, leftover) = try WriteAheadLog.open(directory + "/" + logName, durability: durability)
      guard leftover.isEmpty else {
        throw .corrupt(path: directory + "/" + logName, reason: "a new log already holds writes")
      }
      var next = state.manifest
      next.generation = generation
      next.segment = snapshot.recordCount == 0 ? nil : segmentName
      next.segmentSummary = snapshot.recordCount == 0 ? SegmentFile.Summary(bytes: 0, records: 0, checksum: 0) : summary
      next.log = logName
      try PosixFile.replaceAtomically(
        directory + "/" + IndexManifest.fileName, with: next.bytes, durability: durability)
      state.manifest = next
      state.log = log
      try removeOrphans(keeping: next.files)
    } catch {
      throw .storage(error)
    }
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
