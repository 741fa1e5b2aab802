import InstantSearchModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An append-only file of lines (a server's search log, its Insights events): each append is one or more
/// whole lines, written and synced before it returns, and a crash in the middle of one leaves a last line
/// without its newline, which reading drops (it was never acknowledged).
public enum LineFile {
  /// Appends `lines` (each without a newline), then syncs the file (and, when it was created, its
  /// directory) with `durability`.
  ///
  /// - Throws: ``DurableError`` naming the path and the operation that failed; a line holding a newline
  ///   is ``DurableError/corrupt(path:reason:)`` and nothing is written.
  public static func append(_ lines: [[UInt8]], to path: String, durability: Durability = .full)
    throws(DurableError)
  {
    guard !lines.isEmpty else { return }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(lines.reduce(0) { $0 + $1.count + 1 })
    for line in lines {
      guard !line.contains(10) else { throw .corrupt(path: path, reason: "a line to append holds a newline") }
      bytes += line
      bytes.append(10)
    }
    let existed = access(path, F_OK) == 0
    let file = try PosixFile(appendingTo: path)
    try file.write(bytes)
    try file.sync(durability)
    if !existed { try PosixFile.syncDirectory(of: path, durability) }
  }

  /// Cuts a last line left without its newline by a crash off the file at `path` (its writer does this
  /// before appending again, so that the next line does not join it); returns the bytes cut (0 when the
  /// file ends with a newline, is empty or does not exist).
  ///
  /// - Throws: ``DurableError`` when the file cannot be read or cut.
  public static func cutTornTail(_ path: String, durability: Durability = .full) throws(DurableError) -> Int {
    let (lines, dropped) = try lines(path)
    guard dropped > 0 else { return 0 }
    let kept = lines.reduce(0) { $0 + $1.count + 1 }
    let file = try PosixFile(appendingTo: path)
    try file.truncate(to: kept)
    try file.sync(durability)
    return dropped
  }

  /// The whole lines of the file at `path` (none when there is no file), without their newlines; a last
  /// line cut short by a crash (no newline) is left out and reported by `droppedTailBytes`.
  ///
  /// - Throws: ``DurableError`` when it exists but cannot be read.
  public static func lines(_ path: String) throws(DurableError) -> (lines: [ArraySlice<UInt8>], droppedTailBytes: Int) {
    guard let bytes = try PosixFile.read(path) else { return ([], 0) }
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for index in bytes.indices where bytes[index] == 10 {
      lines.append(bytes[start..<index])
      start = index + 1
    }
    return (lines, bytes.count - start)
  }
}

extension LineFile {
  /// A line file kept open for frequent appends (a server's search log): one `write` per append, the file
  /// opened once. Appends from several threads are serialized.
  public final class Appender: @unchecked Sendable {
    // @unchecked: the descriptor is only used under `lock`.
    private let lock = Locked(())
    private var file: PosixFile
    /// The file's path.
    public let path: String

    /// Opens (creating it, and syncing its directory when it was created) the line file at `path`; its
    /// writer cuts a torn last line first (``LineFile/cutTornTail(_:durability:)``).
    ///
    /// - Throws: ``DurableError`` naming the path.
    public init(path: String, durability: Durability = .full) throws(DurableError) {
      let existed = access(path, F_OK) == 0
      file = try PosixFile(appendingTo: path)
      if !existed { try PosixFile.syncDirectory(of: path, durability) }
      self.path = path
    }

    /// Opens the file at ``path`` again (after it was replaced by a rewrite: appends would otherwise go to
    /// the file it replaced).
    ///
    /// - Throws: ``DurableError`` naming the path.
    public func reopen() throws(DurableError) {
      try lock.withLock { (_: inout Void) throws(DurableError) in
        file = try PosixFile(appendingTo: path)
      }
    }

    /// Appends `line` (without a newline) and syncs it to `durability`.
    ///
    /// - Throws: ``DurableError``; a line holding a newline is refused and nothing is written.
    public func append(_ line: [UInt8], durability: Durability) throws(DurableError) {
      guard !line.contains(10) else { throw .corrupt(path: path, reason: "a line to append holds a newline") }
      var bytes = line
      bytes.append(10)
      try lock.withLock { (_: inout Void) throws(DurableError) in
        try file.write(bytes)
        try file.sync(durability)
      }
    }
  }
}
