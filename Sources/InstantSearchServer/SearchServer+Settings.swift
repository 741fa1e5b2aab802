import Foundation
import HTTPTypes
import Hummingbird
import InstantSearchEngine
import InstantSearchModel

extension SearchServer {
  /// Settings, task status and the list of indices.
  func addSettingsRoutes(to router: Router<ServerContext>) {
    router.get(
      "/1/indexes/:index/settings",
      use: handler(.search) { [store] call throws(APIError) in
        let context = call.context
        let index = try Self.parameter(context, "index")
        if let local = store.client.index(named: index) { return .json(.object(local.settings.answeredJSONObject)) }
        if let replica = store.client.replica(named: index) {
          return .json(.object(replica.settings.answeredJSONObject))
        }
        throw .indexDoesNotExist
      })
    router.put(
      "/1/indexes/:index/settings",
      use: handler(.acl("editSettings")) { [store] call throws(APIError) in
        let context = call.context
        let json = call.json
        let index = try Self.parameter(context, "index")
        guard let changes = json?.objectValue else { throw APIError(400, "the settings must be a JSON object") }
        let task = try Self.writing { () throws(EngineError) in
          try store.updateSettings(changes, of: index, forward: call.forwardsToReplicas, grant: call.grant)
        }
        return .json(["updatedAt": Self.timestamp(), "taskID": .number(Double(task))])
      })
    router.get(
      "/1/indexes/:index/task/:task",
      use: handler(.acl("addObject")) { [store] call throws(APIError) in
        let context = call.context
        let raw = try Self.parameter(context, "task")
        guard let task = Int(raw) else { throw APIError(400, "taskID must be an integer, got \(raw)") }
        // Writes are applied before they are answered: every task given out is published.
        return .json(["status": task <= store.newestTask ? "published" : "notPublished", "pendingTask": false])
      })
    router.get(
      "/1/task/:task",
      use: handler(.acl("editSettings")) { [store] call throws(APIError) in
        // An application task (Algolia's getAppTask): task numbers are shared by the whole server.
        let raw = try Self.parameter(call.context, "task")
        guard let task = Int(raw) else { throw APIError(400, "taskID must be an integer, got \(raw)") }
        return .json(["status": task <= store.newestTask ? "published" : "notPublished"])
      })
    router.get(
      "/1/indexes",
      use: handler(.acl("listIndexes")) { [store] call throws(APIError) in
        // A key restricted to some indices lists those only.
        let indices = try Self.searching { () throws(EngineError) in try store.list() }.filter { entry in
          if case .key(let spec) = call.grant { return spec.allows(index: entry.name) }
          return true
        }
        // Paged only when `page` is given (Algolia's listIndices: `hitsPerPage` defaults to 100).
        let parameters = call.request.uri.queryParameters
        let page = try Self.queryInteger(parameters.get("page"), "page", in: 0...1_000_000)
        let perPage = try Self.queryInteger(parameters.get("hitsPerPage"), "hitsPerPage", in: 1...1_000) ?? 100
        let shown = page.map { Array(indices.dropFirst($0 * perPage).prefix(perPage)) } ?? indices
        let items: [JSON] = shown.map { entry in
          [
            "name": .string(entry.name), "entries": .number(Double(entry.entries)),
            "createdAt": Self.timestamp(entry.createdAt), "updatedAt": Self.timestamp(entry.updatedAt),
            "dataSize": .number(Double(entry.fileSize)), "fileSize": .number(Double(entry.fileSize)),
            "lastBuildTimeS": .number(Double(entry.lastBuildSeconds)),
            // Writes are applied before they are answered: none is ever pending.
            "numberOfPendingTasks": 0, "pendingTask": false,
          ]
        }
        let pages = page == nil ? 1 : (indices.count + perPage - 1) / perPage
        return .json(["items": .array(items), "nbPages": .number(Double(pages))])
      })
  }
}

extension IndexStore {
  /// Changes the settings `changes` names (Algolia's settings update only the keys given) of index or
  /// replica `name`, and with `forward` of its replicas (all but `replicas`); returns the task number.
  /// The index's query rules and synonyms are kept (they are not settings to Algolia).
  func updateSettings(
    _ changes: [String: JSON], of name: String, forward: Bool = false, grant: Grant = .admin
  ) throws(EngineError) -> Int {
    var changes = changes
    changes["rules"] = nil
    changes["synonyms"] = nil
    var forwarded = changes
    forwarded["replicas"] = nil
    forwarded["primary"] = nil
    let isPrimary = client.replica(named: name) == nil
    return try changeSettings(of: name, forward: forward) { settings, isReplica throws(EngineError) in
      let merged = try IndexSettings(
        json: settings.storedJSONObject.merging(isReplica && isPrimary ? forwarded : changes) { _, new in new })
      if !isReplica {
        try checkNewReplicas(
          merged.replicas.map(\.name), of: name, known: settings.replicas.map(\.name), grant: grant)
      }
      settings = merged
    }
  }

  /// Refuses replicas that `primary`'s new settings would add when they name an index that exists (a
  /// primary would silently become a replica: its writes refused from then on), another index's replica,
  /// or an index `grant` may not use.
  private func checkNewReplicas(_ names: [String], of primary: String, known: [String], grant: Grant)
    throws(EngineError)
  {
    for replica in names where !known.contains(replica) {
      if replica == primary || index(named: replica) != nil {
        throw .invalidParameter("replicas: \(replica) is an existing index, it cannot become a replica of \(primary)")
      }
      if let other = client.replica(named: replica), other.primaryName != primary {
        throw .invalidParameter("replicas: \(replica) is already a replica of \(other.primaryName)")
      }
      do {
        try grant.check(index: replica)
        try IndexName.check(replica)
      } catch {
        throw .invalidParameter("replicas: \(replica): \(error.message)")
      }
    }
  }
}

extension SearchServer {
  /// A whole number a query string gives as `name` (`nil` when absent), within `range`.
  static func queryInteger(_ text: String?, _ name: String, in range: ClosedRange<Int>) throws(APIError) -> Int? {
    guard let text else { return nil }
    guard text.utf8.count <= 12, let value = Int(text), range.contains(value) else {
      throw APIError(
        400,
        "\(name): a whole number from \(range.lowerBound) to \(range.upperBound) is expected, got \(text.prefix(40))")
    }
    return value
  }
}
