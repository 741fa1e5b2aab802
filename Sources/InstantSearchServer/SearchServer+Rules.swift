import Foundation
import Hummingbird
import InstantSearchEngine
import InstantSearchModel

extension SearchServer {
  /// Query rules: save, get, delete, batch (optionally replacing all), clear, search.
  func addRuleRoutes(to router: Router<ServerContext>) {
    router.put(
      "/1/indexes/:index/rules/:objectID",
      use: handler(.acl("editSettings")) { [store] call throws(APIError) in
        let index = try Self.parameter(call.context, "index")
        let objectID = try Self.parameter(call.context, "objectID")
        guard var object = call.json?.objectValue else { throw APIError(400, "the rule must be a JSON object") }
        object["objectID"] = .string(objectID)
        let rule = try Self.rule(.object(object))
        let task = try Self.writing { () throws(EngineError) in
          try store.updateRules(of: index, forward: call.forwardsToReplicas) { LocalIndex.merging([rule], into: $0) }
        }
        return .json(["objectID": .string(objectID), "updatedAt": Self.timestamp(), "taskID": .number(Double(task))])
      })
    router.get(
      "/1/indexes/:index/rules/:objectID",
      use: handler(.search) { [store] call throws(APIError) in
        let index = try Self.parameter(call.context, "index")
        let objectID = try Self.parameter(call.context, "objectID")
        guard let rule = try store.rules(of: index).first(where: { $0.objectID == objectID }) else {
          throw APIError(404, "ObjectID does not exist")
        }
        return .json(rule.json)
      })
    router.delete(
      "/1/indexes/:index/rules/:objectID",
      use: handler(.acl("editSettings")) { [store] call throws(APIError) in
        let index = try Self.parameter(call.context, "index")
        let objectID = try Self.parameter(call.context, "objectID")
        guard try store.rules(of: index).contains(where: { $0.objectID == objectID }) else {
          throw APIError(404, "ObjectID does not exist")
        }
        let task = try Self.writing { () throws(EngineError) in
          try store.updateRules(of: index, forward: call.forwardsToReplicas) { $0.filter { $0.objectID != objectID } }
        }
        // Algolia answers a rule's deletion with updatedAt (not deletedAt).
        return .json(["updatedAt": Self.timestamp(), "taskID": .number(Double(task))])
      })
    router.post(
      "/1/indexes/:index/rules/batch",
      use: handler(.acl("editSettings")) { [store] call throws(APIError) in
        let index = try Self.parameter(call.context, "index")
        guard let entries = call.json?.arrayValue else { throw APIError(400, "the body must be an array of rules") }
        var rules: [QueryRule] = []
        for entry in entries { rules.append(try Self.rule(entry)) }
        let clear = call.request.uri.queryParameters.get("clearExistingRules") == "true"
        let task = try Self.writing { () throws(EngineError) in
          try store.updateRules(of: index, forward: call.forwardsToReplicas) {
            LocalIndex.merging(rules, into: clear ? [] : $0)
          }
        }
        return .json(["updatedAt": Self.timestamp(), "taskID": .number(Double(task))])
      })
    router.post(
      "/1/indexes/:index/rules/clear",
      use: handler(.acl("editSettings")) { [store] call throws(APIError) in
        let index = try Self.parameter(call.context, "index")
        let task = try Self.writing { () throws(EngineError) in
          try store.updateRules(of: index, forward: call.forwardsToReplicas) { _ in [] }
        }
        return .json(["updatedAt": Self.timestamp(), "taskID": .number(Double(task))])
      })
    router.post(
      "/1/indexes/:index/rules/search",
      use: handler(.search) { [store] call throws(APIError) in
        let index = try Self.parameter(call.context, "index")
        let body = call.json?.objectValue ?? [:]
        let anchoring = body["anchoring"]?.stringValue.flatMap(QueryRule.Anchoring.init(rawValue:))
        // A missing index has no rules: Algolia answers an empty search, not a 404.
        let found = (store.existingRules(of: index) ?? []).matching(
          body["query"]?.stringValue ?? "", anchoring: anchoring, context: body["context"]?.stringValue,
          enabled: body["enabled"]?.boolValue)
        let perPage = try Self.integer(body["hitsPerPage"], "hitsPerPage", default: 20, in: 1...1000)
        let page = try Self.integer(body["page"], "page", default: 0, in: 0...1_000_000)
        let start = min(found.count, page * perPage)
        let hits = found[start..<min(found.count, start + perPage)].map(\.json)
        return .json([
          "hits": .array(Array(hits)), "nbHits": .number(Double(found.count)), "page": .number(Double(page)),
          "nbPages": .number(Double((found.count + perPage - 1) / perPage)),
        ])
      })
  }

  /// A whole-number parameter of a body, clamped into `range`; `default` when absent.
  ///
  /// - Throws: ``APIError`` (400) for a value that is not a finite number.
  static func integer(_ value: JSON?, _ name: String, default: Int, in range: ClosedRange<Int>) throws(APIError) -> Int
  {
    guard let value, value != .null else { return `default` }
    guard let number = value.doubleValue, number.isFinite else {
      throw APIError(400, "\(name) must be a number, found \(value)")
    }
    return Int(min(max(number.rounded(.down), Double(range.lowerBound)), Double(range.upperBound)))
  }

  static func rule(_ json: JSON) throws(APIError) -> QueryRule {
    do {
      return try QueryRule(json: json)
    } catch {
      throw APIError(error)
    }
  }
}

extension IndexStore {
  /// The rules of index or replica `name`; a 404 `Index does not exist` when there is none.
  func rules(of name: String) throws(APIError) -> [QueryRule] {
    guard let rules = existingRules(of: name) else { throw .indexDoesNotExist }
    return rules
  }

  /// The rules of index or replica `name`, `nil` when there is none.
  func existingRules(of name: String) -> [QueryRule]? {
    index(named: name)?.rules ?? client.replica(named: name)?.settings.rules
  }

  /// Replaces the rules of index or replica `name` with what `change` makes of them (and of its replicas'
  /// with `forward`); returns the task.
  func updateRules(of name: String, forward: Bool = false, _ change: ([QueryRule]) -> [QueryRule])
    throws(EngineError) -> Int
  {
    try changeSettings(of: name, forward: forward) { settings, _ in settings.rules = change(settings.rules) }
  }
}
