import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Raw TCP connections to the server on 127.0.0.1, from any loopback source address (Linux routes all of
/// 127.0.0.0/8 to the loopback interface), for tests that need a client at another address or one that
/// misbehaves.
enum LoopbackSocket {
  /// A connected socket from `source` (port chosen by the system) to 127.0.0.1:`port`, with a 60 s receive
  /// timeout: a safety net against a server that never answers, long enough for one whose handlers wait
  /// seconds for a thread on a loaded two-core CI machine (no test here is about the timeout).
  static func connect(port: Int, from source: String = "127.0.0.1") throws -> Int32 {
    #if os(Linux)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    try #require(descriptor >= 0)
    var timeout = timeval(tv_sec: 60, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var local = sockaddr_in()
    local.sin_family = sa_family_t(AF_INET)
    local.sin_addr.s_addr = inet_addr(source)
    let bound = withUnsafePointer(to: &local) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    try #require(bound == 0, "bind to \(source): errno \(errno)")
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        systemConnect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    try #require(connected == 0, "connect from \(source): errno \(errno)")
    return descriptor
  }
}

#if canImport(Glibc)
  private let systemConnect = Glibc.connect
#else
  private let systemConnect = Darwin.connect
#endif
