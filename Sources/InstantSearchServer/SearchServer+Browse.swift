import Foundation
import HTTPTypes
import Hummingbird
import InstantSearchEngine
import InstantSearchModel

extension SearchServer {
  /// Browse, delete by query, and copy/move of indices.
  func addBrowseRoutes(to router: Router<ServerContext>) {
    let browse = handler(.browse) { [store] call throws(APIError) in
      let index = try Self.parameter(call.context, "index")
      try call.grant.check(index: index)
      var object = call.json?.objectValue ?? [:]
      for (name, value) in call.request.uri.queryParameters where object[String(name)] == nil {
        object[String(name)] = .string(String(value))
      }
      return .json(try Self.browse(store, index: index, object, grant: call.grant))
    }
    router.post("/1/indexes/:index/browse", use: browse)
    router.get("/1/indexes/:index/browse", use: browse)
    router.post(
      "/1/indexes/:index/deleteByQuery",
      use: handler(.acl("deleteObject")) { [store] call throws(APIError) in
        let index = try Self.parameter(call.context, "index")
        guard let local = store.index(named: index) else { throw .indexDoesNotExist }
        let query = try Self.query(call.json?.objectValue ?? [:], at: "body")
        guard
          query.filters != nil || query.facetFilters != nil || query.numericFilters != nil
            || query.tagFilters != nil
        else { throw APIError(400, "deleteByQuery needs filters: deleting every record is `clear`") }
        let found = try Self.searching { () throws(EngineError) in
          try local.browse(query, offset: 0, count: Int.max)
        }
        let ids = found.hits.map(\.objectID)
        let task = try Self.writing { () throws(EngineError) in try store.write([.delete(ids)], to: index) }
        return .json(["updatedAt": Self.timestamp(), "taskID": .number(Double(task))])
      })
    router.post(
      "/1/indexes/:index/operation",
      use: handler(.acl("addObject")) { [store] call throws(APIError) in
        let index = try Self.parameter(call.context, "index")
        let object = call.json?.objectValue ?? [:]
        guard let operation = object["operation"]?.stringValue, ["copy", "move"].contains(operation),
          let destination = object["destination"]?.stringValue
        else { throw APIError(400, "operation must be copy or move, with a destination") }
        let scope = try IndexStore.CopyScope.parse(object["scope"])
        guard store.index(named: index) != nil else { throw .indexDoesNotExist }
        try call.grant.check(index: destination)
        if operation == "move" { try call.grant.require("deleteIndex") }
        let task = try Self.writing { () throws(EngineError) in
          try store.copy(index, to: destination, scope: scope, move: operation == "move")
        }
        return .json(["updatedAt": Self.timestamp(), "taskID": .number(Double(task))])
      })
  }

