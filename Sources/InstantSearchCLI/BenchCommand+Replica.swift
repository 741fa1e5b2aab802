import Foundation
import InstantSearchCore
import InstantSearchEngine

extension BenchCommand {
  /// Declares a replica of `local` sorted by `criterion` (in memory: an index directory is left as it is),
  /// prints the resident memory it adds and the time of its first query (which computes its rank
  /// permutations), then times the workloads on it.
  func timeReplica(
    _ criterion: String, of local: LocalIndex, client: LocalSearchClient, workloads lines: [Workloads.Line]
  ) async throws -> [JSON] {
    let name = local.name + (virtual ? "_relevant" : "_sorted")
    let before = ResidentMemory.current()
    var settings = local.settings
    settings.replicas.append(IndexSettings.Replica(name: name, isVirtual: virtual))
    local.setSettings(settings)
    guard let replica = local.replica(named: name) else { throw EngineError.indexNotFound(name) }
    var own = replica.settings
    own.primary = nil
    if virtual {
      own.customRanking = [try IndexSettings.CustomRankingCriterion(criterion)]
    } else {
      own.ranking = [criterion] + IndexSettings.defaultRanking
    }
    try replica.setSettings(own)
    let clock = ContinuousClock()
    let start = clock.now
    _ = try replica.search(Query())
    let first = start.duration(to: clock.now)
    let after = ResidentMemory.current()
    var added = "unknown"
    if let before, let after { added = "\((after - before) / 1_048_576) MB" }
    print(
      "\(virtual ? "virtual" : "standard") replica \(name) by \(criterion): first query \(Self.milliseconds(first)) ms, "
        + "resident memory +\(added) (records shared with the primary)")
    return try await timeWorkloads(lines, client, suffix: " on " + name, on: name)
  }
}
