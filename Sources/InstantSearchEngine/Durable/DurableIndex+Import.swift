import Foundation
import InstantSearchCore

extension DurableIndex {
  /// Replaces the index's records with those of a JSON-lines file, then commits: the bulk path of
  /// `instantsearch import`, which writes no log entry per record.
  ///
  /// The file is loaded aside first: a bad line throws ``EngineError/invalidRecord(line:reason:)`` naming it,
  /// and the index and its directory are left as they were. Writes wait while the import runs.
  public func importRecords(
    jsonLinesAt url: URL, progress: (@Sendable (LocalIndex.LoadProgress) -> Void)? = nil
  ) throws(EngineError) {
    try commitLock.withLock { _ throws(EngineError) in
      try state.withLock { state throws(EngineError) in
        let loaded = LocalIndex(name: index.name, settings: state.manifest.settings)
        try loaded.loadJSONLines(contentsOf: url, progress: progress)
        index.publish(loaded.snapshot)
        try commitLocked(&state)
      }
    }
  }

  /// The bytes the directory's files take.
  public func diskSize() throws(EngineError) -> Int {
    do throws(DurableError) {
      var total = 0
      for name in try files() { total += try PosixFile.size(directory + "/" + name) }
      return total
    } catch {
      throw .storage(error)
    }
  }
}
