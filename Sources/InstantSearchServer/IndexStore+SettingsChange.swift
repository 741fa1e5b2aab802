import InstantSearchEngine
import InstantSearchModel

extension IndexStore {
  /// Applies `change` to the settings of index or replica `name` in one logged write, and returns the
  /// task. With `forward` (Algolia's `forwardToReplicas=true`), a primary's replicas — those it had
  /// before the change and still has — get the same change in the same write; `change` is told which
  /// settings are a replica's. An index that does not exist starts from the default settings.
  func changeSettings(
    of name: String, forward: Bool,
    _ change: (_ settings: inout IndexSettings, _ isReplica: Bool) throws(EngineError) -> Void
  ) throws(EngineError) -> Int {
    if let replica = client.replica(named: name) {
      var settings = replica.settings
      try change(&settings, true)
      return try write([.replicaSettings(replica: name, settings: settings)], to: replica.primaryName)
    }
    var settings = index(named: name)?.settings ?? IndexSettings()
    let before = Set(settings.replicas.map(\.name))
    try change(&settings, false)
    var writes: [IndexWrite] = [.settings(settings)]
    if forward {
      for entry in settings.replicas where before.contains(entry.name) {
        guard let replica = client.replica(named: entry.name) else { continue }
        var replicaSettings = replica.settings
        try change(&replicaSettings, true)
        writes.append(.replicaSettings(replica: entry.name, settings: replicaSettings))
      }
    }
    return try write(writes, to: name)
  }
}

extension Call {
  /// Whether the request asks for its change to reach the index's replicas too (`forwardToReplicas=true`).
  var forwardsToReplicas: Bool {
    request.uri.queryParameters.get("forwardToReplicas") == "true"
  }
}
