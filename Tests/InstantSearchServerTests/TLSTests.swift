import Foundation
import InstantSearchCore
import InstantSearchEngine
import InstantSearchServer
import NIOSSL
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("serve over TLS: a certificate and key from PEM files")
struct TLSTests {
  @Test("HTTPS answers a client trusting the certificate; one that does not, and plain HTTP, get no answer")
  func https() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try IndexStore(directory: nil)
    _ = try store.write([.save([["objectID": "1", "name": "red shirt"]])], to: "products")
    let tls = try TestCertificate.files(in: directory)
    try await RunningServer.with(store: store, tls: tls) { server in
      let root = try NIOSSLCertificate.fromPEMBytes(Array(TestCertificate.chain.utf8))
      let alive = try await TLSExchange.send("GET", "/1/isalive", port: server.port, trusting: root)
      #expect(alive.hasPrefix("HTTP/1.1 200"), "\(alive)")
      #expect(alive.hasSuffix(#"{"message":"server is alive"}"#), "\(alive)")
      let search = try await TLSExchange.send(
        "GET", "/1/indexes/products?query=shirt", port: server.port, trusting: root)
      #expect(search.hasPrefix("HTTP/1.1 200") && search.contains(#""nbHits":1"#), "\(search)")
      // The system's roots do not include the test certificate: the handshake fails, nothing is answered.
      await #expect(throws: (any Error).self) {
        _ = try await TLSExchange.send("GET", "/1/isalive", port: server.port, trusting: nil)
      }
      // A request in clear text to the TLS port is not answered as HTTP.
      let socket = try LoopbackSocket.connect(port: server.port)
      defer { close(socket) }
      let request = Array("GET /1/isalive HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8)
      _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let received = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      let text = String(decoding: buffer.prefix(max(received, 0)), as: UTF8.self)
      #expect(!text.hasPrefix("HTTP/1.1 200"), "\(text)")
    }
  }

  @Test("Files that do not read as a chain and a key stop the server from being made, naming the file")
  func badFiles() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let good = try TestCertificate.files(in: directory)
    let garbage = directory.appendingPathComponent("garbage.pem")
    try Data("not a certificate".utf8).write(to: garbage)
    let store = try IndexStore(directory: nil)
    let cases: [(ServerTLS, String)] = [
      (
        ServerTLS(
          certificateChain: directory.appendingPathComponent("missing.pem").path, privateKey: good.privateKeyPath),
        "missing.pem"
      ),
      (ServerTLS(certificateChain: garbage.path, privateKey: good.privateKeyPath), "garbage.pem"),
      (ServerTLS(certificateChain: good.certificateChainPath, privateKey: garbage.path), "garbage.pem"),
      (ServerTLS(certificateChain: good.privateKeyPath, privateKey: good.privateKeyPath), "key.pem"),
    ]
    for (tls, file) in cases {
      do {
        _ = try SearchServer(store: store, configuration: ServerConfiguration(adminKey: "k", tls: tls))
        Issue.record("\(file): the server was made")
      } catch let error as APIError {
        #expect(error.status == 500 && error.message.contains(file), "\(error.message)")
      }
    }
  }
}
