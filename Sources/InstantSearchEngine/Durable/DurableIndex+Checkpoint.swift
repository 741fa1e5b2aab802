extension DurableIndex {
  /// How many appends the log takes before the manifest records its size again.
  static let checkpointAppends = 64
  /// How many bytes the log grows before the manifest records its size again.
  static let checkpointBytes = 64 << 10

  /// Whether the manifest's record of the current log's size (``IndexManifest/logBytes``) is old enough
  /// to be written again: every ``checkpointAppends`` appends or ``checkpointBytes`` bytes, whichever comes
  /// first. A log later found shorter than the record has lost acknowledged writes, and opening it is an
  /// error rather than a quiet rollback; the writes since the last record are what a log cut short from
  /// outside can lose unnoticed (a torn last frame is still reported, see ``droppedTailBytes``).
  func checkpointDue(_ state: State) -> Bool {
    guard let current = state.manifest.logs.last else { return false }
    return state.appendsSinceCheckpoint >= Self.checkpointAppends
      || state.log.size - state.manifest.minimumBytes(ofLog: current) >= Self.checkpointBytes
  }

  /// Records the current log's size in the manifest (replaced atomically) when it differs from the record.
  /// Runs with the writer lock held, after the log's append is synced: the record never runs ahead of the
  /// log.
  func checkpoint(_ state: inout State) throws(DurableError) {
    guard let current = state.manifest.logs.last else { return }
    state.appendsSinceCheckpoint = 0
    guard state.manifest.minimumBytes(ofLog: current) != state.log.size else { return }
    var next = state.manifest
    next.logBytes[current] = state.log.size
    try PosixFile.replaceAtomically(directory + "/" + IndexManifest.fileName, with: next.bytes, durability: durability)
    state.manifest = next
  }
}
