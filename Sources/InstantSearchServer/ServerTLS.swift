import NIOSSL

/// The certificate chain and private key a ``SearchServer`` answers HTTPS with (NIOSSL, through
/// Hummingbird's TLS support), for a deployment with no proxy in front of it to end TLS.
///
/// Both are PEM files, read once when the server is made: a file that is missing or does not hold what it
/// should stops the server from starting, with an error naming the file.
///
/// ```swift
/// let tls = ServerTLS(certificateChain: "/etc/search/fullchain.pem", privateKey: "/etc/search/key.pem")
/// let server = try SearchServer(
///   store: store, configuration: ServerConfiguration(host: "0.0.0.0", port: 443, adminKey: key, tls: tls))
/// ```
public struct ServerTLS: Sendable, Hashable {
  /// The PEM file of the server's certificate, followed by the intermediate certificates clients need to
  /// reach a root they trust (a "full chain").
  public var certificateChainPath: String
  /// The PEM file of the certificate's private key (not encrypted with a passphrase).
  public var privateKeyPath: String

  /// The files of a certificate chain and its private key.
  public init(certificateChain: String, privateKey: String) {
    certificateChainPath = certificateChain
    privateKeyPath = privateKey
  }

  /// The server side of TLS with the files' chain and key: TLS 1.2 and later (NIOSSL's defaults for the
  /// rest: its cipher suites, no client certificates asked for).
  ///
  /// - Throws: ``APIError`` (500) naming the file that does not read as what it should hold.
  func serverConfiguration() throws(APIError) -> TLSConfiguration {
    let chain: [NIOSSLCertificate]
    do {
      chain = try NIOSSLCertificate.fromPEMFile(certificateChainPath)
    } catch {
      throw APIError(500, "TLS certificate chain \(certificateChainPath) does not read as PEM certificates: \(error)")
    }
    guard !chain.isEmpty else {
      throw APIError(500, "TLS certificate chain \(certificateChainPath) holds no certificate")
    }
    let key: NIOSSLPrivateKey
    do {
      key = try NIOSSLPrivateKey(file: privateKeyPath, format: .pem)
    } catch {
      throw APIError(500, "TLS private key \(privateKeyPath) does not read as a PEM private key: \(error)")
    }
    var configuration = TLSConfiguration.makeServerConfiguration(
      certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
    configuration.minimumTLSVersion = .tlsv12
    return configuration
  }
}
