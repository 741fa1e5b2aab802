#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ends the process with `code`.
func exit(code: Int32) -> Never {
  exit(code)
}
