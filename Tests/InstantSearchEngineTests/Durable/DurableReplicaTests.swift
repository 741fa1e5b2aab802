import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// An index directory keeps its replicas' settings: logged like any write, kept in the manifest at a
/// commit, restored at open.
@Suite("Durable index: replicas")
struct DurableReplicaTests {
  static func settings() throws -> IndexSettings {
    try IndexSettings(json: [
      "searchableAttributes": ["name"], "replicas": ["by_price", "virtual(relevant)"],
      "customRanking": ["desc(popularity)"],
    ])
  }

  static let records: [[String: JSON]] = [
    ["objectID": "a", "name": "lamp", "price": 30, "popularity": 3],
    ["objectID": "b", "name": "lamp shade", "price": 10, "popularity": 1],
    ["objectID": "c", "name": "desk", "price": 20, "popularity": 2],
  ]

  static func byPrice(_ primary: IndexSettings) -> IndexSettings {
    var settings = primary
    settings.replicas = []
    settings.ranking = ["asc(price)"] + IndexSettings.defaultRanking
    return settings
  }

  static func ids(_ replica: LocalReplica?) throws -> [String] {
    try replica?.search(Query()).hits.map(\.objectID) ?? []
  }

  @Test("Replica settings survive reopening, from the log and from a commit")
  func reopen() throws {
    let folder = try ScratchFolder()
    let settings = try Self.settings()
    do {
      let durable = try DurableIndex(directory: folder.path, name: "products", settings: settings)
      try durable.saveRecords(Self.records)
      try durable.setSettings(Self.byPrice(settings), forReplica: "by_price")
      #expect(try Self.ids(durable.replica(named: "by_price")) == ["b", "c", "a"])
    }
    do {
      // From the log.
      let durable = try DurableIndex(directory: folder.path, name: "products")
      #expect(try Self.ids(durable.replica(named: "by_price")) == ["b", "c", "a"])
      #expect(try Self.ids(durable.replica(named: "relevant")) == ["a", "c", "b"])
      try durable.commit()
    }
    do {
      // From the manifest.
      let durable = try DurableIndex(directory: folder.path, name: "products")
      #expect(try Self.ids(durable.replica(named: "by_price")) == ["b", "c", "a"])
      #expect(try Self.ids(durable.replica(named: "relevant")) == ["a", "c", "b"])
      // And by a reader, which opens the index straight on the segments it reads.
      let reader = try DurableIndex.readOnly(directory: folder.path)
      #expect(try Self.ids(reader.replica(named: "by_price")) == ["b", "c", "a"])
      #expect(try Self.ids(reader.replica(named: "relevant")) == ["a", "c", "b"])
      // A replica dropped from the settings loses its settings; declared again, it starts afresh.
      var next = durable.index.settings
      next.replicas = [.init(name: "relevant", isVirtual: true)]
      try durable.setSettings(next)
      try durable.commit()
      next.replicas.append(.init(name: "by_price"))
      try durable.setSettings(next)
      #expect(try Self.ids(durable.replica(named: "by_price")) == ["a", "c", "b"])
    }
    let durable = try DurableIndex(directory: folder.path, name: "products")
    // By popularity, as the primary: the price sort was dropped with the replica.
    #expect(try Self.ids(durable.replica(named: "by_price")) == ["a", "c", "b"])
    #expect(durable.replica(named: "by_price")?.settings.ranking == IndexSettings.defaultRanking)
  }

  @Test("Settings for a replica that is not declared, or that it cannot take, are refused before logging")
  func refused() throws {
    let folder = try ScratchFolder()
    let settings = try Self.settings()
    let durable = try DurableIndex(directory: folder.path, name: "products", settings: settings)
    #expect(throws: EngineError.indexNotFound("nowhere")) {
      try durable.setSettings(Self.byPrice(settings), forReplica: "nowhere")
    }
    var wrong = Self.byPrice(settings)
    wrong.searchableAttributes = []
    #expect(throws: EngineError.self) { try durable.setSettings(wrong, forReplica: "by_price") }
    let log = try #require(try PosixFile.read(folder.path + "/log-0.wal"))
    #expect(try WriteAheadLog.replay(log, path: "log").payloads.isEmpty)
    // A settings write that declares a replica, then its settings, in one group.
    var declared = settings
    declared.replicas.append(.init(name: "newest"))
    try durable.index.apply([
      .settings(declared), .replicaSettings(replica: "newest", settings: Self.byPrice(declared)),
    ])
    #expect(durable.replica(named: "newest")?.settings.ranking.first == "asc(price)")
  }

  @Test("Settings that keep the index structures rebuild nothing: the next commit keeps the same images")
  func settingsWithoutRebuild() throws {
    let folder = try ScratchFolder()
    let settings = try Self.settings()
    let durable = try DurableIndex(directory: folder.path, name: "products", settings: settings)
    try durable.saveRecords(Self.records)
    try durable.commit()
    let files = try durable.files()
    let snapshot = durable.index.view.segments[0].snapshot
    var next = durable.index.settings
    next.hitsPerPage = 2
    next.replicas.append(.init(name: "more"))
    try durable.setSettings(next)
    #expect(durable.index.view.segments[0].snapshot.imageSource === snapshot)
    #expect(try durable.index.search(Query()).hits.map(\.objectID) == ["a", "c"])
    try durable.commit()
    #expect(try durable.files().filter { $0.hasSuffix(".seg") } == files.filter { $0.hasSuffix(".seg") })
    // Another ranking: the rank permutation changes, so the next commit writes a new image.
    next.customRanking = [.init(path: "price", isAscending: true)]
    try durable.setSettings(next)
    #expect(try durable.index.search(Query()).hits.map(\.objectID) == ["b", "c"])
    try durable.commit()
    #expect(try durable.files().filter { $0.hasSuffix(".seg") } != files.filter { $0.hasSuffix(".seg") })
    let reopened = try DurableIndex(directory: folder.path, name: "products")
    #expect(try reopened.index.search(Query()).hits.map(\.objectID) == ["b", "c"])
  }
}
