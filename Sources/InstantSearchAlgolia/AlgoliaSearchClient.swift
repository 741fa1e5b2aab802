import Foundation
import InstantSearchModel

/// A `SearchClient` (the model's protocol) for the Algolia service, over its REST protocol, with no
/// dependency beyond Foundation.
///
/// Requests go to the read hosts in order (`{appID}-dsn.algolia.net`, then the three
/// `algolianet.com` fallbacks, shuffled). A network error, a timeout or a 5xx answer moves on to the
/// next host and skips the failed one for ``Configuration/hostDownDuration`` (5 minutes); a 4xx answer
/// fails at once with the server's message; when every host has failed the error is
/// ``AlgoliaError/unreachableHosts(_:)`` with each attempt's failure. The deadline of the n-th attempt
/// of a call (from 0) is `connectTimeout + readTimeout × (n + 1)`.
public struct AlgoliaSearchClient: SearchClient {
  /// Client settings.
  public struct Configuration: Sendable {
    /// The hosts, in order; `nil` for Algolia's read hosts of the application.
    public var hosts: [AlgoliaHost]?
    /// Time allowed to connect, part of every attempt's deadline.
    public var connectTimeout: Duration
    /// Time allowed to read the answer; multiplied by the attempt number.
    public var readTimeout: Duration
    /// How long a failed host is skipped.
    public var hostDownDuration: Duration
    /// The clock deadlines and down times are measured on.
    public var clock: any Clock<Duration>
    /// How requests are sent.
    public var transport: any HTTPTransport
    /// Extra `User-Agent` segments, such as `"MyApp (1.2)"`.
    public var userAgentSegments: [String]
    /// The largest response body accepted, in bytes (50 MB by default). A larger answer is never held:
    /// the transport stops reading it and the call fails with ``AlgoliaError/responseTooLarge(limit:)``.
    /// Raise it for pages of many large records (1,000 hits of 100 KB records are 100 MB).
    public var maximumResponseBytes: Int

    /// Creates settings; the defaults are Algolia's (connect 2 s, read 5 s, hosts down for 5 minutes).
    public init(
      hosts: [AlgoliaHost]? = nil, connectTimeout: Duration = .seconds(2), readTimeout: Duration = .seconds(5),
      hostDownDuration: Duration = .seconds(300), clock: any Clock<Duration> = ContinuousClock(),
      transport: any HTTPTransport = URLSessionTransport(), userAgentSegments: [String] = [],
      maximumResponseBytes: Int = 50 << 20
    ) {
      self.hosts = hosts
      self.connectTimeout = connectTimeout
      self.readTimeout = readTimeout
      self.hostDownDuration = hostDownDuration
      self.clock = clock
      self.transport = transport
      self.userAgentSegments = userAgentSegments
      self.maximumResponseBytes = maximumResponseBytes
    }
  }

  /// The application ID.
  public let appID: String
  private let apiKey: String
  private let configuration: Configuration
  private let clock: ClockFunctions
  private let pool: HostPool

  /// The `User-Agent` this client sends.
  public var userAgent: String {
    (["Algolia for Swift (InstantSearch for Swift \(InstantSearchVersion.current))", "Swift (\(Self.swiftVersion))"]
      + configuration.userAgentSegments).joined(separator: "; ")
  }

  /// Creates a client for an Algolia application.
  public init(appID: String, apiKey: String, configuration: Configuration = Configuration()) {
    self.appID = appID
    self.apiKey = apiKey
    self.configuration = configuration
    let clock = ClockFunctions(configuration.clock)
    self.clock = clock
    self.pool = HostPool(
      hosts: configuration.hosts ?? AlgoliaHost.readHosts(appID: appID),
      downDuration: configuration.hostDownDuration, clock: clock)
  }

  /// Multi-query search: `POST /1/indexes/*/queries`.
  public func search(_ queries: [IndexedQuery], strategy: MultipleQueriesStrategy) async throws -> [SearchResponse] {
    let requests: [JSON] = queries.map { query in
      var object = query.query.jsonObject
      object["indexName"] = .string(query.indexName)
      return .object(object)
    }
    let body: JSON = ["requests": .array(requests), "strategy": .string(strategy.rawValue)]
    let data = try await post(path: "/1/indexes/*/queries", body: body)
    let results: MultiSearchResults
    do {
      results = try JSONDecoder().decodeBounded(MultiSearchResults.self, from: data)
    } catch let error as DecodingError {
      throw AlgoliaError.malformedResponse(ResponseDecodingError(error))
    } catch {
      throw AlgoliaError.malformedResponse(ResponseDecodingError(path: "", message: "\(error)"))
    }
    guard results.results.count == queries.count else {
      throw SearchError.responseCountMismatch(expected: queries.count, received: results.results.count)
    }
    return results.results
  }

