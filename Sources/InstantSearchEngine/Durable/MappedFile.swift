#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file mapped read-only into memory, unmapped when the last structure reading it goes: the big arrays of
/// a segment image are read in place, so opening an index costs no copy, and its memory is what queries
/// touch (the operating system pages it in and out as a cache of the file).
final class MappedFile: @unchecked Sendable {
  // Safety: the mapping is read-only and never changes while mapped; it is unmapped in deinit only.
  let path: String
  private let base: UnsafeRawPointer?
  let size: Int

  /// Maps the whole of `path`.
  init(path: String) throws(DurableError) {
    self.path = path
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Self.failure(path, "open") }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw Self.failure(path, "stat") }
    size = Int(info.st_size)
    guard size > 0 else {
      base = nil
      return
    }
    let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
    guard let address, address != MAP_FAILED else { throw Self.failure(path, "mmap") }
    base = UnsafeRawPointer(address)
  }

  deinit {
    if let base { munmap(UnsafeMutableRawPointer(mutating: base), size) }
  }

  /// `count` values of `T` at `offset` (checked against the file's size; `offset` aligned for `T`).
  func buffer<T>(at offset: Int, count: Int, as type: T.Type = T.self) -> UnsafeBufferPointer<T>? {
    guard let base, offset >= 0, count >= 0, offset % MemoryLayout<T>.alignment == 0,
      count <= (size - offset) / max(MemoryLayout<T>.stride, 1)
    else { return count == 0 ? UnsafeBufferPointer(start: nil, count: 0) : nil }
    return UnsafeBufferPointer(start: (base + offset).assumingMemoryBound(to: T.self), count: count)
  }

  private static func failure(_ path: String, _ operation: String) -> DurableError {
    .io(path: path, operation: operation, message: String(cString: strerror(errno)))
  }
}
