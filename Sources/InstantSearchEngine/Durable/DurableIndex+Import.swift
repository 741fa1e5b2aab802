import Foundation
import InstantSearchModel

extension DurableIndex {
  /// Replaces the index's records with those of a records file — JSON lines, or a JSON array (see
  /// ``LocalIndex/loadRecords(contentsOf:progress:)``) — then commits: the bulk path of
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
        try loaded.loadRecords(contentsOf: url, progress: progress)
        index.publish(loaded.snapshot)
        try commitLocked(&state)
      }
    }
  }

  /// The bytes the directory's files take.
  public func diskSize() throws(EngineError) -> Int {
    try Self.diskSize(of: directory)
  }

  /// The bytes of the files of the index directory `directory` (read only: no writer needed).
  ///
  /// - Throws: ``EngineError/storage(_:)`` when the directory cannot be listed or a file measured.
  public static func diskSize(of directory: String) throws(EngineError) -> Int {
    do throws(DurableError) {
      var total = 0
      for name in try PosixFile.list(directory) { total += try PosixFile.size(directory + "/" + name) }
      return total
    } catch {
      throw .storage(error)
    }
  }
}
