import Foundation
import InstantSearchModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A consistent copy of an index directory that a writer — another process, a running server — may be
/// changing, made without its writer's help and without changing it (a reader): the files its manifest
/// names at one moment. Segment images and deletion files never change once written (their names carry
/// their generation): they are hard-linked, or copied across file systems. Write-ahead logs only grow: the
/// frames they hold when copied are a prefix of the writes, and a frame cut short is dropped when the copy
/// opens. If a commit replaced the manifest meanwhile (its logs and segments may be gone), the copy starts
/// again.
extension DurableIndex {
  /// The most times a backup starts again because the writer committed meanwhile: 20.
  public static let maximumBackupAttempts = 20

  /// Copies the index directory `source` to `target` (created, and emptied of what an earlier attempt
  /// left), consistent as of one commit and the writes logged after it; returns the generation copied.
  ///
  /// - Throws: ``DurableError`` naming the file that could not be read or written, or
  ///   ``DurableError/corrupt(path:reason:)`` when the writer committed during every one of
  ///   ``maximumBackupAttempts`` attempts.
  @discardableResult
  public static func backup(directory source: String, to target: String) throws(DurableError) -> Int {
    let manifestPath = source + "/" + IndexManifest.fileName
    for _ in 0..<maximumBackupAttempts {
      guard let before = try PosixFile.read(manifestPath) else {
        throw .corrupt(path: manifestPath, reason: "no manifest: not an index directory")
      }
      let manifest = try IndexManifest(bytes: before, path: manifestPath)
      try emptyDirectory(target)
      var vanished = false
      for name in manifest.segments.flatMap({ [$0.image] + ($0.deletions.map { [$0] } ?? []) }) {
        if try !link(source + "/" + name, to: target + "/" + name) { vanished = true }
      }
      for log in manifest.logs where !vanished {
        do throws(DurableError) {
          let copied = try copyPrefix(source + "/" + log, to: target + "/" + log)
          if copied < manifest.logBytes[log] ?? 0 { vanished = true }
        } catch {
          // A log a commit removed meanwhile: start again; any other failure is the backup's.
          guard !FileManager.default.fileExists(atPath: source + "/" + log) else { throw error }
          vanished = true
        }
      }
      // A commit meanwhile: the files copied may not belong together.
      guard !vanished, try PosixFile.read(manifestPath) == before else { continue }
      try PosixFile.replaceAtomically(target + "/" + IndexManifest.fileName, with: before, durability: .full)
      return manifest.generation
    }
    throw .corrupt(
      path: source, reason: "the index committed during each of \(maximumBackupAttempts) attempts to copy it")
  }

  /// Creates `directory`, or removes the files an earlier attempt left in it.
  private static func emptyDirectory(_ directory: String) throws(DurableError) {
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
        try FileManager.default.removeItem(atPath: directory + "/" + name)
      }
    } catch {
      throw .io(path: directory, operation: "prepare the backup directory", message: "\(error)")
    }
  }

  /// Hard-links the immutable file `source` as `target` (copying it across file systems); `false` when
  /// `source` is gone (a commit removed it).
  private static func link(_ source: String, to target: String) throws(DurableError) -> Bool {
    if systemLink(source, target) == 0 { return true }
    if errno == ENOENT { return false }
    guard errno == EXDEV || errno == EPERM || errno == EMLINK else {
      throw .io(path: target, operation: "link", message: String(cString: strerror(errno)))
    }
    guard FileManager.default.fileExists(atPath: source) else { return false }
    _ = try copyPrefix(source, to: target)
    return true
  }

  /// Copies what the file `source` holds now to `target`, synced; returns the bytes copied.
  private static func copyPrefix(_ source: String, to target: String) throws(DurableError) -> Int {
    let file = try PosixFile(truncating: target)
    var copied = 0
    var failure: DurableError?
    try PosixFile.forEachChunk(of: source) { chunk in
      guard failure == nil else { return }
      do throws(DurableError) {
        try file.write(Array(chunk))
        copied += chunk.count
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    try file.sync(.full)
    return copied
  }
}

/// The system's `link`, under a name that does not clash with ``DurableIndex``'s.
private func systemLink(_ source: String, _ target: String) -> Int32 {
  link(source, target)
}
