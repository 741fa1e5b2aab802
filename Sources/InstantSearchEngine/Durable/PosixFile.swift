#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few file operations durability needs, on file descriptors: appending, syncing (`fsync`, or
/// `F_FULLFSYNC` where Apple's `fsync` does not reach the device), atomic rename and syncing a directory so
/// a rename survives a power loss. Every failure is a ``DurableError/io(path:operation:message:)``.
struct PosixFile: ~Copyable {
  let path: String
  private let descriptor: Int32

  /// Opens `path` for appending, creating it when missing.
  init(appendingTo path: String) throws(DurableError) {
    self.path = path
    descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw Self.failure(path, "open") }
  }

  /// Opens `path` for writing from the start, creating it or emptying it.
  init(truncating path: String) throws(DurableError) {
    self.path = path
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw Self.failure(path, "open") }
  }

  /// Opens `path`, which exists, for writing at offsets (``write(raw:at:)``), keeping its bytes.
  init(updating path: String) throws(DurableError) {
    self.path = path
    descriptor = open(path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Self.failure(path, "open") }
  }

  /// Opens `path` for reading.
  init(reading path: String) throws(DurableError) {
    self.path = path
    descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Self.failure(path, "open") }
  }

  deinit {
    close(descriptor)
  }

  /// Writes all of `buffer` (retrying short writes and interruptions).
  func write(raw buffer: UnsafeRawBufferPointer) throws(DurableError) {
    var written = 0
    while written < buffer.count {
      let count = systemWrite(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
      if count < 0 {
        if errno == EINTR { continue }
        throw Self.failure(path, "write")
      }
      written += count
    }
  }

  /// Writes all of `buffer` at `offset` (retrying short writes and interruptions); where ``write(raw:)``
  /// writes does not move.
  func write(raw buffer: UnsafeRawBufferPointer, at offset: Int) throws(DurableError) {
    var written = 0
    while written < buffer.count {
      let count = pwrite(
        descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written, off_t(offset + written))
      if count < 0 {
        if errno == EINTR { continue }
        throw Self.failure(path, "write")
      }
      written += count
    }
  }

  /// Writes all of `bytes` at `offset` (see ``write(raw:at:)``).
  func write(_ bytes: [UInt8], at offset: Int) throws(DurableError) {
    let failure = bytes.withUnsafeBytes { buffer -> DurableError? in
      do throws(DurableError) {
        try write(raw: buffer, at: offset)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// Moves where ``write(raw:)`` writes next to `offset`.
  func seek(to offset: Int) throws(DurableError) {
    guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else { throw Self.failure(path, "seek") }
  }

  /// Fills `buffer` from the file's bytes at `offset`; returns how many were read (fewer at the end).
  func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(DurableError) -> Int {
    var done = 0
    while done < buffer.count {
      let count = pread(descriptor, buffer.baseAddress.map { $0 + done }, buffer.count - done, off_t(offset + done))
      if count < 0 {
        if errno == EINTR { continue }
        throw Self.failure(path, "read")
      }
      if count == 0 { break }
      done += count
    }
    return done
  }

  /// Writes all of `bytes` (retrying short writes and interruptions).
  func write(_ bytes: [UInt8]) throws(DurableError) {
    let failure = bytes.withUnsafeBytes { buffer -> DurableError? in
      do throws(DurableError) {
        try write(raw: buffer)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// Reads up to `count` bytes at `offset` (fewer at the end of the file).
  func read(count: Int, at offset: Int) throws(DurableError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    let filled = try read(into: &bytes, from: 0, at: offset)
    return Array(bytes[0..<filled])
  }

  /// Fills `bytes[start...]` with the bytes at `offset`; returns how many it read (fewer only at the end
  /// of the file).
  func read(into bytes: inout [UInt8], from start: Int, at offset: Int) throws(DurableError) -> Int {
    let result = bytes.withUnsafeMutableBytes { buffer -> Result<Int, DurableError> in
      do throws(DurableError) {
        return .success(try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[start...]), at: offset))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Makes what was written durable to the level asked.
  func sync(_ durability: Durability) throws(DurableError) {
    guard durability == .full else { return }
    #if canImport(Darwin)
      if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
    #endif
    guard fsync(descriptor) == 0 else { throw Self.failure(path, "fsync") }
  }

  /// Cuts the file to `length` bytes.
  func truncate(to length: Int) throws(DurableError) {
    guard ftruncate(descriptor, off_t(length)) == 0 else { throw Self.failure(path, "truncate") }
  }

  /// Calls `body` with the content of `path`, a chunk at a time (never the whole file in memory).
  static func forEachChunk(of path: String, chunkSize: Int = 1 << 20, _ body: (ArraySlice<UInt8>) -> Void)
    throws(DurableError)
  {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(path, "open") }
    defer { close(descriptor) }
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(path, "read")
      }
      if count == 0 { return }
      body(chunk[0..<count])
    }
  }

  /// The content of `path` — all of it, or its first `limit` bytes — or `nil` when it does not exist.
  static func read(_ path: String, upTo limit: Int = .max) throws(DurableError) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 {
      if errno == ENOENT { return nil }
      throw failure(path, "open")
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count < limit {
      let wanted = min(chunk.count, limit - bytes.count)
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(path, "read")
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }

  /// Writes `bytes` to `path` so that a crash leaves either the old file or the new one: a temporary file
  /// is written and synced, renamed over `path`, and the directory synced.
  static func replaceAtomically(_ path: String, with bytes: [UInt8], durability: Durability) throws(DurableError) {
    let temporary = path + ".tmp"
    do {
      let file = try PosixFile(truncating: temporary)
      try file.write(bytes)
      try file.sync(durability)
    }
    guard rename(temporary, path) == 0 else { throw failure(path, "rename") }
    try syncDirectory(of: path, durability)
  }

  /// Syncs the directory holding `path` (so a rename or a new file in it is durable).
  static func syncDirectory(of path: String, _ durability: Durability) throws(DurableError) {
    guard durability == .full else { return }
    let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(directory, "open") }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else { throw failure(directory, "fsync") }
  }

  /// The size of the file at `path`, in bytes.
  static func size(_ path: String) throws(DurableError) -> Int {
    var info = stat()
    guard stat(path, &info) == 0 else { throw failure(path, "stat") }
    return Int(info.st_size)
  }

  /// The size of the open file in bytes when it is a regular file; `nil` for a pipe, a device or a
  /// directory, whose size says nothing of what reading it gives.
  func regularFileSize() throws(DurableError) -> Int? {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw Self.failure(path, "stat") }
    return info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : nil
  }

  /// Whether `path` is a regular file (not a directory, a link or a device).
  static func isRegularFile(_ path: String) throws(DurableError) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0 else { throw failure(path, "stat") }
    return info.st_mode & S_IFMT == S_IFREG
  }

  /// Removes `path`; a missing file is not an error.
  static func remove(_ path: String) throws(DurableError) {
    guard unlink(path) == 0 || errno == ENOENT else { throw failure(path, "remove") }
  }

  /// Creates the directory `path` and its missing parents (as `mkdir -p`); an existing directory is kept.
  ///
  /// - Throws: ``DurableError/io(path:operation:message:)`` when a file is in the way or a call fails.
  static func makeDirectory(_ path: String) throws(DurableError) {
    if mkdir(path, 0o755) == 0 { return }
    switch errno {
    case EEXIST:
      guard try isDirectory(path) else {
        throw .io(path: path, operation: "create directory", message: "a file of that name is in the way")
      }
    case ENOENT:
      // A missing parent: made first, as `mkdir -p` does.
      let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
      guard let slash = trimmed.lastIndex(of: "/"), slash != trimmed.startIndex else {
        throw failure(path, "create directory")
      }
      try makeDirectory(String(trimmed[..<slash]))
      guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw failure(path, "create directory") }
    default:
      throw failure(path, "create directory")
    }
  }

  /// Whether `path` names a directory (`false` when nothing is there).
  static func isDirectory(_ path: String) throws(DurableError) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else {
      if errno == ENOENT { return false }
      throw failure(path, "stat")
    }
    return (status.st_mode & S_IFMT) == S_IFDIR
  }

  /// The names in the directory `path`.
  static func list(_ path: String) throws(DurableError) -> [String] {
    guard let directory = opendir(path) else { throw failure(path, "list") }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }

  private static func failure(_ path: String, _ operation: String) -> DurableError {
    .io(path: path, operation: operation, message: String(cString: strerror(errno)))
  }
}

// The system `write` and `read`, under names that do not clash with the methods above.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
