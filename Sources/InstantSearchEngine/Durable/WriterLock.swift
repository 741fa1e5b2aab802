import InstantSearchModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one-writer rule of an index directory: an advisory lock (`flock`) on its `writer.lock` file, taken
/// when a ``DurableIndex`` opens the directory for writing and held until that object is released (the
/// system drops it when the process dies, however it dies, so a crash never leaves a stale lock).
///
/// The file holds the holder's process ID, so a second writer — another `serve`, an `import` — is refused
/// with ``DurableError/locked(path:holder:)`` naming it.
/// Readers (``DurableIndex/readOnly(directory:name:)``) never take it and never change the directory.
final class WriterLock: Sendable {
  /// The lock file's name in an index directory.
  static let fileName = "writer.lock"

  /// The lock's key in ``held``: the directory's device and inode, so that two spellings of one path
  /// are one directory.
  private let key: FileKey
  /// The locks this process holds: a lock file's descriptor and how many objects share it.
  private static let held = Locked<[FileKey: (descriptor: Int32, users: Int)]>([:])

  /// A file's identity.
  struct FileKey: Hashable {
    let device: UInt64
    let inode: UInt64
  }

  /// Takes the lock of `directory`, or throws at once (it never waits) when another process holds it.
  /// Within one process the objects on one directory share the lock (a test that reopens a directory as
  /// a restarted process would; the server and the CLI open each directory once): it is released with
  /// the last of them.
  ///
  /// - Throws: ``DurableError/locked(path:holder:)`` when it is held; ``DurableError/io(path:operation:message:)``
  ///   when the lock file cannot be opened or written.
  init(directory: String) throws(DurableError) {
    let path = directory + "/" + Self.fileName
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw Self.failure(path, "open") }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let failure = Self.failure(path, "stat")
      close(descriptor)
      throw failure
    }
    key = FileKey(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    var attempt = 0
    while true {
      switch Self.take(descriptor, key: key) {
      case .taken: return
      case .failed(let code, let holder):
        // This process released the lock a moment ago, but a child being started (between its fork and
        // its exec) still shares the released descriptor: the lock goes with the exec. Wait for it, up to
        // a second; any other holder is refused at once.
        if code == EWOULDBLOCK, holder == getpid(), attempt < Self.ownReleaseAttempts {
          attempt += 1
          var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
          nanosleep(&pause, nil)
          continue
        }
        close(descriptor)
        if code == EWOULDBLOCK { throw .locked(path: directory, holder: holder) }
        throw .io(path: path, operation: "lock", message: String(cString: strerror(code)))
      }
    }
  }

  /// How many times (5 ms apart) an open waits for a lock that names this process but that no object of
  /// it holds (see ``init(directory:)``).
  static let ownReleaseAttempts = 200

  private enum Taking {
    case taken
    case failed(code: Int32, holder: Int32?)
  }

  /// Shares the lock of `key` when an object of this process holds it, else takes it on `descriptor` and
  /// writes this process's ID into the file (closing `descriptor` when it is shared; the caller closes it
  /// when taking fails).
  private static func take(_ descriptor: Int32, key: FileKey) -> Taking {
    held.withLock { held in
      if let shared = held[key] {
        held[key] = (shared.descriptor, shared.users + 1)
        close(descriptor)
        return .taken
      }
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
        let code = errno
        return .failed(code: code, holder: holder(descriptor))
      }
      let text = Array("\(getpid())\n".utf8)
      let written = text.withUnsafeBytes { buffer in
        ftruncate(descriptor, 0) == 0 ? pwrite(descriptor, buffer.baseAddress, buffer.count, 0) : -1
      }
      guard written == text.count else {
        // Unlocks as it closes; the caller reports the failed write.
        let code = errno
        flock(descriptor, LOCK_UN)
        return .failed(code: code == 0 ? EIO : code, holder: nil)
      }
      held[key] = (descriptor, 1)
      return .taken
    }
  }

  deinit {
    let key = key
    Self.held.withLock { held in
      guard let shared = held[key] else { return }
      if shared.users > 1 {
        held[key] = (shared.descriptor, shared.users - 1)
      } else {
        // Closing the only descriptor of the open file releases the lock.
        held[key] = nil
        close(shared.descriptor)
      }
    }
  }

  /// The process ID the lock file names, if it reads as one.
  private static func holder(_ descriptor: Int32) -> Int32? {
    var bytes = [UInt8](repeating: 0, count: 32)
    let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    let digits = String(decoding: bytes[..<count].prefix { (48...57).contains($0) }, as: UTF8.self)
    return Int32(digits).flatMap { $0 > 0 ? $0 : nil }
  }

  private static func failure(_ path: String, _ operation: String) -> DurableError {
    .io(path: path, operation: operation, message: String(cString: strerror(errno)))
  }
}
