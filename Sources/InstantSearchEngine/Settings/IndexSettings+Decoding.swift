import Foundation
import InstantSearchModel

extension IndexSettings: Codable {
  /// Reads settings from Algolia's settings JSON object.
  ///
  /// - Throws: ``EngineError/invalidSettings(_:)`` naming the setting whose value has the wrong shape.
  public init(json given: [String: JSON]) throws(EngineError) {
    try self.init(json: given, stored: false)
  }

  /// Reads settings an index directory stored (its manifest, its logged writes). With `stored`, a
  /// `ranking` this engine does not apply — one an earlier version accepted — is kept as written rather
  /// than refused, so that the index opens; its searches are then refused with the same message
  /// (``rankingRefusal``) until the ranking is set again.
  init(json given: [String: JSON], stored: Bool) throws(EngineError) {
    self.init()
    var object = given
    for (former, name) in Self.settingAliases {
      guard let value = object.removeValue(forKey: former) else { continue }
      if object[name] == nil { object[name] = value }
    }
    (additionalSettings, queryDefaults) = try Self.untypedSettings(of: object)
    do throws(ResponseDecodingError) {
      _ = try Query(jsonObject: queryDefaults)
    } catch {
      throw .invalidSettings(error.description)
    }
    let reader = SettingsReader(object: object)
    if let entries = try reader.strings("searchableAttributes") {
      searchableAttributes = Self.searchable(entries)
    }
    if let entries = try reader.strings("attributesForFaceting") {
      attributesForFaceting = entries.map(Self.faceting)
    }
    if let entries = try reader.strings("customRanking") {
      customRanking = try entries.map { entry throws(EngineError) in try Self.customRanking(entry) }
    }
    if let entries = try reader.strings("ranking") {
      do throws(EngineError) {
        try Self.checkRanking(entries)
      } catch {
        guard stored else { throw error }
        rankingRefusal = error.description
      }
      ranking = entries
    }
    if let entries = try reader.strings("replicas") {
      // `[""]` unlinks every replica, as Algolia reads it.
      let named = entries.filter { !$0.trimmingWhitespace.isEmpty }
      replicas = try named.map { entry throws(EngineError) in try Replica(entry) }
    }
    primary = try reader.string("primary")
    relevancyStrictness = try reader.integer("relevancyStrictness", in: 0...100)
    if let value = object["typoTolerance"], value != .null {
      guard let setting = Self.typoTolerance(value) else {
        throw .invalidSettings("typoTolerance: expected true, false, \"min\" or \"strict\", found \(value)")
      }
      typoTolerance = setting
      // Kept only in a form other than the one written back: `"true"` or `"false"` as strings.
      if value == "true" || value == "false" { givenTypoTolerance = value }
    }
    minWordSizefor1Typo = try reader.integer("minWordSizefor1Typo", in: 1...100) ?? minWordSizefor1Typo
    minWordSizefor2Typos = try reader.integer("minWordSizefor2Typos", in: 1...100) ?? minWordSizefor2Typos
    if let text = try reader.string("queryType") {
      guard let type = QueryType(rawValue: text) else {
        throw .invalidSettings("queryType: expected prefixLast, prefixAll or prefixNone, found \"\(text)\"")
      }
      queryType = type
    }
    hitsPerPage = try reader.integer("hitsPerPage", in: 0...1000) ?? hitsPerPage
    maxValuesPerFacet = try reader.integer("maxValuesPerFacet", in: 0...1000) ?? maxValuesPerFacet
    paginationLimitedTo =
      try reader.integer("paginationLimitedTo", in: 0...Self.maximumPaginationLimit) ?? paginationLimitedTo
    disableTypoToleranceOnWords = try reader.strings("disableTypoToleranceOnWords") ?? []
    maxFacetHits = try reader.integer("maxFacetHits", in: 1...100) ?? maxFacetHits
    numericAttributesForFiltering = try reader.strings("numericAttributesForFiltering")
    disablePrefixOnAttributes = try reader.strings("disablePrefixOnAttributes") ?? []
    try readTokenization(object)
    indexLanguages = try reader.strings("indexLanguages")
    if let value = object["decompoundedAttributes"], value != .null {
      try setDecompoundedAttributes(try Self.decompoundedAttributes(value), requiresTables: !stored)
    }
    try setAttributesToTransliterate(try reader.strings("attributesToTransliterate"))
    attributesToRetrieve = try reader.strings("attributesToRetrieve")
    unretrievableAttributes = try reader.strings("unretrievableAttributes") ?? []
    attributesToHighlight = try reader.strings("attributesToHighlight")
    attributeForDistinct = try reader.string("attributeForDistinct").flatMap { $0.isEmpty ? nil : $0 }
    switch object["distinct"] {
    case nil, .null?: break
    case .bool(let on)?: distinct = on ? 1 : 0
    case .number(let number)?:
      guard let count = Int(exactly: number), (0...4).contains(count) else {
        throw .invalidSettings("distinct: expected true, false or an integer from 0 to 4, found \(number)")
      }
      distinct = count
    case let other?: throw .invalidSettings("distinct: expected true, false or an integer from 0 to 4, found \(other)")
    }
    attributesToSnippet = try reader.strings("attributesToSnippet")
    snippetEllipsisText =
      try reader.string("snippetEllipsisText", maximumBytes: Self.maximumTagBytes) ?? snippetEllipsisText
    highlightPreTag = try reader.string("highlightPreTag", maximumBytes: Self.maximumTagBytes) ?? highlightPreTag
    highlightPostTag = try reader.string("highlightPostTag", maximumBytes: Self.maximumTagBytes) ?? highlightPostTag
    if let entries = object["synonyms"]?.arrayValue {
      synonyms = try entries.map { entry throws(EngineError) in try Synonym(json: entry) }
    }
    if let entries = object["rules"]?.arrayValue {
      rules = try entries.map { entry throws(EngineError) in try QueryRule(json: entry) }
    }
    if let value = object["renderingContent"], value != .null {
      do throws(ResponseDecodingError) {
        renderingContent = try RenderingContent(json: value)
      } catch {
        throw .invalidSettings("\(error)")
      }
    }
  }

