import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Says plainly that a port is taken, before the server's own bind would fail with an errno number.
enum PortCheck {
  /// Binds a socket to `host`:`port` (IPv4 addresses) and closes it.
  ///
  /// - Throws: ``CommandError`` when the port is in use or `host` is not an address of this machine;
  ///   port 0 (any free port) and host names are left to the server.
  static func ensureFree(host: String, port: Int) throws {
    guard (0...65_535).contains(port) else { throw CommandError("--port must be between 0 and 65,535, not \(port)") }
    var address = sockaddr_in()
    guard port != 0, inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return }
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    let result = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result != 0 else { return }
    switch errno {
    case EADDRINUSE:
      throw CommandError(
        "port \(port) on \(host) is in use (another server?): stop it, or choose another port with --port")
    case EADDRNOTAVAIL:
      throw CommandError("--host \(host) is not an address of this machine")
    case EACCES:
      throw CommandError("port \(port) needs privileges on this machine: choose one above 1023 with --port")
    default:
      return
    }
  }
}