  /// A page of a browse: `cursor` (from the previous page) says where to go on and with which parameters.
  static func browse(_ store: IndexStore, index: String, _ body: [String: JSON], grant: Grant) throws(APIError)
    -> JSON
  {
    guard let local = store.index(named: index) else { throw .indexDoesNotExist }
    var object = body
    var offset = 0
    // A cursor may come inside the `params` string too (`params: "cursor=…"`).
    if case .string(let text)? = object["params"], text.contains("cursor=") {
      do {
        let fromParams = try Query.parameters(fromURLEncoded: text)
        object["params"] = nil
        object = fromParams.merging(object) { _, explicit in explicit }
      } catch {
        throw APIError(400, "params: \(error)")
      }
    }
    var cursorGiven = false
    if case .string(let cursor)? = object.removeValue(forKey: "cursor") {
      cursorGiven = true
      let decoded: JSON
      do {
        decoded = try JSONDecoder().decodeBounded(JSON.self, from: Data(base64Encoded: cursor) ?? Data())
      } catch {
        throw APIError(400, "invalid cursor: \(error)")
      }
      guard case .object(let state) = decoded, let position = state["offset"],
        let params = state["params"]?.stringValue
      else { throw APIError(400, "invalid cursor: not one this server gave") }
      do {
        offset = try CheckedNumber.integer(position, "cursor offset", in: 0...Int(UInt32.max))
      } catch {
        throw APIError(400, "invalid cursor: \(error)")
      }
      if object.isEmpty || object.keys.allSatisfy({ $0 == "hitsPerPage" }) { object["params"] = .string(params) }
    }
    let query = try grant.restrict(try Self.query(object, at: "body"))
    let count = min(max(query.hitsPerPage ?? 1000, 1), 1000)
    // The legacy browse (v1–v3 clients' `browse(page)`): `page` without a cursor starts there.
    if !cursorGiven, let page = query.page { offset = min(page, Int(UInt32.max) / count) * count }
    let clock = ContinuousClock()
    let started = clock.now
    let page = try searching { () throws(EngineError) in try local.browse(query, offset: offset, count: count) }
    let took = clock.now - started
    var result: [String: JSON] = [
      "hits": .array(page.hits.map { .object($0.object) }), "nbHits": .number(Double(page.nbHits)),
      "page": .number(Double(offset / count)), "nbPages": .number(Double((page.nbHits + count - 1) / count)),
      "hitsPerPage": .number(Double(count)),
      "processingTimeMS": .number((took / .milliseconds(1)).rounded(.down)), "query": .string(query.query ?? ""),
      "params": .string(query.urlEncodedParameters), "exhaustiveNbHits": true,
    ]
    let next = offset + page.hits.count
    if next < page.nbHits {
      let state: JSON = ["offset": .number(Double(next)), "params": .string(query.urlEncodedParameters)]
      result["cursor"] = .string(Data(state.description.utf8).base64EncodedString())
    }
    return .object(result)
  }
}

extension IndexStore {
  /// What a copy takes from its source when the operation gives a `scope` (Algolia's `scope`): records are
  /// never among them — a scoped copy leaves the destination's records, and the parts not named, as they
  /// were.
  enum CopyScope: String, CaseIterable, Sendable {
    case settings, synonyms, rules

    /// `scope` as the operation's body gives it: `nil` (absent or `null`: everything is copied), else a
    /// list of 1 to 3 of `settings`, `synonyms`, `rules`.
    static func parse(_ value: JSON?) throws(APIError) -> Set<CopyScope>? {
      guard let value, value != .null else { return nil }
      guard case .array(let items) = value, (1...allCases.count * 4).contains(items.count) else {
        throw APIError(400, "scope: expected a list of settings, synonyms and rules, found \(value.preview)")
      }
      var scope = Set<CopyScope>()
      for item in items {
        guard let name = item.stringValue, let part = CopyScope(rawValue: name) else {
          throw APIError(400, "scope: \(item.preview) is not one of settings, synonyms, rules")
        }
        scope.insert(part)
      }
      return scope
    }
  }

  /// Copies index `source` to `destination`: without `scope`, everything — records, settings (less
  /// `replicas`), synonyms and rules — replacing the destination; with one, only the parts it names, the
  /// destination keeping its records and its other parts (created empty if it did not exist). `move`
  /// moves everything whatever `scope` says, and deletes the source. Returns the task number.
  func copy(_ source: String, to destination: String, scope: Set<CopyScope>?, move: Bool) throws(EngineError) -> Int {
    guard let local = index(named: source) else { throw .indexNotFound(source) }
    var settings = local.settings
    settings.replicas = []
    guard let scope, !move else {
      let records = local.objectIDs(count: local.recordCount).compactMap { local.record(objectID: $0) }
      let task = try write([.settings(settings), .clear, .save(records)], to: destination)
      return move ? try deleteIndex(source) : task
    }
    let current = index(named: destination)?.settings ?? IndexSettings()
    var copied = scope.contains(.settings) ? settings : current
    copied.replicas = current.replicas
    copied.synonyms = scope.contains(.synonyms) ? local.settings.synonyms : current.synonyms
    copied.rules = scope.contains(.rules) ? local.settings.rules : current.rules
    return try write([.settings(copied)], to: destination)
  }
}
