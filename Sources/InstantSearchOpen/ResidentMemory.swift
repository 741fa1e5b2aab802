#if canImport(Glibc)
  import Glibc
#endif

/// The process's resident memory (`VmRSS` of `/proc/self/status`), read with the C library's stream
/// functions: no Foundation call that might itself touch pages between the two readings.
enum ResidentMemory {
  /// The resident set in MiB, or `nil` where the kernel does not report it (not Linux).
  static func megabytes() -> Double? {
    #if os(Linux)
      guard let file = fopen("/proc/self/status", "r") else { return nil }
      defer { fclose(file) }
      var line = [CChar](repeating: 0, count: 256)
      while fgets(&line, Int32(line.count), file) != nil {
        let text = line.withUnsafeBufferPointer { buffer in
          String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        guard text.hasPrefix("VmRSS:") else { continue }
        let kilobytes = text.split(separator: " ").compactMap { Int($0) }.first
        return kilobytes.map { Double($0) / 1024 }
      }
      return nil
    #else
      return nil
    #endif
  }
}
