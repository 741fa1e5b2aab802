import Foundation
import InstantSearchCore
import InstantSearchEngine
import InstantSearchServer
import Testing

@Suite("serve: the Dictionaries API, applied to every index's searches and kept in the data directory")
struct DictionariesEndpointTests {
  @Test("batch, search, settings and languages answer in Algolia's shapes; the entries apply to searches")
  func endpoints() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dict-\(UUID().uuidString)").path
    defer {
      do { try FileManager.default.removeItem(atPath: directory) } catch { Issue.record("cleanup: \(error)") }
    }
    try await RunningServer.with(store: try IndexStore(directory: directory)) { server in
      _ = try await server.call(
        "POST", "/1/indexes/products/batch",
        #"{"requests":[{"action":"addObject","body":{"objectID":"tap","name":"Water tap"}},{"action":"addObject","body":{"objectID":"faucets","name":"Faucets and sinks"}}]}"#
      )
      let query = #"{"query":"tap","ignorePlurals":["en"],"queryType":"prefixNone","typoTolerance":false}"#
      #expect(try await server.call("POST", "/1/indexes/products/query", query).json["nbHits"] == 1)
      let batch = try await server.call(
        "POST", "/1/dictionaries/plurals/batch",
        #"{"clearExistingDictionaryEntries":false,"requests":[{"action":"addEntry","body":{"objectID":"f","language":"en","words":["tap","faucets"]}}]}"#
      )
      #expect(batch.status == 200 && batch.json["taskID"] != nil, "\(batch.json)")
      #expect(try await server.call("POST", "/1/indexes/products/query", query).json["nbHits"] == 2)
      let found = try await server.call(
        "POST", "/1/dictionaries/plurals/search", #"{"query":"fauc","language":"en"}"#)
      #expect(found.json["nbHits"] == 1 && found.json["hits"]?.arrayValue?.first?["objectID"] == "f")
      let put = try await server.call(
        "PUT", "/1/dictionaries/*/settings", #"{"disableStandardEntries":{"stopwords":{"en":true}}}"#)
      #expect(put.status == 200)
      let settings = try await server.call("GET", "/1/dictionaries/*/settings")
      #expect(settings.json["disableStandardEntries"]?["stopwords"] == ["en": true])
      let languages = try await server.call("GET", "/1/dictionaries/*/languages")
      #expect(languages.json["en"]?["plurals"] == ["nbCustomEntries": 1])
      let compound = try await server.call(
        "POST", "/1/dictionaries/compounds/batch",
        #"{"requests":[{"action":"addEntry","body":{"objectID":"k","language":"de","word":"Kopfschmerz","decomposition":["kopf","schmerz"]}}]}"#
      )
      #expect(compound.status == 200, "\(compound.json)")
      let withCompound = try await server.call("GET", "/1/dictionaries/*/languages")
      #expect(withCompound.json["de"]?["compounds"] == ["nbCustomEntries": 1])
      #expect(try await server.call("POST", "/1/dictionaries/nouns/search", #"{"query":""}"#).status == 400)
      let searchKey = try await server.call(
        "POST", "/1/dictionaries/stopwords/batch", #"{"requests":[]}"#, key: RunningServer.searchKey)
      #expect(searchKey.status == 403)
    }
    // A restarted server has them.
    try await RunningServer.with(store: try IndexStore(directory: directory)) { server in
      let query = #"{"query":"tap","ignorePlurals":["en"],"queryType":"prefixNone","typoTolerance":false}"#
      #expect(try await server.call("POST", "/1/indexes/products/query", query).json["nbHits"] == 2)
      let settings = try await server.call("GET", "/1/dictionaries/*/settings")
      #expect(settings.json["disableStandardEntries"]?["stopwords"] == ["en": true])
    }
  }
}
