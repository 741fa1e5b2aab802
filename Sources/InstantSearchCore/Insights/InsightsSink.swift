import Foundation

/// Where an ``InsightsClient`` sends its batches of events.
public protocol InsightsSink: Sendable {
  /// Sends one batch (at most 1,000 events).
  ///
  /// - Throws: ``InsightsError/rejected(status:message:)`` when the batch must be dropped (it would be
  ///   refused again), ``InsightsError/unavailable(_:)`` when it should be sent again later.
  func send(_ events: [InsightsEvent]) async throws(InsightsError)
}

/// Algolia's Insights REST API: `POST /1/events` on `insights.algolia.io` (or the region's host) with the
/// application's ID and API key (a key with the `search` ACL is enough).
public struct AlgoliaInsightsSink: InsightsSink {
  /// The application ID.
  public let appID: String
  private let apiKey: String
  /// The host events go to.
  public let host: AlgoliaHost
  private let transport: any HTTPTransport
  private let timeout: Duration

  /// A sink for application `appID`; `region` (`"us"`, `"de"`) picks the region's host, `host` any other
  /// (a local server in tests).
  public init(
    appID: String, apiKey: String, region: String? = nil, host: AlgoliaHost? = nil,
    transport: any HTTPTransport = URLSessionTransport(), timeout: Duration = .seconds(10)
  ) {
    self.appID = appID
    self.apiKey = apiKey
    self.host = host ?? AlgoliaHost(host: region.map { "insights.\($0).algolia.io" } ?? "insights.algolia.io")
    self.transport = transport
    self.timeout = timeout
  }

  /// The request of a batch: `POST /1/events` with `{"events": [...]}`.
  public func request(for events: [InsightsEvent]) throws(InsightsError) -> HTTPRequest {
    guard let url = host.url(path: "/1/events") else { throw .unavailable("no URL for \(host)") }
    let body: Data
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      body = try encoder.encode(["events": events])
    } catch {
      throw .invalidEvent("the events do not encode: \(error)")
    }
    return HTTPRequest(
      method: "POST", url: url,
      headers: [
        "X-Algolia-Application-Id": appID, "X-Algolia-API-Key": apiKey,
        "Content-Type": "application/json; charset=utf-8",
        "User-Agent": "Algolia insights for Swift (InstantSearch for Swift \(InstantSearchVersion.current))",
      ], body: body, maximumResponseBytes: 1 << 20)
  }

  /// Sends a batch: a 2xx answer is success, any other 4xx a refusal, a 5xx or a network error a failure
  /// worth retrying.
  public func send(_ events: [InsightsEvent]) async throws(InsightsError) {
    let request = try request(for: events)
    let response: HTTPResponse
    do {
      response = try await transport.send(request, timeout: timeout)
    } catch {
      throw .unavailable("\(error)")
    }
    switch response.status {
    case 200..<300: return
    case 400..<500: throw .rejected(status: response.status, message: Self.message(in: response.body))
    default: throw .unavailable("HTTP \(response.status): \(Self.message(in: response.body))")
    }
  }

  /// The `message` of an error body, else its text.
  static func message(in body: Data) -> String {
    let text = String(decoding: body.prefix(512), as: UTF8.self)
    do {
      guard case .object(let object) = try JSONDecoder().decodeBounded(JSON.self, from: body),
        let message = object["message"]?.stringValue
      else { return text }
      return message
    } catch {
      return text
    }
  }
}

/// A local sink: events appended to a JSON-lines file, one event a line — what the embedded engine's
/// apps use to see the events they would send (and tests, to read them back).
public struct JSONLinesInsightsSink: InsightsSink {
  /// The file events are appended to (created when missing).
  public let path: String

  /// A sink appending to `path`.
  public init(path: String) {
    self.path = path
  }

  /// Appends the events.
  public func send(_ events: [InsightsEvent]) async throws(InsightsError) {
    do {
      try EventFile.append(events, to: path)
    } catch {
      throw .unavailable("\(path): \(error)")
    }
  }
}
