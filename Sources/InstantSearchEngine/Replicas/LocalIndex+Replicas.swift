import InstantSearchCore

extension LocalIndex {
  /// The replicas the settings declare, in their order.
  public var replicas: [LocalReplica] {
    let declared = settings.replicas
    let known = replicaSet.withLock { $0 }
    return declared.compactMap { known[$0.name] }
  }

  /// The replica named `name`, if the settings declare it.
  public func replica(named name: String) -> LocalReplica? {
    replicaSet.withLock { $0[name] }
  }

  /// Keeps one replica per entry of `settings.replicas`: a new entry gets a replica starting with the
  /// primary's settings, a removed one loses its replica, one that changes kind (standard ⇄ virtual)
  /// starts again; the others keep their settings.
  func syncReplicas(_ settings: IndexSettings) {
    replicaSet.withLock { replicas in
      let wanted = Dictionary(settings.replicas.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
      if replicas.count == wanted.count, replicas.allSatisfy({ wanted[$0.key]?.isVirtual == $0.value.isVirtual }) {
        return
      }
      var next: [String: LocalReplica] = [:]
      for (replicaName, replica) in wanted {
        if let existing = replicas[replicaName], existing.isVirtual == replica.isVirtual {
          next[replicaName] = existing
          continue
        }
        var initial = settings
        initial.replicas = []
        initial.primary = name
        next[replicaName] = LocalReplica(replica, primaryName: name, source: current, settings: initial)
      }
      replicas = next
    }
  }
}
