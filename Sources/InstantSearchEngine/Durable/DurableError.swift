/// What can go wrong with an index directory: every case names the file and what was found, so a damaged
/// or foreign file is a clear message, never a crash or a wrong answer.
public enum DurableError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A system call failed (`operation` on `path`, with the system's message).
  case io(path: String, operation: String, message: String)
  /// A file's content is not what it should be: a bad magic number, a checksum mismatch, a length past
  /// the end, a frame that does not decode.
  case corrupt(path: String, reason: String)
  /// A file written by another version of the format.
  case unsupportedVersion(path: String, found: UInt32, supported: UInt32)
  /// The directory holds another index.
  case nameMismatch(path: String, found: String, expected: String)
  /// Another writer holds the directory (process `holder`, when its lock file names one): an index
  /// directory has exactly one writer at a time.
  case locked(path: String, holder: Int32?)

  /// The message without the file's path, for answers that leave the machine (a server's error body must
  /// not tell where its data lives).
  public var summary: String {
    switch self {
    case .io(_, let operation, let message): "\(operation) failed: \(message)"
    case .corrupt(_, let reason): "an index file is damaged: \(reason)"
    case .unsupportedVersion(_, let found, let supported):
      "an index file has format version \(found); this build reads version \(supported)"
    case .nameMismatch(_, let found, let expected): "the index directory holds index \"\(found)\", not \"\(expected)\""
    case .locked: "the index directory is open for writing by another process"
    }
  }

  /// The message.
  public var description: String {
    switch self {
    case .io(let path, let operation, let message): "\(operation) \(path): \(message)"
    case .corrupt(let path, let reason): "\(path) is damaged: \(reason)"
    case .unsupportedVersion(let path, let found, let supported):
      "\(path) has format version \(found); this build reads version \(supported)"
    case .nameMismatch(let path, let found, let expected):
      "\(path) holds index \"\(found)\", not \"\(expected)\""
    case .locked(let path, let holder?):
      "\(path) is open for writing by process \(holder); an index directory has one writer at a time"
    case .locked(let path, nil):
      "\(path) is open for writing by another process; an index directory has one writer at a time"
    }
  }
}

/// How far a write must travel before it is acknowledged.
public enum Durability: String, Hashable, Sendable, Codable {
  /// In the operating system's hands: it survives the process being killed (`kill -9`), not a power loss.
  case process
  /// On the storage device (`fsync`; `F_FULLFSYNC` on Apple platforms): it survives a power loss too.
  case full
}
