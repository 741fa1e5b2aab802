import Foundation
import InstantSearchCore
import InstantSearchEngine

/// A multi-query body, `{"requests":[{"indexName":…, …params}], "strategy":"none"}`.
struct RequestBody {
  let queries: [IndexedQuery]
  let strategy: MultipleQueriesStrategy

  init(json data: Data, defaultIndex: String?) throws {
    guard case .object(let object)? = try? JSONDecoder().decode(JSON.self, from: data) else {
      throw EngineError.invalidParameter("the body must be a JSON object with \"requests\"")
    }
    guard case .array(let requests)? = object["requests"] else {
      throw EngineError.invalidParameter("\"requests\" must be an array")
    }
    var queries: [IndexedQuery] = []
    for (index, request) in requests.enumerated() {
      guard case .object(var parameters) = request else {
        throw EngineError.invalidParameter("requests[\(index)] must be an object")
      }
      let name = parameters.removeValue(forKey: "indexName")?.stringValue ?? defaultIndex
      guard let name else { throw EngineError.invalidParameter("requests[\(index)].indexName is missing") }
      parameters["type"] = nil
      do {
        queries.append(IndexedQuery(indexName: name, query: try Query(jsonObject: parameters)))
      } catch {
        throw EngineError.invalidParameter("requests[\(index)].\(error)")
      }
    }
    queries = queries.map { $0 }
    self.queries = queries
    switch object["strategy"]?.stringValue {
    case nil, "none": strategy = .none
    case "stopIfEnoughMatches": strategy = .stopIfEnoughMatches
    case let other?: throw EngineError.invalidParameter("strategy must be none or stopIfEnoughMatches, got \(other)")
    }
  }
}

/// Loading an index from files, with a progress bar on a terminal.
enum IndexLoading {
  static func load(records: String, settings: String?, name: String) throws -> LocalIndex {
    var indexSettings = IndexSettings()
    if let settings {
      let data = try Data(contentsOf: URL(fileURLWithPath: settings))
      indexSettings = try IndexSettings(jsonData: data)
    }
    let index = LocalIndex(name: name, settings: indexSettings)
    let url = URL(fileURLWithPath: records)
    if records.hasSuffix(".json") {
      try index.loadJSON(try Data(contentsOf: url))
    } else {
      let bar = ProgressBar()
      try index.loadJSONLines(contentsOf: url) { progress in bar.update(progress) }
      bar.finish()
    }
    return index
  }
}
