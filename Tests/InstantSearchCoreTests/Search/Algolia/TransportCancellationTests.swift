import Foundation
import InstantSearchCore
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Requests cancelled as their connections are refused: FoundationNetworking ended the process when a
/// data task was cancelled while its protocol failed ("Trying to access a behaviour for a task that in not
/// in the registry"), which a searcher cancelling the previous keystroke's request on an unreachable host
/// does. Each request answers, cancelled or refused, and the process goes on.
@Suite("URLSession transport: cancellation")
struct TransportCancellationTests {
  /// A port on 127.0.0.1 that refuses connections: bound by a socket that never listens.
  static func refusingPort() throws -> (socket: Int32, port: Int) {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    try #require(descriptor >= 0 && bound == 0 && named == 0)
    return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
  }

  @Test("1,500 requests to a refused port, each cancelled a moment after it starts: all answer, none crashes")
  func cancelledWhileRefused() async throws {
    let (descriptor, port) = try Self.refusingPort()
    defer { close(descriptor) }
    let transport = URLSessionTransport()
    let request = try HTTPRequest(method: "GET", url: #require(URL(string: "http://127.0.0.1:\(port)/1/indexes")))
    var cancelled = 0
    var refused = 0
    for round in 0..<1_500 {
      let sending = Task { try await transport.send(request, timeout: .seconds(30)) }
      // Cancellation lands before, during or after the refusal, the moment varying from round to round:
      // a bounded amount of work, not a wait.
      var spin = UInt64(round)
      for _ in 0..<(round % 10) * 4_000 { spin = spin &* 6_364_136_223_846_793_005 &+ 1 }
      #expect(spin != 0 || round == 0)
      sending.cancel()
      do {
        _ = try await sending.value
        Issue.record("a refused request answered")
      } catch is CancellationError {
        cancelled += 1
      } catch {
        refused += 1
      }
    }
    #expect(cancelled + refused == 1_500)
  }
}
