import InstantSearchModel

extension DurableIndex {
  /// The commits made since the directory was opened: how many, their total and last durations (writing
  /// the new segments — merging the logged writes into them — and installing the manifest).
  public struct CommitStatistics: Sendable, Hashable {
    /// The commits that completed.
    public internal(set) var count = 0
    /// Their durations, added up.
    public internal(set) var total: Duration = .zero
    /// The last one's duration.
    public internal(set) var last: Duration = .zero

    mutating func record(_ duration: Duration) {
      count += 1
      total += duration
      last = duration
    }
  }

  /// The commits made since the directory was opened.
  public var commitStatistics: CommitStatistics { commits.withLock { $0 } }

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
      let clock = ContinuousClock()
      let started = clock.now
      do throws(DurableError) {
        let (view, generation, newLog, known) = try state.withLock { state throws(DurableError) in
          let (view, generation, newLog) = try rotate(&state)
          return (view, generation, newLog, state.images)
        }
        let (segments, images) = try writeSegments(view, generation: generation, known: known)
        try state.withLock { state throws(DurableError) in
          var next = state.manifest
          next.generation = generation
          next.segments = segments
          next.nextSequence = view.nextSequence
          next.logs = Array(state.manifest.logs.drop { $0 != newLog })
          try install(next, images: images, into: &state)
        }
      } catch {
        throw .storage(error)
      }
      commits.withLock { $0.record(clock.now - started) }
    }
  }

  /// ``commit()`` with the writer lock held all along (for a change that is not logged, such as an import):
  /// writes wait until the new commit is installed.
  func commitLocked(_ state: inout State) throws(EngineError) {
    do throws(DurableError) {
      let (view, generation, newLog) = try rotate(&state)
      let (segments, images) = try writeSegments(view, generation: generation, known: state.images)
      var next = state.manifest
      next.generation = generation
      next.segments = segments
      next.nextSequence = view.nextSequence
      next.logs = [newLog]
      try install(next, images: images, into: &state)
    } catch {
      throw .storage(error)
    }
  }

  /// Starts the next generation's log, names it in the manifest after the current logs, and returns the
  /// content the commit will write, the generation and the new log's name.
  private func rotate(_ state: inout State) throws(DurableError) -> (IndexView, Int, String) {
    // A commit writes records read from the stored segments: never ones that failed their checksum.
    if let failure = index.view.storageFailure() { throw failure }
    // Past every log the manifest names: a commit that rotated and then failed (a full disk) left its log
    // named, holding the writes since; the next generation must not reuse that name.
    let generation = max(state.manifest.generation, state.manifest.highestLogGeneration) + 1
    let logName = Self.logName(generation)
    let (log, leftover) = try WriteAheadLog.open(directory + "/" + logName, durability: durability)
    guard leftover.isEmpty else {
      throw .corrupt(path: directory + "/" + logName, reason: "a new log already holds writes")
    }
    var rotated = state.manifest
    // The current log is complete: the manifest records all of it.
    if let current = rotated.logs.last { rotated.logBytes[current] = state.log.size }
    rotated.logs.append(logName)
    try PosixFile.replaceAtomically(
      directory + "/" + IndexManifest.fileName, with: rotated.bytes, durability: durability)
    state.manifest = rotated
    state.log = log
    state.appendsSinceCheckpoint = 0
    return (index.view, generation, logName)
  }

  /// Writes the image of each segment of `view` that has none on disk yet (`known`), and the deleted
  /// records of each segment that has some; returns what the manifest names and the images on disk.
  private func writeSegments(_ view: IndexView, generation: Int, known: [StoredImage]) throws(DurableError)
    -> ([IndexManifest.StoredSegment], [StoredImage])
  {
    var stored: [IndexManifest.StoredSegment] = []
    var images: [StoredImage] = []
    for (position, segment) in view.segments.enumerated() where segment.liveCount > 0 {
      let image: StoredImage
      let source = segment.snapshot.imageSource ?? segment.snapshot
      if let existing = known.first(where: { $0.snapshot === source }) {
        image = existing
      } else {
        let name = "segment-\(generation)-\(position).seg"
        let bytes = try SnapshotImage.write(
          segment, to: directory + "/" + name, durability: durability, textPostings: textPostings)
        image = StoredImage(snapshot: segment.snapshot, name: name, bytes: bytes)
      }
      var deletions: String?
      if segment.deletedCount > 0 {
        let name = "deletions-\(generation)-\(position).bits"
        try DeletionImage.write(segment, to: directory + "/" + name, durability: durability)
        deletions = name
      }
      images.append(image)
      stored.append(
        IndexManifest.StoredSegment(
          image: image.name, bytes: image.bytes, records: segment.snapshot.recordCount, deletions: deletions))
    }
    return (stored, images)
  }

  /// Replaces the manifest with `next` and removes the files it no longer names.
  private func install(_ next: IndexManifest, images: [StoredImage], into state: inout State) throws(DurableError) {
    var next = next
    next.settings = state.manifest.settings
    next.replicaSettings = state.manifest.replicaSettings
    try PosixFile.replaceAtomically(directory + "/" + IndexManifest.fileName, with: next.bytes, durability: durability)
    state.manifest = next
    state.images = images
    try removeOrphans(keeping: next.files)
  }

  /// Removes the directory's files that `keeping` does not name (leftovers of a crash or of a commit).
  func removeOrphans(keeping: Set<String>) throws(DurableError) {
    for name in try PosixFile.list(directory) where !keeping.contains(name) {
      let ours = ["segment-", "deletions-", "log-"].contains { name.hasPrefix($0) } || name.hasSuffix(".tmp")
      // Only files this code writes: a directory someone made with such a name is left alone.
      guard ours, try PosixFile.isRegularFile(directory + "/" + name) else { continue }
      try PosixFile.remove(directory + "/" + name)
    }
  }

  /// The files of the directory but the writer's lock file, for tests and tools.
  func files() throws(DurableError) -> [String] {
    try PosixFile.list(directory).filter { $0 != WriterLock.fileName }.sorted()
  }
}
