import Foundation
import Hummingbird
import InstantSearchEngine
import InstantSearchModel

extension SearchServer {
  /// Synonyms: save, get, delete, batch (optionally replacing all), clear, search.
  func addSynonymRoutes(to router: Router<ServerContext>) {
    router.put(
      "/1/indexes/:index/synonyms/:objectID",
      use: handler(.acl("editSettings")) { [store] call throws(APIError) in
        let index = try Self.parameter(call.context, "index")
        let objectID = try Self.parameter(call.context, "objectID")
        guard var object = call.json?.objectValue else { throw APIError(400, "the synonym must be a JSON object") }
        object["objectID"] = .string(objectID)
        let synonym = try Self.synonym(.object(object))
        let task = try Self.writing { () throws(EngineError) in
          try store.updateSynonyms(of: index, forward: call.forwardsToReplicas) {
            LocalIndex.merging([synonym], into: $0)
          }
        }
        return .json(["id": .string(objectID), "updatedAt": Self.timestamp(), "taskID": .number(Double(task))])
      })
    router.get(
      "/1/indexes/:index/synonyms/:objectID",
      use: handler(.search) { [store] call throws(APIError) in
        let index = try Self.parameter(call.context, "index")
        let objectID = try Self.parameter(call.context, "objectID")
        guard let synonym = try store.synonyms(of: index).first(where: { $0.objectID == objectID }) else {
          throw APIError(404, "Synonym set does not exist")
        }
        return .json(synonym.json)
      })
    router.delete(
      "/1/indexes/:index/synonyms/:objectID",
      use: handler(.acl("editSettings")) { [store] call throws(APIError) in
        let index = try Self.parameter(call.context, "index")
        let objectID = try Self.parameter(call.context, "objectID")
        guard try store.synonyms(of: index).contains(where: { $0.objectID == objectID }) else {
          throw APIError(404, "Synonym set does not exist")
        }
        let task = try Self.writing { () throws(EngineError) in
          try store.updateSynonyms(of: index, forward: call.forwardsToReplicas) {
            $0.filter { $0.objectID != objectID }
          }
        }
        return .json(["deletedAt": Self.timestamp(), "taskID": .number(Double(task))])
      })
    router.post(
      "/1/indexes/:index/synonyms/batch",
      use: handler(.acl("editSettings")) { [store] call throws(APIError) in
        let index = try Self.parameter(call.context, "index")
        guard let entries = call.json?.arrayValue else { throw APIError(400, "the body must be an array of synonyms") }
        var synonyms: [Synonym] = []
        for entry in entries { synonyms.append(try Self.synonym(entry)) }
        let replace = call.request.uri.queryParameters.get("replaceExistingSynonyms") == "true"
        let task = try Self.writing { () throws(EngineError) in
          try store.updateSynonyms(of: index, forward: call.forwardsToReplicas) {
            LocalIndex.merging(synonyms, into: replace ? [] : $0)
          }
        }
        return .json(["updatedAt": Self.timestamp(), "taskID": .number(Double(task))])
      })
    router.post(
      "/1/indexes/:index/synonyms/clear",
      use: handler(.acl("editSettings")) { [store] call throws(APIError) in
        let index = try Self.parameter(call.context, "index")
        let task = try Self.writing { () throws(EngineError) in
          try store.updateSynonyms(of: index, forward: call.forwardsToReplicas) { _ in [] }
        }
        return .json(["updatedAt": Self.timestamp(), "taskID": .number(Double(task))])
      })
    router.post(
      "/1/indexes/:index/synonyms/search",
      use: handler(.search) { [store] call throws(APIError) in
        let index = try Self.parameter(call.context, "index")
        let body = call.json?.objectValue ?? [:]
        let types = Set(
          (body["type"]?.stringValue ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
          }
          .filter { !$0.isEmpty })
        // A missing index has no synonyms: Algolia answers an empty search, not a 404.
        let found = (store.existingSynonyms(of: index) ?? []).matching(body["query"]?.stringValue ?? "", types: types)
        let perPage = try Self.integer(body["hitsPerPage"], "hitsPerPage", default: 100, in: 1...1000)
        let page = try Self.integer(body["page"], "page", default: 0, in: 0...1_000_000)
        let start = min(found.count, page * perPage)
        return .json([
          "hits": .array(found[start..<min(found.count, start + perPage)].map(\.json)),
          "nbHits": .number(Double(found.count)),
        ])
      })
  }

  static func synonym(_ json: JSON) throws(APIError) -> Synonym {
    do {
      return try Synonym(json: json)
    } catch {
      throw APIError(error)
    }
  }
}

extension IndexStore {
  /// The synonyms of index or replica `name`; a 404 `Index does not exist` when there is none.
  func synonyms(of name: String) throws(APIError) -> [Synonym] {
    guard let synonyms = existingSynonyms(of: name) else { throw .indexDoesNotExist }
    return synonyms
  }

  /// The synonyms of index or replica `name`, `nil` when there is none.
  func existingSynonyms(of name: String) -> [Synonym]? {
    index(named: name)?.synonyms ?? client.replica(named: name)?.settings.synonyms
  }

  /// Replaces the synonyms of index or replica `name` with what `change` makes of them (and of its
  /// replicas' with `forward`); returns the task.
  func updateSynonyms(of name: String, forward: Bool = false, _ change: ([Synonym]) -> [Synonym])
    throws(EngineError) -> Int
  {
    try changeSettings(of: name, forward: forward) { settings, _ in settings.synonyms = change(settings.synonyms) }
  }
}
