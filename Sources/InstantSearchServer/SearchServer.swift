import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import InstantSearchEngine
import InstantSearchModel
import Logging
import NIOCore
import NIOPosix

/// Algolia's Search REST API over the embedded engine: the official clients and InstantSearch front ends
/// work against it unchanged, pointed at its host.
///
/// ```swift
/// let store = try IndexStore(directory: "/var/lib/search")
/// let server = try SearchServer(store: store, configuration: ServerConfiguration(adminKey: key))
/// try await server.run()
/// ```
public final class SearchServer: Sendable {
  /// The indices served.
  public let store: IndexStore
  /// How it runs.
  public let configuration: ServerConfiguration
  /// The API keys besides the admin key: the configured search keys and those made through `/1/keys`.
  public let keys: APIKeyRegistry
  /// Counts each key's requests per client address per hour.
  let limiter = RateLimiter()
  /// The newest requests answered, for `GET /1/logs`.
  let requestLog = RequestLog()
  /// Each request answered, as a structured line (swift-log, at `info`; shown from
  /// ``ServerConfiguration/logLevel`` `info` down).
  let requestLogger: Logger
  /// The server side of TLS, read from ``ServerConfiguration/tls``'s files (`nil`: plain HTTP).
  let tls: TLSConfiguration?

  /// A server of `store`; keys made through `/1/keys` are kept in the store's directory.
  ///
  /// - Throws: ``APIError`` (500) for an empty admin key (a server never runs without one), a key file
  ///   that does not read, or TLS files that do not read as a certificate chain and a private key.
  public init(store: IndexStore, configuration: ServerConfiguration) throws {
    guard !configuration.adminKey.isEmpty else { throw APIError(500, "an admin API key is required") }
    self.store = store
    self.configuration = configuration
    keys = try APIKeyRegistry(configured: configuration.searchKeys, directory: store.directory)
    var logger = Logger(label: "instantsearch-server.requests")
    logger.logLevel = configuration.logLevel
    requestLogger = logger
    tls = try configuration.tls?.serverConfiguration()
  }

  /// Makes the event loops that read and write the server's connections run the process's Swift tasks
  /// too, in place of Swift's own pool of threads: a request is then read, answered and written on one
  /// thread, where otherwise each hop between a loop and the pool wakes another thread (measured: about
  /// 10% less CPU per search under load). Call it once, first thing in a process that serves (before any
  /// task starts); the work done in handlers is the same either way, and the loops are as many as cores.
  ///
  /// - Returns: Whether the loops took over (`false` where NIO does not support it).
  @discardableResult
  public static func runTasksOnEventLoops() -> Bool {
    NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
  }

