import Foundation
import HTTPTypes
import Hummingbird
import InstantSearchEngine
import InstantSearchModel

extension SearchServer {
  /// Record writes, batches, clearing and deleting indices, settings, tasks and the index list.
  func addWriteRoutes(to router: Router<ServerContext>) {
    router.post(
      "/1/indexes/:index",
      use: handler(.acl("addObject")) { [store] call throws(APIError) in
        let context = call.context
        let json = call.json
        let index = try Self.parameter(context, "index")
        guard var record = json?.objectValue else { throw APIError(400, "the record must be a JSON object") }
        let objectID = record["objectID"]?.stringValue ?? UUID().uuidString.lowercased()
        record["objectID"] = .string(objectID)
        let task = try Self.writing { () throws(EngineError) in try store.write([.save([record])], to: index) }
        return .json(
          ["createdAt": Self.timestamp(), "taskID": .number(Double(task)), "objectID": .string(objectID)],
          status: .created)
      })
    router.put(
      "/1/indexes/:index/:objectID",
      use: handler(.acl("addObject")) { [store] call throws(APIError) in
        let context = call.context
        let json = call.json
        let index = try Self.parameter(context, "index")
        let objectID = try Self.parameter(context, "objectID")
        guard var record = json?.objectValue else { throw APIError(400, "the record must be a JSON object") }
        record["objectID"] = .string(objectID)
        let task = try Self.writing { () throws(EngineError) in try store.write([.save([record])], to: index) }
        return .json(["updatedAt": Self.timestamp(), "taskID": .number(Double(task)), "objectID": .string(objectID)])
      })
    router.post(
      "/1/indexes/:index/:objectID/partial",
      use: handler(.acl("addObject")) { [store] call throws(APIError) in
        let request = call.request
        let context = call.context
        let json = call.json
        let index = try Self.parameter(context, "index")
        let objectID = try Self.parameter(context, "objectID")
        guard let attributes = json?.objectValue else { throw APIError(400, "the attributes must be a JSON object") }
        let create = request.uri.queryParameters.get("createIfNotExists") != "false"
        let write = IndexWrite.partialUpdate(objectID: objectID, attributes: attributes, createIfNotExists: create)
        let task = try Self.writing { () throws(EngineError) in try store.write([write], to: index) }
        return .json(["updatedAt": Self.timestamp(), "taskID": .number(Double(task)), "objectID": .string(objectID)])
      })
    router.delete(
      "/1/indexes/:index/:objectID",
      use: handler(.acl("deleteObject")) { [store] call throws(APIError) in
        let context = call.context
        let index = try Self.parameter(context, "index")
        let objectID = try Self.parameter(context, "objectID")
        let task = try Self.writing { () throws(EngineError) in try store.write([.delete([objectID])], to: index) }
        return .json(["deletedAt": Self.timestamp(), "taskID": .number(Double(task))])
      })
    router.post(
      "/1/indexes/:index/batch",
      use: handler(.acl("addObject")) { [store] call throws(APIError) in
        let context = call.context
        let json = call.json
        let index = try Self.parameter(context, "index")
        if index == "*" { return try Self.multiIndexBatch(store, json, grant: call.grant) }
        let (writes, ids) =
          try Self.batch(json, defaultIndex: index).first.map { ($0.writes, $0.objectIDs) } ?? ([], [])
        try call.grant.check(writes: writes, to: index)
        let task = try Self.writing { () throws(EngineError) in try store.write(writes, to: index) }
        return .json(["taskID": .number(Double(task)), "objectIDs": .array(ids.map(JSON.string))])
      })
    router.post(
      "/1/indexes/:index/clear",
      use: handler(.acl("deleteIndex")) { [store] call throws(APIError) in
        let context = call.context
        let index = try Self.parameter(context, "index")
        let task = try Self.writing { () throws(EngineError) in try store.write([.clear], to: index) }
        return .json(["updatedAt": Self.timestamp(), "taskID": .number(Double(task))])
      })
    router.delete(
      "/1/indexes/:index",
      use: handler(.acl("deleteIndex")) { [store] call throws(APIError) in
        let context = call.context
        let index = try Self.parameter(context, "index")
        let task = try Self.writing { () throws(EngineError) in try store.deleteIndex(index) }
        return .json(["deletedAt": Self.timestamp(), "taskID": .number(Double(task))])
      })
    addSettingsRoutes(to: router)
  }

  /// Runs a write, answering engine errors as Algolia does.
  static func writing(_ body: () throws(EngineError) -> Int) throws(APIError) -> Int {
    do {
      return try body()
    } catch {
      throw APIError(error)
    }
  }

  /// `POST /1/indexes/*/batch`: each index's writes applied in order; one task per index.
  /// Nothing is written unless the key may do every write.
  static func multiIndexBatch(_ store: IndexStore, _ json: JSON?, grant: Grant) throws(APIError) -> Response {
    var tasks: [String: JSON] = [:]
    var ids: [JSON] = []
    let groups = try batch(json, defaultIndex: nil)
    for group in groups { try grant.check(writes: group.writes, to: group.index) }
    for group in groups {
      let task = try writing { () throws(EngineError) in try store.write(group.writes, to: group.index) }
      tasks[group.index] = .number(Double(task))
      ids += group.objectIDs.map(JSON.string)
    }
    return .json(["taskID": .object(tasks), "objectIDs": .array(ids)])
  }
}
