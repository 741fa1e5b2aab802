/// Small files that must never be seen half written (a server's key list, a configuration), with the same
/// guarantees as an index directory's manifest.
public enum SmallFile {
  /// Replaces the file at `path` with `bytes` so that a crash leaves either the old file or the new one:
  /// a temporary file beside it is written and synced, renamed over `path`, and the directory synced
  /// (with `.full` durability).
  ///
  /// - Throws: ``DurableError`` naming the path and the operation that failed.
  public static func replace(_ path: String, with bytes: [UInt8], durability: Durability = .full)
    throws(DurableError)
  {
    try PosixFile.replaceAtomically(path, with: bytes, durability: durability)
  }

  /// The bytes of the file at `path`, or `nil` when there is none.
  ///
  /// - Throws: ``DurableError`` when it exists but cannot be read.
  public static func read(_ path: String) throws(DurableError) -> [UInt8]? {
    try PosixFile.read(path)
  }
}
