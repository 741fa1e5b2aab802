import InstantSearchModel

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
        let made = LocalReplica(replica, primaryName: name, source: current, settings: initial)
        made.dictionaries = dictionaries
        next[replicaName] = made
      }
      replicas = next
    }
  }

  /// Throws what applying the replica settings among `writes` would throw, each checked against the
  /// settings the writes before it leave: a replica the settings do not declare is
  /// ``EngineError/indexNotFound(_:)``, settings a replica cannot take are ``EngineError/invalidSettings(_:)``.
  func checkReplicaSettings(_ writes: [IndexWrite]) throws(EngineError) {
    var primary = settings
    for write in writes {
      switch write {
      case .settings(let settings): primary = settings
      case .replicaSettings(let replica, let settings):
        guard primary.replicas.contains(where: { $0.name == replica }) else { throw .indexNotFound(replica) }
        try LocalReplica.check(settings, replica: replica, primaryName: name, primary: primary)
      default: continue
      }
    }
  }

  /// Gives the replicas the settings that `writes` set for them, in order (after the writes are published:
  /// a replica they declare exists then).
  func applyReplicaSettings(_ writes: [IndexWrite]) throws(EngineError) {
    for case .replicaSettings(let name, let settings) in writes {
      guard let replica = replica(named: name) else { throw .indexNotFound(name) }
      try replica.setSettings(settings)
    }
  }
}
