import Foundation
import InstantSearchAlgolia
import InstantSearchEngine
import InstantSearchModel

/// `instantsearch sync`: the path from one server to Algolia's distributed service, which the same clients
/// already speak. Pushes an index directory — records, settings, synonyms, rules — to an application
/// through Algolia's REST API, or pulls one back into a new index directory (through browse).
///
/// A push builds the index under a temporary name and then moves it over the target (Algolia's
/// `operation: move`), so searches of the target see the old index or the new one, never half of it.
public struct IndexSync: Sendable {
  /// The application's ID.
  public let appID: String
  private let apiKey: String
  /// The host requests go to (`APPID.algolia.net` by default; a local server in tests).
  public let host: AlgoliaHost
  private let transport: any HTTPTransport
  /// Records a batch request carries: 1,000.
  public static let batchSize = 1_000
  /// How many times a push asks whether its last task is published before giving up: 600.
  public static let maximumTaskPolls = 600

  /// Talks to application `appID` with `apiKey` (an admin key, or one with `addObject`, `editSettings`,
  /// `deleteIndex` and `browse`), at `host` (default: the application's own host).
  public init(
    appID: String, apiKey: String, host: AlgoliaHost? = nil, transport: any HTTPTransport = URLSessionTransport()
  ) {
    self.appID = appID
    self.apiKey = apiKey
    self.host = host ?? AlgoliaHost(host: "\(appID).algolia.net")
    self.transport = transport
  }

  /// Pushes the index directory `directory` to the application as `index`, replacing what `index` held;
  /// returns the records pushed. The index's `replicas` setting is left out (a replica is an index of its
  /// own there).
  ///
  /// - Throws: ``APIError`` with the application's status and message, or `DurableError` for the directory.
  public func push(directory: String, as index: String) async throws -> Int {
    let local = try DurableIndex.readOnly(directory: directory)
    let temporary = index + "_sync_tmp"
    let path = "/1/indexes/" + Self.escaped(temporary)
    var settings = local.settings.jsonObject
    settings["replicas"] = nil
    _ = try await call("POST", path + "/clear", nil)
    _ = try await call("PUT", path + "/settings", .object(settings))
    let ids = local.objectIDs(count: local.recordCount)
    var pushed = 0
    for start in stride(from: 0, to: ids.count, by: Self.batchSize) {
      let records = ids[start..<min(ids.count, start + Self.batchSize)].compactMap { local.record(objectID: $0) }
      let requests: [JSON] = records.map { ["action": "addObject", "body": .object($0)] }
      _ = try await call("POST", path + "/batch", ["requests": .array(requests)])
      pushed += records.count
    }
    _ = try await call(
      "POST", path + "/synonyms/batch?replaceExistingSynonyms=true", .array(local.settings.synonyms.map(\.json)))
    let last = try await call(
      "POST", path + "/rules/batch?clearExistingRules=true", .array(local.settings.rules.map(\.json)))
    try await waitFor(last, of: temporary)
    let moved = try await call("POST", path + "/operation", ["operation": "move", "destination": .string(index)])
    try await waitFor(moved, of: index)
    return pushed
  }

  /// Pulls `index` from the application into a new index directory `directory` (records through browse,
  /// settings, synonyms and rules); returns the records pulled.
  public func pull(index: String, into directory: String) async throws -> Int {
    let path = "/1/indexes/" + Self.escaped(index)
    guard case .object(let settingsJSON) = try await call("GET", path + "/settings", nil) else {
      throw APIError(502, "the settings of \(index) are not an object")
    }
    var settings = try SearchServer.searching { () throws(EngineError) in try IndexSettings(json: settingsJSON) }
    settings.replicas = []
    settings.synonyms = try await pages(path + "/synonyms/search").map { json throws in try Synonym(json: json) }
    settings.rules = try await pages(path + "/rules/search").map { json throws in try QueryRule(json: json) }
    let durable = try DurableIndex(directory: directory, name: index, settings: settings, durability: .full)
    var pulled = 0
    var body: JSON = ["hitsPerPage": 1_000, "attributesToHighlight": [], "attributesToSnippet": []]
    while true {
      let page = try await call("POST", path + "/browse", body)
      // The members a search answer adds to a record are not the record's.
      let records = (page["hits"]?.arrayValue ?? []).compactMap(\.objectValue).map { record in
        record.filter { !Self.answerMembers.contains($0.key) }
      }
      if !records.isEmpty { try durable.saveRecords(records) }
      pulled += records.count
      guard let cursor = page["cursor"]?.stringValue else { break }
      body = ["cursor": .string(cursor)]
    }
    try durable.commit()
    return pulled
  }

  /// The members a search or browse answer adds to each hit.
  static let answerMembers: Set<String> = ["_highlightResult", "_snippetResult", "_rankingInfo", "_distinctSeqID"]

  /// Every hit of a synonyms or rules search, page after page.
  private func pages(_ path: String) async throws -> [JSON] {
    var hits: [JSON] = []
    for page in 0..<10_000 {
      let answer = try await call("POST", path, ["query": "", "hitsPerPage": 1_000, "page": .number(Double(page))])
      let found = answer["hits"]?.arrayValue ?? []
      hits += found
      if found.count < 1_000 { break }
    }
    return hits
  }

  /// Waits until the task a write answered (`taskID`) is published on `index`.
  private func waitFor(_ answer: JSON, of index: String) async throws {
    guard let task = answer["taskID"]?.doubleValue, task.isFinite, task >= 0, task < 1e15 else { return }
    for poll in 0..<Self.maximumTaskPolls {
      let status = try await call("GET", "/1/indexes/\(Self.escaped(index))/task/\(Int(task))", nil)
      if status["status"] == "published" { return }
      try await Task.sleep(for: .milliseconds(poll < 10 ? 50 : 500))
    }
    throw APIError(504, "task \(Int(task)) of \(index) was not published after \(Self.maximumTaskPolls) checks")
  }

  /// Sends `method path` with `body`; the answer's JSON, or ``APIError`` with its status and message.
  private func call(_ method: String, _ path: String, _ body: JSON?) async throws -> JSON {
    guard let url = host.url(path: path) else { throw APIError(400, "no URL for \(path)") }
    let request = HTTPRequest(
      method: method, url: url,
      headers: [
        "X-Algolia-Application-Id": appID, "X-Algolia-API-Key": apiKey, "Content-Type": "application/json",
      ], body: body.map { Data($0.description.utf8) })
    let response = try await transport.send(request, timeout: .seconds(30))
    let json = response.body.isEmpty ? JSON.null : try JSONDecoder().decodeBounded(JSON.self, from: response.body)
    guard (200..<300).contains(response.status) else {
      throw APIError(response.status, json["message"]?.stringValue ?? "HTTP \(response.status) for \(method) \(path)")
    }
    return json
  }

  /// An index name as a path segment.
  static func escaped(_ name: String) -> String {
    name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
  }
}
