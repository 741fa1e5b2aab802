import ArgumentParser
import Foundation
import InstantSearchServer
import Logging

/// `instantsearch serve`: Algolia's Search REST API over the embedded engine.
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve", abstract: "Serve indices over Algolia's Search REST API.",
    discussion: """
      Indices live in --data (one index directory each, created by their first write); without it, in memory. \
      The admin API key comes from --admin-key-file or the INSTANTSEARCH_ADMIN_KEY environment variable; there \
      is no default. Point a client at http://HOST:PORT with that key (any application ID unless --app-id).
      """)

  @Option(help: "The data directory (default: in memory).") var data: String?
  @Option(help: "The address to listen on.") var host = "127.0.0.1"
  @Option(help: "The port.") var port = 8080
  @Option(help: "A file holding the admin API key.") var adminKeyFile: String?
  @Option(help: "The application ID clients must send (default: any).") var appId: String?
  @Option(
    help:
      "The least severe events logged: trace, debug, info (a structured line per request), notice, warning, error or critical."
  ) var logLevel = "warning"
  @Option(
    name: .customLong("cors-origin"),
    help:
      "An origin whose pages may call the server from a browser, e.g. https://shop.example (repeat it; default: every origin)."
  ) var corsOrigins: [String] = []
  @Option(
    help: "A PEM file of the server's certificate chain: serve HTTPS (with --tls-key), for no proxy in front.")
  var tlsCertificate: String?
  @Option(help: "The PEM file of the certificate's private key (with --tls-certificate).") var tlsKey: String?
  @Option(
    help:
      "A file of search-only API keys, one a line: KEY [acl=search,browse] [indexes=a,b_*] [maxQueriesPerIPPerHour=N]."
  )
  var searchKeysFile: String?
  @Flag(
    help:
      "Open an index whose log lost acknowledged writes (missing, cut short or damaged) with what is left, logging what was dropped."
  )
  var recover = false

  func run() async throws {
    let adminKey = try Self.adminKey(file: adminKeyFile)
    guard let level = Logger.Level(rawValue: logLevel) else {
      throw ValidationError("--log-level: trace, debug, info, notice, warning, error or critical, got \(logLevel)")
    }
    var searchKeys: [APIKeySpec] = []
    if let searchKeysFile {
      let text: String
      do {
        text = try String(contentsOfFile: searchKeysFile, encoding: .utf8)
      } catch {
        throw CommandError("--search-keys-file: cannot read \(searchKeysFile): \(CLIError.reason(error))")
      }
      for (number, line) in text.split(whereSeparator: \.isNewline).enumerated() {
        do {
          if let spec = try APIKeySpec(line: String(line)) { searchKeys.append(spec) }
        } catch {
          throw CommandError("--search-keys-file \(searchKeysFile) line \(number + 1): \(error)")
        }
      }
    }
    if let data {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: data, isDirectory: &isDirectory), !isDirectory.boolValue {
        throw CommandError("--data: \(data) is a file; give a directory (created when missing) to keep the indices in")
      }
    }
    let tls: ServerTLS?
    switch (tlsCertificate, tlsKey) {
    case (let certificate?, let key?): tls = ServerTLS(certificateChain: certificate, privateKey: key)
    case (nil, nil): tls = nil
    default: throw ValidationError("--tls-certificate and --tls-key go together: give both for HTTPS, or neither")
    }
    try PortCheck.ensureFree(host: host, port: port)
    let store = try IndexStore(directory: data, recover: recover)
    let server = try SearchServer(
      store: store,
      configuration: ServerConfiguration(
        host: host, port: port, appID: appId, adminKey: adminKey, searchKeys: searchKeys, logLevel: level,
        corsOrigins: corsOrigins.isEmpty ? nil : corsOrigins, tls: tls))
    try await server.run { port in
      print("serving \(store.indexNames.count) indices on \(tls == nil ? "http" : "https")://\(host):\(port)")
      // Standard output may be a file or a pipe (fully buffered): the line must show while serving.
      fflush(nil)
    }
  }

  /// The admin key from `file`, else `INSTANTSEARCH_ADMIN_KEY`.
  static func adminKey(file: String?) throws -> String {
    if let file {
      let key = try String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
      guard !key.isEmpty else { throw ValidationError("--admin-key-file: \(file) is empty") }
      return key
    }
    guard let key = ProcessInfo.processInfo.environment["INSTANTSEARCH_ADMIN_KEY"], !key.isEmpty else {
      throw ValidationError("an admin API key is required: --admin-key-file FILE or INSTANTSEARCH_ADMIN_KEY")
    }
    return key
  }
}
