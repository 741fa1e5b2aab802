import Logging

/// How a ``SearchServer`` runs.
public struct ServerConfiguration: Sendable {
  /// The address to listen on (`127.0.0.1` by default: only this machine).
  public var host: String
  /// The port (0: any free port, reported by ``SearchServer/run(onRunning:)``).
  public var port: Int
  /// The application ID clients must send (`x-algolia-application-id`); `nil` accepts any.
  public var appID: String?
  /// The admin API key: every operation. Required, never defaulted.
  public var adminKey: String
  /// Search-only API keys, with their ACLs, indices and rate limits: searches and reads of records and
  /// settings; secured API keys are made from them.
  public var searchKeys: [APIKeySpec]
  /// The largest request body accepted, in bytes (Algolia documents 10 MB for a batch).
  public var maximumBodyBytes: Int
  /// The least severe server events logged (warnings and errors by default).
  public var logLevel: Logger.Level
  /// How long a connection may stay silent (a client sending a byte a second is cut after this long
  /// without a complete request), in seconds.
  public var idleTimeoutSeconds: Int64
  /// Whether requests from this machine (loopback addresses) pass the allowed sources whatever they list,
  /// so that an operator who left their own address out can put it back from the server's machine (true
  /// by default).
  public var trustsLoopback: Bool
  /// The origins whose pages may call the server from a browser (CORS); `nil` (the default): every
  /// origin, as Algolia's API.
  public var corsOrigins: [String]?
  /// The certificate and key to answer HTTPS with, for a deployment without a proxy in front; `nil` (the
  /// default): plain HTTP.
  public var tls: ServerTLS?

  /// A configuration; `adminKey` must not be empty.
  public init(
    host: String = "127.0.0.1", port: Int = 8080, appID: String? = nil, adminKey: String,
    searchKeys: [APIKeySpec] = [], maximumBodyBytes: Int = 10 << 20, logLevel: Logger.Level = .warning,
    idleTimeoutSeconds: Int64 = 30, trustsLoopback: Bool = true, corsOrigins: [String]? = nil,
    tls: ServerTLS? = nil
  ) {
    self.host = host
    self.port = port
    self.appID = appID
    self.adminKey = adminKey
    self.searchKeys = searchKeys
    self.maximumBodyBytes = maximumBodyBytes
    self.logLevel = logLevel
    self.idleTimeoutSeconds = idleTimeoutSeconds
    self.trustsLoopback = trustsLoopback
    self.corsOrigins = corsOrigins
    self.tls = tls
  }
}
