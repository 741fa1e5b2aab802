import Foundation
import InstantSearchServer
import NIOCore
import NIOPosix
import NIOSSL

/// A self-signed certificate for 127.0.0.1 and localhost (EC P-256, valid to 2126) and its key, made
/// once with `openssl req -x509` for these tests only: nothing else trusts it.
enum TestCertificate {
  static let chain = """
    -----BEGIN CERTIFICATE-----
    MIIBmzCCAUGgAwIBAgIUS7vw8kNPvYrLou+KBunUTenlLIcwCgYIKoZIzj0EAwIw
    FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyODE2Mzg1OVoYDzIxMjYxMTA0
    MTYzODU5WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
    PQMBBwNCAARsbj7IX6G9iD7qCUf+y1DgeDFx/I9b0NOUCYR39nma0IyjBGxG89I3
    CcURX/5AaoWHm9u2EkkuBvAEKzSt5lguo28wbTAdBgNVHQ4EFgQUHbD56xLRHt5d
    TjV49cu33zwZqYYwHwYDVR0jBBgwFoAUHbD56xLRHt5dTjV49cu33zwZqYYwDwYD
    VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwCgYIKoZI
    zj0EAwIDSAAwRQIhAIG0gQIMsVnjPCQO1psMdqHV2JTKLyZs6Rr2K5ONhXAXAiBK
    +jSaT50/Ek+RNW2NtChPHGn8Svivqt0cL9NC1cx8Tw==
    -----END CERTIFICATE-----

    """
  static let key = """
    -----BEGIN PRIVATE KEY-----
    MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgXSaAGeoAKkxxqKmM
    Yqe5kJx05kkhIJ2HhSkx3VO3HGKhRANCAARsbj7IX6G9iD7qCUf+y1DgeDFx/I9b
    0NOUCYR39nma0IyjBGxG89I3CcURX/5AaoWHm9u2EkkuBvAEKzSt5lgu
    -----END PRIVATE KEY-----

    """

  /// The two files written into `directory`, as a server's TLS.
  static func files(in directory: URL) throws -> ServerTLS {
    let chainFile = directory.appendingPathComponent("chain.pem")
    let keyFile = directory.appendingPathComponent("key.pem")
    try Data(chain.utf8).write(to: chainFile)
    try Data(key.utf8).write(to: keyFile)
    return ServerTLS(certificateChain: chainFile.path, privateKey: keyFile.path)
  }
}

/// One HTTP/1.1 exchange over TLS with a server on 127.0.0.1, through NIOSSL's client: the request's text
/// is sent with `Connection: close`, and everything the server answers until it closes is returned.
enum TLSExchange {
  /// The answer's text to `method path` with the admin key.
  ///
  /// - Parameter trusting: The roots the client trusts (`nil`: the system's, which do not include the
  ///   test certificate).
  static func send(_ method: String, _ path: String, port: Int, trusting roots: [NIOSSLCertificate]?) async throws
    -> String
  {
    var configuration = TLSConfiguration.makeClientConfiguration()
    if let roots { configuration.trustRoots = .certificates(roots) }
    let context = try NIOSSLContext(configuration: configuration)
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .connect(host: "127.0.0.1", port: port) { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(
            NIOSSLClientHandler(context: context, serverHostname: "localhost"))
          return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
        }
      }
    let request =
      "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
      + "X-Algolia-API-Key: \(RunningServer.adminKey)\r\nX-Algolia-Application-Id: TESTAPP\r\nContent-Length: 0\r\n\r\n"
    return try await channel.executeThenClose { inbound, outbound in
      try await outbound.write(ByteBuffer(string: request))
      var answer = ""
      do {
        for try await var buffer in inbound { answer += buffer.readString(length: buffer.readableBytes) ?? "" }
      } catch NIOSSLError.uncleanShutdown {
        // A server that closes without TLS's close_notify after a whole answer: the answer is complete.
      }
      return answer
    }
  }
}