  /// Reads settings from JSON data (a settings file).
  public init(jsonData data: Data) throws(EngineError) {
    let json: JSON
    do {
      json = try JSONDecoder().decodeBounded(JSON.self, from: data)
    } catch let error as DecodingError {
      if case .dataCorrupted = error, let position = JSONSyntaxError.locate(in: data) {
        throw .invalidSettings("not valid JSON at \(position)")
      }
      throw .invalidSettings("not valid JSON: \(ResponseDecodingError(error))")
    } catch {
      throw .invalidSettings("not valid JSON: \(error)")
    }
    guard case .object(let object) = json else { throw .invalidSettings("settings must be a JSON object") }
    try self.init(json: object)
  }

  /// Decodes settings from a JSON object.
  public init(from decoder: any Decoder) throws {
    try self.init(json: try [String: JSON](from: decoder))
  }

  static func searchable(_ entries: [String]) -> [SearchableAttribute] {
    var result: [SearchableAttribute] = []
    for (priority, entry) in entries.enumerated() {
      for part in entry.split(separator: ",") {
        var name = part.trimmingWhitespace
        var ordered = true
        if let inner = unwrap(name, "unordered") {
          name = inner
          ordered = false
        } else if let inner = unwrap(name, "ordered") {
          name = inner
        }
        result.append(SearchableAttribute(path: name, priority: priority, isOrdered: ordered))
      }
    }
    return result
  }

  static func faceting(_ entry: String) -> FacetingAttribute {
    var name = entry.trimmingWhitespace
    var filterOnly = false
    var searchable = false
    var afterDistinct = false
    var changed = true
    while changed {
      changed = false
      for (modifier, apply) in [("filterOnly", 0), ("searchable", 1), ("afterDistinct", 2)] {
        if let inner = unwrap(name, modifier) {
          name = inner
          changed = true
          if apply == 0 { filterOnly = true }
          if apply == 1 { searchable = true }
          if apply == 2 { afterDistinct = true }
        }
      }
    }
    return FacetingAttribute(
      path: name, isFilterOnly: filterOnly, isSearchable: searchable, isAfterDistinct: afterDistinct)
  }

  /// Reads a criterion written `asc(attr)` or `desc(attr)`.
  ///
  /// - Throws: ``EngineError/invalidSettings(_:)`` for any other text.
  static func customRanking(_ entry: String) throws(EngineError) -> CustomRankingCriterion {
    let trimmed = entry.trimmingWhitespace
    if let inner = unwrap(trimmed, "asc") { return CustomRankingCriterion(path: inner, isAscending: true) }
    if let inner = unwrap(trimmed, "desc") { return CustomRankingCriterion(path: inner, isAscending: false) }
    throw .invalidSettings("customRanking: expected asc(attribute) or desc(attribute), found \"\(entry)\"")
  }

  /// The typo tolerance `value` says: `true`, `false` (also as strings), `"min"` or `"strict"`.
  static func typoTolerance(_ value: JSON) -> TypoToleranceSetting? {
    switch value {
    case .bool(let enabled): enabled ? .enabled : .disabled
    case .string("true"): .enabled
    case .string("false"): .disabled
    case .string("min"): .min
    case .string("strict"): .strict
    default: nil
    }
  }

  /// `inner` for `name(inner)`, else `nil`.
  static func unwrap(_ text: String, _ name: String) -> String? {
    guard text.hasPrefix(name + "("), text.hasSuffix(")") else { return nil }
    return String(text.dropFirst(name.count + 1).dropLast()).trimmingWhitespace
  }
}

/// Reads typed settings out of a JSON object.
private struct SettingsReader {
  let object: [String: JSON]

  func strings(_ key: String) throws(EngineError) -> [String]? {
    guard let value = object[key], value != .null else { return nil }
    switch value {
    case .array(let elements):
      var result: [String] = []
      for element in elements {
        guard case .string(let text) = element else {
          throw .invalidSettings("\(key): expected a list of strings, found \(value)")
        }
        result.append(text)
      }
      return result
    case .string(let text): return [text]
    default: throw .invalidSettings("\(key): expected a list of strings, found \(value)")
    }
  }

  func integer(_ key: String, in range: ClosedRange<Int>) throws(EngineError) -> Int? {
    guard let value = object[key], value != .null else { return nil }
    guard case .number(let number) = value, let integer = Int(exactly: number) else {
      throw .invalidSettings("\(key): expected an integer, found \(value)")
    }
    guard range.contains(integer) else {
      throw .invalidSettings("\(key): must be between \(range.lowerBound) and \(range.upperBound), got \(integer)")
    }
    return integer
  }

  func string(_ key: String, maximumBytes: Int = .max) throws(EngineError) -> String? {
    guard let value = object[key], value != .null else { return nil }
    guard case .string(let text) = value else { throw .invalidSettings("\(key): expected a string, found \(value)") }
    guard text.utf8.count <= maximumBytes else {
      throw .invalidSettings("\(key): at most \(maximumBytes) bytes, got \(text.utf8.count)")
    }
    return text
  }
}