  /// Search for facet values: `POST /1/indexes/{index}/facets/{facet}/query`.
  public func searchForFacetValues(
    indexName: String, attribute: Attribute, facetQuery: String, query: Query, maxFacetHits: Int?
  ) async throws -> FacetSearchResponse {
    var body: [String: JSON] = ["params": .string(query.urlEncodedParameters), "facetQuery": .string(facetQuery)]
    if let maxFacetHits { body["maxFacetHits"] = .number(Double(maxFacetHits)) }
    let path =
      "/1/indexes/\(Query.percentEncode(indexName))/facets/\(Query.percentEncode(attribute.rawValue))/query"
    let data = try await post(path: path, body: .object(body))
    do {
      return try JSONDecoder().decodeBounded(FacetSearchResponse.self, from: data)
    } catch let error as DecodingError {
      throw AlgoliaError.malformedResponse(ResponseDecodingError(error))
    }
  }

  /// Sends a POST with a JSON body through the retry strategy and returns the 2xx body.
  package func post(path: String, body: JSON) async throws -> Data {
    let bodyData = Data(body.description.utf8)
    var failures: [HostFailure] = []
    for (attempt, host) in await pool.candidates().enumerated() {
      guard let url = host.url(path: path) else { throw AlgoliaError.invalidRequest("no URL for \(host)\(path)") }
      let limit = max(configuration.maximumResponseBytes, 0)
      let request = HTTPRequest(
        method: "POST", url: url, headers: headers, body: bodyData, maximumResponseBytes: limit)
      let deadline = configuration.connectTimeout + configuration.readTimeout * (attempt + 1)
      let transport = configuration.transport
      do {
        let response = try await withDeadline(deadline, clock: clock) {
          try await transport.send(request, timeout: deadline)
        }
        switch response.status {
        case 200..<300:
          // Also for transports that do not enforce the limit themselves.
          guard response.body.count <= limit else { throw AlgoliaError.responseTooLarge(limit: limit) }
          await pool.markUp(host)
          return response.body
        case 400..<500:
          throw AlgoliaError.httpStatus(status: response.status, message: Self.message(in: response.body))
        default:
          await pool.markDown(host)
          failures.append(
            HostFailure(host: host, reason: .status(response.status, message: Self.message(in: response.body))))
        }
      } catch let error as AlgoliaError {
        throw error
      } catch let error as HTTPResponseTooLarge {
        // The same answer would come from any host: not retried, and the host is not at fault.
        throw AlgoliaError.responseTooLarge(limit: error.limit)
      } catch is DeadlineExceeded {
        await pool.markDown(host)
        failures.append(HostFailure(host: host, reason: .timeout(deadline)))
      } catch {
        if Task.isCancelled || error is CancellationError { throw CancellationError() }
        await pool.markDown(host)
        failures.append(HostFailure(host: host, reason: .network(Self.describe(error))))
      }
    }
    throw AlgoliaError.unreachableHosts(failures)
  }

  private var headers: [String: String] {
    [
      "X-Algolia-Application-Id": appID,
      "X-Algolia-API-Key": apiKey,
      "User-Agent": userAgent,
      "Content-Type": "application/json",
    ]
  }

  /// The `message` of an Algolia error body, or the body's text; at most
  /// ``maximumMessageLength`` characters, whatever the body's size.
  package static func message(in body: Data) -> String {
    let prefix = body.prefix(HTTPRequest.errorBodyPrefix)
    let message: String
    if let json = try? JSONDecoder().decodeBounded(JSON.self, from: prefix), let text = json["message"]?.stringValue {
      // A body that is not JSON is quoted as text below: the decoding error itself says nothing useful.
      message = text
    } else {
      let text = String(decoding: prefix, as: UTF8.self)
      message = text.isEmpty ? "(empty body)" : text
    }
    guard message.count > maximumMessageLength || prefix.count < body.count else { return message }
    return message.prefix(maximumMessageLength) + "… (\(body.count) bytes)"
  }

  /// The longest server message an error quotes: 1,000 characters.
  package static let maximumMessageLength = 1_000

  private static func describe(_ error: any Error) -> String {
    if let urlError = error as? URLError {
      return "network error \(urlError.code.rawValue): \(urlError.localizedDescription)"
    }
    return "\(error)"
  }

  private static var swiftVersion: String {
    #if swift(>=6.3)
      "6.3"
    #elseif swift(>=6.2)
      "6.2"
    #else
      "6"
    #endif
  }
}

/// The body of a multi-query answer.
private struct MultiSearchResults: Decodable {
  package let results: [SearchResponse]
}
