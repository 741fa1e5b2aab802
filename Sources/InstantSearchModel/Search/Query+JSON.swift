extension Query {
  /// The query in Algolia's JSON object form: only the parameters that are set.
  public var jsonObject: [String: JSON] {
    var object = additionalParameters
    func set(_ key: String, _ value: JSON?) {
      if let value { object[key] = value }
    }
    set("query", query.map(JSON.string))
    set("filters", filters.map(JSON.string))
    set("facets", facets.map { .array($0.map(JSON.string)) })
    // Each as it was given, while it holds the same clauses.
    func clauses(_ key: String, _ value: [[String]]?) -> JSON? {
      value.map { filterForms.json(for: key, clauses: $0) ?? Self.clausesJSON($0) }
    }
    set("facetFilters", clauses("facetFilters", facetFilters))
    set("numericFilters", clauses("numericFilters", numericFilters))
    set("tagFilters", clauses("tagFilters", tagFilters))
    set("optionalFilters", clauses("optionalFilters", optionalFilters))
    set("sumOrFiltersScores", sumOrFiltersScores.map(JSON.bool))
    set("page", page.map { .number(Double($0)) })
    set("hitsPerPage", hitsPerPage.map { .number(Double($0)) })
    set("offset", offset.map { .number(Double($0)) })
    set("length", length.map { .number(Double($0)) })
    set("maxValuesPerFacet", maxValuesPerFacet.map { .number(Double($0)) })
    set("sortFacetValuesBy", sortFacetValuesBy.map { .string($0.rawValue) })
    set("attributesToRetrieve", attributesToRetrieve.map { .array($0.map(JSON.string)) })
    set("attributesToHighlight", attributesToHighlight.map { .array($0.map(JSON.string)) })
    set("aroundLatLng", aroundLatLng.map(JSON.string))
    switch aroundRadius {
    case .meters(let meters)?: object["aroundRadius"] = .number(Double(meters))
    case .all?: object["aroundRadius"] = "all"
    case nil: break
    }
    set("minimumAroundRadius", minimumAroundRadius.map { .number(Double($0)) })
    set("aroundPrecision", aroundPrecision.map { .number(Double($0)) })
    set(
      "aroundPrecision",
      aroundPrecisionRanges.map { ranges in
        .array(ranges.map { .object(["from": .number(Double($0.from)), "value": .number(Double($0.value))]) })
      })
    set("insideBoundingBox", insideBoundingBox.map { .array($0.map { .array($0.map(JSON.number)) }) })
    set("insidePolygon", insidePolygon.map { .array($0.map { .array($0.map(JSON.number)) }) })
    set("getRankingInfo", getRankingInfo.map(JSON.bool))
    set("synonyms", synonyms.map(JSON.bool))
    set("enableRules", enableRules.map(JSON.bool))
    set("ruleContexts", ruleContexts.map { .array($0.map(JSON.string)) })
    set("distinct", distinct.map { .number(Double($0)) })
    set("facetingAfterDistinct", facetingAfterDistinct.map(JSON.bool))
    set("attributesToSnippet", attributesToSnippet.map { .array($0.map(JSON.string)) })
    set("snippetEllipsisText", snippetEllipsisText.map(JSON.string))
    set("highlightPreTag", highlightPreTag.map(JSON.string))
    set("highlightPostTag", highlightPostTag.map(JSON.string))
    set("typoTolerance", typoTolerance?.json)
    set("queryType", queryType.map { .string($0.rawValue) })
    set("minWordSizefor1Typo", minWordSizefor1Typo.map { .number(Double($0)) })
    set("minWordSizefor2Typos", minWordSizefor2Typos.map { .number(Double($0)) })
    set("analytics", analytics.map(JSON.bool))
    set("clickAnalytics", clickAnalytics.map(JSON.bool))
    set("userToken", userToken.map(JSON.string))
    set("analyticsTags", analyticsTags.map { .array($0.map(JSON.string)) })
    set("relevancyStrictness", relevancyStrictness.map { .number(Double($0)) })
    set("restrictSearchableAttributes", restrictSearchableAttributes.map { .array($0.map(JSON.string)) })
    set("advancedSyntax", advancedSyntax.map(JSON.bool))
    set("advancedSyntaxFeatures", advancedSyntaxFeatures.map { .array($0.map { .string($0.rawValue) }) })
    set("alternativesAsExact", alternativesAsExact.map { .array($0.map { .string($0.rawValue) }) })
    set("replaceSynonymsInHighlight", replaceSynonymsInHighlight.map(JSON.bool))
    set("ignorePlurals", ignorePlurals?.json)
    set("removeStopWords", removeStopWords?.json)
    set("queryLanguages", queryLanguages.map { .array($0.map(JSON.string)) })
    set("similarQuery", similarQuery.map(JSON.string))
    set("decompoundQuery", decompoundQuery.map(JSON.bool))
    set("naturalLanguages", naturalLanguages.map { .array($0.map(JSON.string)) })
    set("optionalWords", optionalWords.map { .array($0.map(JSON.string)) })
    set("removeWordsIfNoResults", removeWordsIfNoResults.map { .string($0.rawValue) })
    set("responseFields", responseFields.map { .array($0.map(JSON.string)) })
    set("renderingContent", renderingContent?.json)
    set("minProximity", minProximity.map { .number(Double($0)) })
    set("attributeCriteriaComputedByMinProximity", attributeCriteriaComputedByMinProximity.map(JSON.bool))
    set("allowTyposOnNumericTokens", allowTyposOnNumericTokens.map(JSON.bool))
    set("exactOnSingleWordQuery", exactOnSingleWordQuery.map { .string($0.rawValue) })
    set("restrictHighlightAndSnippetArrays", restrictHighlightAndSnippetArrays.map(JSON.bool))
    set("disableTypoToleranceOnAttributes", disableTypoToleranceOnAttributes.map { .array($0.map(JSON.string)) })
    set("disableExactOnAttributes", disableExactOnAttributes.map { .array($0.map(JSON.string)) })
    return object
  }

  /// Reads a query from Algolia's JSON object form, accepting what real clients send: list parameters as
  /// a single string (`"facets": "brand"`), legacy filters in their string syntax (`"tagFilters": "a,b"`),
  /// numbers and booleans as strings. A `params` member (URL-encoded form) is merged in; explicit members
  /// win over it. Unknown parameters go to ``additionalParameters``.
  ///
  /// - Throws: ``ResponseDecodingError`` naming the parameter whose value has the wrong type.
  public init(jsonObject: [String: JSON]) throws(ResponseDecodingError) {
    var object = jsonObject
    switch object.removeValue(forKey: "params") {
    case .string(let params)?:
      let fromParams = try Self.parameters(fromURLEncoded: params)
      object = fromParams.merging(object) { _, explicit in explicit }
    case nil, .null?: break
    case let other?:
      throw ResponseDecodingError(path: "params", message: "expected a URL-encoded string, found \(other.preview)")
    }
    self.init()
    var reader = ParameterReader(object: object)
    query = try reader.string("query")
    filters = try reader.string("filters")
    facets = try reader.stringList("facets")
    facetFilters = try reader.clauses("facetFilters")
    numericFilters = try reader.clauses("numericFilters")
    tagFilters = try reader.clauses("tagFilters")
    optionalFilters = try reader.clauses("optionalFilters")
    filterForms.record("facetFilters", json: object["facetFilters"], clauses: facetFilters)
    filterForms.record("numericFilters", json: object["numericFilters"], clauses: numericFilters)
    filterForms.record("tagFilters", json: object["tagFilters"], clauses: tagFilters)
    filterForms.record("optionalFilters", json: object["optionalFilters"], clauses: optionalFilters)
    sumOrFiltersScores = try reader.boolean("sumOrFiltersScores")
    page = try reader.integer("page")
    hitsPerPage = try reader.integer("hitsPerPage")
    offset = try reader.integer("offset")
    length = try reader.integer("length")
    maxValuesPerFacet = try reader.integer("maxValuesPerFacet")
    sortFacetValuesBy = try reader.enumeration("sortFacetValuesBy", FacetSortOrder.init(rawValue:))
    attributesToRetrieve = try reader.stringList("attributesToRetrieve")
    attributesToHighlight = try reader.stringList("attributesToHighlight")
    aroundLatLng = try reader.string("aroundLatLng")
    aroundRadius = try reader.aroundRadius("aroundRadius")
    minimumAroundRadius = try reader.integer("minimumAroundRadius")
    (aroundPrecision, aroundPrecisionRanges) = try reader.aroundPrecision("aroundPrecision")
    insideBoundingBox = try reader.numberLists("insideBoundingBox")
    insidePolygon = try reader.numberLists("insidePolygon")
    getRankingInfo = try reader.boolean("getRankingInfo")
    synonyms = try reader.boolean("synonyms")
    enableRules = try reader.boolean("enableRules")
    ruleContexts = try reader.stringList("ruleContexts")
    distinct = try reader.integerOrBoolean("distinct")
    facetingAfterDistinct = try reader.boolean("facetingAfterDistinct")
    attributesToSnippet = try reader.stringList("attributesToSnippet")
    snippetEllipsisText = try reader.string("snippetEllipsisText")
    highlightPreTag = try reader.string("highlightPreTag")
    highlightPostTag = try reader.string("highlightPostTag")
    typoTolerance = try reader.typoTolerance("typoTolerance")
    queryType = try reader.enumeration("queryType", QueryType.init(rawValue:))
    minWordSizefor1Typo = try reader.integer("minWordSizefor1Typo")
    minWordSizefor2Typos = try reader.integer("minWordSizefor2Typos")
    analytics = try reader.boolean("analytics")
    clickAnalytics = try reader.boolean("clickAnalytics")
    userToken = try reader.string("userToken")
    analyticsTags = try reader.stringList("analyticsTags")
    relevancyStrictness = try reader.integer("relevancyStrictness")
    restrictSearchableAttributes = try reader.stringList("restrictSearchableAttributes")
    advancedSyntax = try reader.boolean("advancedSyntax")
    advancedSyntaxFeatures = try reader.enumerationList("advancedSyntaxFeatures", AdvancedSyntaxFeature.init(rawValue:))
    alternativesAsExact = try reader.enumerationList("alternativesAsExact", AlternativeAsExact.init(rawValue:))
    replaceSynonymsInHighlight = try reader.boolean("replaceSynonymsInHighlight")
    ignorePlurals = try reader.languageSwitch("ignorePlurals")
    removeStopWords = try reader.languageSwitch("removeStopWords")
    queryLanguages = try reader.stringList("queryLanguages")
    similarQuery = try reader.string("similarQuery")
    decompoundQuery = try reader.boolean("decompoundQuery")
    naturalLanguages = try reader.stringList("naturalLanguages")
    optionalWords = try reader.stringList("optionalWords")
    removeWordsIfNoResults = try reader.enumeration("removeWordsIfNoResults", RemoveWordsIfNoResults.init(rawValue:))
    responseFields = try reader.stringList("responseFields")
    renderingContent = try reader.renderingContent("renderingContent")
    minProximity = try reader.integer("minProximity")
    attributeCriteriaComputedByMinProximity = try reader.boolean("attributeCriteriaComputedByMinProximity")
    allowTyposOnNumericTokens = try reader.boolean("allowTyposOnNumericTokens")
    exactOnSingleWordQuery = try reader.enumeration("exactOnSingleWordQuery", ExactOnSingleWordQuery.init(rawValue:))
    restrictHighlightAndSnippetArrays = try reader.boolean("restrictHighlightAndSnippetArrays")
    disableTypoToleranceOnAttributes = try reader.stringList("disableTypoToleranceOnAttributes")
    disableExactOnAttributes = try reader.stringList("disableExactOnAttributes")
    additionalParameters = reader.remaining
  }

  /// Clauses as Algolia's nested arrays: a one-value clause is written as a plain string.
  package static func clausesJSON(_ clauses: [[String]]) -> JSON {
    .array(clauses.map { clause in clause.count == 1 ? .string(clause[0]) : .array(clause.map(JSON.string)) })
  }

  /// Legacy string syntax: commas separate ANDed parts, a parenthesised comma list is an OR clause:
  /// `(Book,Movie),SciFi` is `[["Book","Movie"],["SciFi"]]`. An empty string is no clause.
  package static func clauses(fromLegacyString text: String) -> [[String]] {
    var clauses: [[String]] = []
    var current: [String] = []
    var token = ""
    var depth = 0
    func flushToken() {
      let trimmed = token.trimmingSpaces
      if !trimmed.isEmpty { current.append(trimmed) }
      token = ""
    }
    for character in text {
      switch character {
      case "(" where depth == 0:
        depth = 1
      case ")" where depth == 1:
        flushToken()
        depth = 0
      case "," where depth == 0:
        flushToken()
        if !current.isEmpty { clauses.append(current) }
        current = []
      case "," where depth == 1:
        flushToken()
      default:
        token.append(character)
      }
    }
    flushToken()
    if !current.isEmpty { clauses.append(current) }
    return clauses
  }
}

extension Query: Codable {
  /// Decodes the JSON object form (or `{"params": "…"}`).
  public init(from decoder: any Decoder) throws {
    let object = try [String: JSON](from: decoder)
    do {
      try self.init(jsonObject: object)
    } catch {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error))
    }
  }

  /// Encodes the JSON object form.
  public func encode(to encoder: any Encoder) throws {
    try jsonObject.encode(to: encoder)
  }
}

extension String {
  /// The string without leading and trailing spaces.
  package var trimmingSpaces: String {
    var scalars = Substring(self)
    while scalars.first == " " { scalars = scalars.dropFirst() }
    while scalars.last == " " { scalars = scalars.dropLast() }
    return String(scalars)
  }
}
