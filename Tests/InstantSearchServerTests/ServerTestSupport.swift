import Foundation
import InstantSearchCore
import InstantSearchEngine
import InstantSearchServer
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A server on 127.0.0.1 (a free port) for the duration of `body`, and a way to call it.
struct RunningServer: Sendable {
  let port: Int
  let store: IndexStore
  static let adminKey = "admin-key-for-tests"
  static let searchKey = "search-key-for-tests"

  /// Starts a server of `store` (in memory by default), runs `body`, stops it.
  static func with(
    store: IndexStore? = nil, maximumBodyBytes: Int = 10 << 20, keys: [APIKeySpec] = [APIKeySpec(key: searchKey)],
    trustsLoopback: Bool = true, corsOrigins: [String]? = nil, tls: ServerTLS? = nil,
    _ body: @Sendable (RunningServer) async throws -> Void
  ) async throws {
    let store = try store ?? IndexStore(directory: nil)
    let server = try SearchServer(
      store: store,
      configuration: ServerConfiguration(
        port: 0, adminKey: adminKey, searchKeys: keys, maximumBodyBytes: maximumBodyBytes,
        logLevel: .critical, trustsLoopback: trustsLoopback, corsOrigins: corsOrigins, tls: tls))
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        // The server's tasks run on threads of their own, not on the cooperative pool, which the tests
        // running beside it (synchronous engine work among them) may keep busy for a long time on a
        // loaded two-core machine.
        try await withTaskExecutorPreference(ServerThreads.shared) {
          try await server.run { port in
            continuation.yield(port)
            continuation.finish()
          }
        }
      }
      var port = 0
      for await value in ports {
        port = value
        break
      }
      try await body(RunningServer(port: port, store: store))
      group.cancelAll()
    }
  }

  /// Sends `method path` with `body` (JSON text), `key` (none when empty) and extra `headers`; returns the
  /// status and the body as JSON.
  func call(
    _ method: String, _ path: String, _ body: String? = nil, key: String = adminKey, headers: [String: String] = [:]
  ) async throws -> (status: Int, json: JSON) {
    var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)\(path)")))
    request.httpMethod = method
    // An empty key sends no credentials (a health check, or credentials in the query string).
    if !key.isEmpty {
      request.setValue(key, forHTTPHeaderField: "X-Algolia-API-Key")
      request.setValue("TESTAPP", forHTTPHeaderField: "X-Algolia-Application-Id")
    }
    request.httpBody = body.map { Data($0.utf8) }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await URLSession.shared.data(for: request)
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    let json = data.isEmpty ? JSON.null : try JSONDecoder().decode(JSON.self, from: data)
    return (status, json)
  }

  /// Our own Algolia client pointed at the server. Its deadlines are real time, and a loaded two-core CI
  /// machine can leave the server's handlers waiting seconds for a thread: the 7 s of Algolia's defaults
  /// failed there; no test here is about the deadline, so it is 90 s.
  func algoliaClient(key: String = adminKey) -> AlgoliaSearchClient {
    AlgoliaSearchClient(
      appID: "TESTAPP", apiKey: key,
      configuration: .init(
        hosts: [AlgoliaHost(scheme: "http", host: "127.0.0.1", port: port)], connectTimeout: .seconds(30),
        readTimeout: .seconds(60)))
  }
}

/// The threads the test servers' tasks run on: a concurrent dispatch queue, whose threads the system adds
/// as they block, unlike Swift's cooperative pool (one thread a core).
final class ServerThreads: TaskExecutor {
  static let shared = ServerThreads()
  private let queue = DispatchQueue(label: "test-server", attributes: .concurrent)

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}
