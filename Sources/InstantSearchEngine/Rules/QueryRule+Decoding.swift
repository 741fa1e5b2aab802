import Foundation
import InstantSearchModel

extension QueryRule {
  /// Reads a rule object (the current `conditions` array or the older single `condition`).
  ///
  /// - Throws: ``EngineError/invalidSettings(_:)`` naming the rule and the member that does not read.
  public init(json: JSON) throws(EngineError) {
    guard let object = json.objectValue else { throw .invalidSettings("a rule must be a JSON object, found \(json)") }
    guard let id = object["objectID"]?.stringValue, !id.isEmpty else {
      throw .invalidSettings("a rule needs a string objectID")
    }
    func fail(_ message: String) -> EngineError { .invalidSettings("rule \(id): \(message)") }
    self.json = json
    objectID = id
    var conditionValues: [JSON] = object["conditions"]?.arrayValue ?? []
    if let single = object["condition"], single != .null { conditionValues.append(single) }
    conditions = []
    for value in conditionValues {
      guard let fields = value.objectValue else { throw fail("a condition must be an object") }
      var anchoring = Anchoring.contains
      if let text = fields["anchoring"]?.stringValue {
        guard let read = Anchoring(rawValue: text) else {
          throw fail("anchoring must be is, startsWith, endsWith or contains, found \"\(text)\"")
        }
        anchoring = read
      }
      let pattern = fields["pattern"]?.stringValue
      // A pattern without anchoring means nothing to Algolia; an anchoring without pattern ignores it.
      conditions.append(
        Condition(
          pattern: pattern, anchoring: anchoring, context: fields["context"]?.stringValue,
          filters: fields["filters"]?.stringValue, alternatives: fields["alternatives"]?.boolValue ?? false))
    }
    let consequence = object["consequence"]?.objectValue ?? [:]
    var params = consequence["params"]?.objectValue ?? [:]
    replacementQuery = nil
    edits = []
    switch params.removeValue(forKey: "query") {
    case .string(let text)?: replacementQuery = text
    case .object(let query)?:
      for word in query["remove"]?.arrayValue ?? [] {
        guard let text = word.stringValue else { throw fail("params.query.remove must hold strings") }
        edits.append(.remove(text))
      }
      for edit in query["edits"]?.arrayValue ?? [] {
        guard let fields = edit.objectValue, let delete = fields["delete"]?.stringValue else {
          throw fail("each params.query.edits entry needs a string delete")
        }
        switch fields["type"]?.stringValue ?? "remove" {
        case "remove": edits.append(.remove(delete))
        case "replace":
          guard let insert = fields["insert"]?.stringValue else { throw fail("a replace edit needs insert") }
          edits.append(.replace(delete, with: insert))
        case let other: throw fail("edit type must be remove or replace, found \"\(other)\"")
        }
      }
    case nil, .null?: break
    case let other?: throw fail("params.query must be a string or an object, found \(other)")
    }
    renderingContent = nil
    if let value = params.removeValue(forKey: "renderingContent"), value != .null {
      do throws(ResponseDecodingError) {
        renderingContent = try RenderingContent(json: value)
      } catch {
        throw fail("\(error)")
      }
    }
    automaticFacetFilters = try Self.automatic(params.removeValue(forKey: "automaticFacetFilters"), fail: fail)
    automaticOptionalFacetFilters = try Self.automatic(
      params.removeValue(forKey: "automaticOptionalFacetFilters"), fail: fail)
    do {
      _ = try Query(jsonObject: params)
    } catch {
      throw fail("params: \(error)")
    }
    self.params = params
    promotions = try Self.promotions(consequence["promote"], fail: fail)
    filterPromotes = consequence["filterPromotes"]?.boolValue ?? false
    hidden = (consequence["hide"]?.arrayValue ?? []).compactMap { $0["objectID"]?.stringValue }
    userData = consequence["userData"].flatMap { $0 == .null ? nil : $0 }
    enabled = object["enabled"]?.boolValue ?? true
    validity = []
    // A period with only `from` lasts from then on, one with only `until` up to then (Algolia's time
    // ranges name either bound alone); a bound that is there must be a finite number.
    for period in object["validity"]?.arrayValue ?? [] {
      guard let bounds = period.objectValue else { throw fail("each validity period must be an object") }
      var edges: [Double] = []
      for (name, open) in [("from", -Double.infinity), ("until", Double.infinity)] {
        guard let value = bounds[name], value != .null else {
          edges.append(open)
          continue
        }
        guard let number = value.doubleValue, number.isFinite else {
          throw fail("validity \(name) must be a number of seconds, found \(value)")
        }
        edges.append(number)
      }
      validity.append(Period(from: edges[0], until: edges[1]))
    }
  }

  /// `["brand"]` or `[{"facet": "brand", "disjunctive": true, "score": 2, "negative": false}]`.
  private static func automatic(_ value: JSON?, fail: (String) -> EngineError) throws(EngineError)
    -> [AutomaticFacetFilter]
  {
    var result: [AutomaticFacetFilter] = []
    for entry in value?.arrayValue ?? [] {
      if let facet = entry.stringValue {
        result.append(AutomaticFacetFilter(facet: facet, disjunctive: false, score: nil, negative: false))
      } else if let facet = entry["facet"]?.stringValue {
        result.append(
          AutomaticFacetFilter(
            facet: facet, disjunctive: entry["disjunctive"]?.boolValue ?? false,
            score: entry["score"]?.doubleValue.flatMap { Int(exactly: $0) },
            negative: entry["negative"]?.boolValue ?? false))
      } else {
        throw fail("each automatic facet filter is an attribute name or an object with facet")
      }
    }
    return result
  }

  private static func promotions(_ value: JSON?, fail: (String) -> EngineError) throws(EngineError) -> [Promotion] {
    var result: [Promotion] = []
    for entry in value?.arrayValue ?? [] {
      guard let position = entry["position"]?.doubleValue.flatMap({ Int(exactly: $0) }), position >= 0 else {
        throw fail("each promote entry needs a position of 0 or more")
      }
      if let id = entry["objectID"]?.stringValue {
        result.append(Promotion(objectIDs: [id], position: position))
      } else if let ids = entry["objectIDs"]?.arrayValue?.compactMap(\.stringValue), !ids.isEmpty {
        result.append(Promotion(objectIDs: ids, position: position))
      } else {
        throw fail("each promote entry needs objectID or objectIDs")
      }
    }
    return result
  }

  /// Reads a rules file (`rules.json`: an array of rules, as Algolia's dashboard and clients export it).
  ///
  /// - Throws: ``EngineError/invalidSettings(_:)`` for text that is not an array of rules, naming the rule.
  public static func rules(jsonData data: Data) throws(EngineError) -> [QueryRule] {
    let json: JSON
    do {
      json = try JSONDecoder().decodeBounded(JSON.self, from: data)
    } catch {
      throw .invalidSettings("rules: not valid JSON: \(error)")
    }
    guard let entries = json.arrayValue else { throw .invalidSettings("rules: expected an array of rules") }
    var rules: [QueryRule] = []
    for entry in entries { rules.append(try QueryRule(json: entry)) }
    return rules
  }
}
