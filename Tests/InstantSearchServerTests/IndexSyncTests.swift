import Foundation
import InstantSearchCore
import InstantSearchEngine
import InstantSearchModel
import Testing

@testable import InstantSearchServer

@Suite("instantsearch sync: an index pushed to an Algolia application and pulled back (a second serve stands in)")
struct IndexSyncTests {
  @Test("Records, settings, synonyms and rules go over and come back; the target is replaced whole")
  func pushAndPull() async throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("sync-\(UUID())").path
    defer {
      do { try FileManager.default.removeItem(atPath: root) } catch { print("left behind: \(error)") }
    }
    var settings = try IndexSettings(json: ["searchableAttributes": ["name"], "customRanking": ["desc(n)"]])
    settings.synonyms = [try Synonym(json: ["objectID": "s1", "type": "synonym", "synonyms": ["tee", "shirt"]])]
    settings.rules = [
      try QueryRule(json: [
        "objectID": "r1", "conditions": [["pattern": "shirt", "anchoring": "is"]],
        "consequence": ["userData": ["banner": "shirts"]],
      ])
    ]
    let local = try DurableIndex(directory: root + "/local", name: "products", settings: settings)
    let records: [[String: JSON]] = (0..<2_500).map {
      ["objectID": .string("\($0)"), "name": .string("shirt \($0)"), "n": .number(Double($0))]
    }
    try local.saveRecords(records)
    try local.commit()
    try await RunningServer.with { server in
      _ = try await server.call("PUT", "/1/indexes/products/old", #"{"name":"left over"}"#)
      let sync = IndexSync(
        appID: "TESTAPP", apiKey: RunningServer.adminKey,
        host: AlgoliaHost(scheme: "http", host: "127.0.0.1", port: server.port))
      let pushed = try await sync.push(directory: root + "/local", as: "products")
      #expect(pushed == 2_500)
      let found = try await server.call("POST", "/1/indexes/products/query", #"{"query":"tee","hitsPerPage":1}"#)
      #expect(
        found.json["nbHits"] == 2_500 && found.json["hits"]?.arrayValue?.first?["objectID"] == "2499", "\(found.json)")
      #expect(found.json["userData"] == nil)
      let ruled = try await server.call("POST", "/1/indexes/products/query", #"{"query":"shirt","hitsPerPage":0}"#)
      #expect(ruled.json["userData"] == [["banner": "shirts"]], "\(ruled.json)")
      #expect(try await server.call("GET", "/1/indexes/products/old").status == 404, "the target is replaced whole")
      #expect(server.store.indexNames == ["products"], "the temporary index is gone")
      let pulled = try await sync.pull(index: "products", into: root + "/pulled")
      #expect(pulled == 2_500)
    }
    let back = try DurableIndex.readOnly(directory: root + "/pulled", name: "products")
    #expect(back.recordCount == 2_500)
    #expect(back.record(objectID: "7") == records[7])
    #expect(back.settings.customRanking == settings.customRanking)
    #expect(back.settings.synonyms == settings.synonyms && back.settings.rules == settings.rules)
  }
}
