#if canImport(Glibc)
  import Glibc
#endif

/// The process's resident memory (`VmRSS` of `/proc/self/status`), for the benchmarks of the commands
/// (`instantsearch bench`, `instantsearch-open`). Read with the C library's stream functions: nothing
/// allocated beyond a line, no Foundation call touching pages of its own between two readings.
package enum ResidentMemory {
  /// The resident set in bytes, or `nil` where the kernel does not report it (not Linux) or the file
  /// cannot be read.
  package static func current() -> Int? {
    #if os(Linux)
      guard let file = fopen("/proc/self/status", "r") else { return nil }
      defer { fclose(file) }
      var line = [CChar](repeating: 0, count: 256)
      while fgets(&line, Int32(line.count), file) != nil {
        let text = line.withUnsafeBufferPointer { buffer in
          String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        guard text.hasPrefix("VmRSS:") else { continue }
        // "VmRSS:    35000 kB"
        guard let kilobytes = text.split(separator: " ").compactMap({ Int($0) }).first,
          (0...(Int.max / 1024)).contains(kilobytes)
        else { return nil }
        return kilobytes * 1024
      }
      return nil
    #else
      return nil
    #endif
  }
}