  /// Runs until cancelled or until SIGTERM/SIGINT (requests in flight are finished), calling `onRunning`
  /// with the port once it listens; then commits the indices' logged writes into segments.
  public func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
    var logger = Logger(label: "instantsearch-server")
    logger.logLevel = configuration.logLevel
    let http = HTTPServerBuilder.http1(configuration: .init(idleTimeout: .seconds(configuration.idleTimeoutSeconds)))
    let app = Application(
      router: makeRouter(),
      server: try tls.map { try HTTPServerBuilder.tls(http, tlsConfiguration: $0) } ?? http,
      configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
      onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) }, logger: logger)
    do {
      try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    } catch {
      try store.commitAll()
      throw error
    }
    try store.commitAll()
  }

  /// The routes of the API.
  func makeRouter() -> Router<ServerContext> {
    let router = Router(context: ServerContext.self)
    router.add(middleware: JSONErrorMiddleware())
    router.add(middleware: AllowedOriginsMiddleware(origins: configuration.corsOrigins))
    addSearchRoutes(to: router)
    addWriteRoutes(to: router)
    addBrowseRoutes(to: router)
    addKeyRoutes(to: router)
    addRuleRoutes(to: router)
    addSynonymRoutes(to: router)
    addDictionaryRoutes(to: router)
    addStatusRoutes(to: router)
    addSourceRoutes(to: router)
    addInsightsRoutes(to: router)
    addAnalyticsRoutes(to: router)
    return router
  }

  /// Who may do an operation: the admin key, or a key with an ACL.
  enum Access: Equatable {
    /// A key with this ACL (Algolia's name: `search`, `addObject`, …).
    case acl(String)
    /// The admin key only.
    case admin

    /// Queries, facet values, records, settings.
    static let search = Access.acl("search")
    /// Browsing.
    static let browse = Access.acl("browse")
  }

  /// A handler checking the key, reading the JSON body (at most ``ServerConfiguration/maximumBodyBytes``)
  /// and answering errors as Algolia does; every request it answers goes to the request log.
  func handler(
    _ access: Access,
    _ body: @escaping @Sendable (Call) async throws(APIError) -> Response
  ) -> @Sendable (Request, ServerContext) async throws -> Response {
    { [configuration, limiter, keys, store, requestLog, requestLogger] request, context in
      let clock = ContinuousClock()
      let started = clock.now
      var received = Received()
      let answer = RequestLog.Answer()
      let response = await RequestLog.$answer.withValue(answer) {
        await Self.answer(
          request, context, access, body, configuration: configuration, limiter: limiter, keys: keys, store: store,
          received: &received)
      }
      let took = clock.now - started
      requestLog.record(
        request, from: context.remoteAddress?.ipAddress, requestBody: received.body, json: received.json,
        took: took, status: response.status.code, answer: answer.bytes)
      let route = context.endpointPath ?? "unknown"
      let index = context.parameters.get("index")?.removingPercentEncoding
      store.metrics.observe(route: route, index: index, status: response.status.code, took: took)
      requestLogger.info(
        "request",
        metadata: [
          "method": "\(request.method.rawValue)", "path": "\(request.uri.path)", "route": "\(route)",
          "index": "\(index ?? "")", "status": "\(response.status.code)",
          "ms": "\((took / .milliseconds(1) * 1000).rounded() / 1000)",
          "address": "\(context.remoteAddress?.ipAddress ?? "")",
        ])
      return response
    }
  }

  /// What a handler read of a request: its body (inflated) and the JSON it holds.
  struct Received: Sendable {
    var body: ByteBuffer?
    var json: JSON?
  }

  /// The answer to `request` (see ``handler(_:_:)``); `received` gets what was read of it.
  static func answer(
    _ request: Request, _ context: ServerContext, _ access: Access,
    _ body: @escaping @Sendable (Call) async throws(APIError) -> Response, configuration: ServerConfiguration,
    limiter: RateLimiter, keys: APIKeyRegistry, store: IndexStore, received: inout Received
  ) async -> Response {
    // The allowed sources (`/1/security/sources`) come before any key.
    guard store.admits(context.remoteAddress?.ipAddress, trustingLoopback: configuration.trustsLoopback) else {
      return .error(APIError(403, "Source not allowed"))
    }
    let grant: Grant
    switch Self.authorize(request, context, access, configuration, keys: keys, limiter: limiter) {
    case .success(let granted): grant = granted
    case .failure(let failure): return .error(failure)
    }
    if let index = context.parameters.get("index")?.removingPercentEncoding, index != "*" {
      do throws(APIError) {
        try grant.check(index: index)
      } catch {
        return .error(error)
      }
    }
    var request = request
    let json: JSON?
    do {
      var buffer = try await request.collectBody(upTo: configuration.maximumBodyBytes)
      if request.headers[.contentEncoding]?.lowercased().contains("gzip") == true {
        buffer = try Compression.gunzip(buffer, limit: configuration.maximumBodyBytes)
      }
      received.body = buffer
      json = buffer.readableBytes == 0 ? nil : try buffer.withUnsafeReadableBytes { try JSON(parsing: $0) }
      received.json = json
    } catch let error as HTTPResponseError where error.status == .contentTooLarge {
      // The connection closes once the answer is written: the rest of the body (a chunked upload can go
      // on for gigabytes) is never read.
      return Response.closingConnection(
        .error(APIError(413, "the request body is larger than \(configuration.maximumBodyBytes) bytes")),
        context.channel)
    } catch let error as APIError {
      // A gzip body that inflates past the limit (413) or does not inflate (400).
      return .error(error)
    } catch {
      return .error(APIError(400, "the body is not valid JSON: \(error)"))
    }
    let acceptsGzip = request.headers[.acceptEncoding]?.lowercased().contains("gzip") == true
    return await Compression.$acceptsGzip.withValue(acceptsGzip) {
      do throws(APIError) {
        return try await body(
          Call(
            request: request, context: context, json: json, grant: grant, bodyBytes: received.body?.readableBytes ?? 0)
        )
      } catch {
        return .error(error)
      }
    }
  }

  /// What the request's credentials grant for `access`, or the error to answer.
  static func authorize(
    _ request: Request, _ context: ServerContext, _ access: Access, _ configuration: ServerConfiguration,
    keys: APIKeyRegistry, limiter: RateLimiter
  ) -> Result<Grant, APIError> {
    func credential(_ name: String) -> String? {
      HTTPField.Name(name).flatMap { request.headers[$0] } ?? request.uri.queryParameters.get(name)
    }
    if let appID = configuration.appID, credential("x-algolia-application-id") != appID { return .failure(.forbidden) }
    guard let key = credential("x-algolia-api-key") else { return .failure(.forbidden) }
    if Self.equal(key, configuration.adminKey) { return .success(.admin) }
    guard case .acl(let needed) = access else { return .failure(.forbidden) }
    let address = context.remoteAddress?.ipAddress ?? ""
    let referer = request.headers[.referer] ?? request.headers[.origin]
    func admit(_ spec: APIKeySpec, identity: String) -> APIError? {
      if spec.isExpired() { return APIError(403, "The API key has expired") }
      guard spec.acl.contains(needed) else { return APIError(403, "Method not allowed with this API key") }
      guard spec.allows(referer: referer) else { return APIError(403, "This API key is not valid from this referer") }
      if let limit = spec.maxQueriesPerIPPerHour, !limiter.allow(spec.key + " " + identity, limit: limit) {
        return APIError(429, "Too Many Requests")
      }
      return nil
    }
    if let spec = keys.spec(for: key) {
      return admit(spec, identity: address).map { .failure($0) } ?? .success(.key(spec))
    }
    // Only keys that may search are parents of secured keys.
    guard let secured = SecuredAPIKey(key, parents: keys.all.filter { $0.acl.contains("search") }.map(\.key)),
      let spec = keys.spec(for: secured.parent)
    else { return .failure(.forbidden) }
    guard needed == "search" || needed == "browse" else {
      return .failure(APIError(403, "Method not allowed with this API key"))
    }
    if let validUntil = secured.validUntil, validUntil < Date().timeIntervalSince1970 {
      return .failure(APIError(403, "The validity of the secured API key has expired"))
    }
    if let sources = secured.parameters["restrictSources"], !sources.isEmpty,
      !SourceRange.contains(sources, address: context.remoteAddress?.ipAddress)
    {
      return .failure(APIError(403, "This secured API key is not valid from this source"))
    }
    // A secured key's userToken, when it has one, is who the rate limit counts.
    let identity = secured.parameters["userToken"].map { "user:" + $0 } ?? address
    return admit(spec, identity: identity).map { .failure($0) } ?? .success(.secured(secured, spec))
  }

  /// Compares keys in a time that depends on their lengths only.
  static func equal(_ lhs: String, _ rhs: String) -> Bool {
    let (left, right) = (Array(lhs.utf8), Array(rhs.utf8))
    guard left.count == right.count else { return false }
    return zip(left, right).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }

  /// The percent-decoded path parameter `name`.
  static func parameter(_ context: ServerContext, _ name: String) throws(APIError) -> String {
    guard let raw = context.parameters.get(name), let decoded = raw.removingPercentEncoding else {
      throw APIError(400, "missing or malformed \(name) in the path")
    }
    return decoded
  }

  /// Algolia's timestamp form: `2026-11-23T17:00:00.000Z`.
  static func timestamp(_ date: Date = Date()) -> JSON {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return .string(formatter.string(from: date))
  }
}
