import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("serve: slow and broken clients", .timeLimit(.minutes(1)))
struct SlowClientTests {
  /// A TCP connection to 127.0.0.1:`port` that has sent `text` and stays open.
  static func open(_ port: Int, sending text: String) throws -> Int32 {
    let descriptor = try LoopbackSocket.connect(port: port)
    let sent = text.withCString { send(descriptor, $0, strlen($0), 0) }
    #expect(sent == text.utf8.count)
    return descriptor
  }

  @Test("Clients stuck mid-request leave the others served")
  func stuckClients() async throws {
    try await RunningServer.with { server in
      _ = try await server.call("POST", "/1/indexes/p", #"{"objectID":"1","name":"lamp"}"#)
      // Ten connections that announce a body and send one byte of it, then nothing.
      let stuck = try (0..<10).map { _ in
        try Self.open(
          server.port,
          sending: "POST /1/indexes/p/query HTTP/1.1\r\nHost: x\r\nX-Algolia-API-Key: \(RunningServer.adminKey)\r\n"
            + "Content-Length: 100\r\n\r\n{")
      }
      defer { for descriptor in stuck { close(descriptor) } }
      for _ in 0..<5 {
        let answer = try await server.call("POST", "/1/indexes/p/query", #"{"query":"lamp"}"#)
        #expect(answer.status == 200 && answer.json.objectValue?["nbHits"] == 1)
      }
      // Garbage instead of HTTP on its own connection does not disturb them either.
      let garbage = try Self.open(server.port, sending: "\u{1}\u{2}NOT HTTP\r\n\r\n")
      close(garbage)
      #expect(try await server.call("GET", "/1/indexes/p/1").status == 200)
    }
  }
}
