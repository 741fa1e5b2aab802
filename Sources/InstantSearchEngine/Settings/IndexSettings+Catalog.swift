import InstantSearchModel

/// Every setting Algolia's API takes, and what the engine does with it. A settings object naming anything
/// else is refused as Algolia refuses it (`Invalid object attributes: X`); none is accepted and silently
/// dropped. The table is in the engine's documentation (`SearchParameters.md`, "Index settings").
extension IndexSettings {
  /// What the engine does with one setting.
  public enum SettingFate: Hashable, Sendable {
    /// Read into a typed property of ``IndexSettings`` and applied.
    case applied
    /// A search parameter set for every search of the index: each search that does not give it takes
    /// the index's value (see ``queryDefaults``); its fate is the parameter's (``SearchParameterFate``).
    case searchDefault
    /// Stored and returned as given, with no effect here (the reason says why).
    case noEffect(reason: String)
    /// Not applied yet: accepted only at Algolia's default value (what the engine does), refused with a
    /// 400 that names it otherwise.
    case notYetApplied(defaults: [JSON])
  }

  /// The settings read into typed properties (``init(json:)``).
  static let typedSettingNames: Set<String> = [
    "searchableAttributes", "attributesForFaceting", "customRanking", "ranking", "replicas", "primary",
    "relevancyStrictness", "typoTolerance", "minWordSizefor1Typo", "minWordSizefor2Typos", "queryType",
    "hitsPerPage", "maxValuesPerFacet", "paginationLimitedTo", "attributesToRetrieve", "unretrievableAttributes",
    "attributesToHighlight", "attributeForDistinct", "distinct", "attributesToSnippet", "snippetEllipsisText",
    "highlightPreTag", "highlightPostTag", "renderingContent", "disableTypoToleranceOnWords", "maxFacetHits",
    "numericAttributesForFiltering", "disablePrefixOnAttributes", "separatorsToIndex", "keepDiacriticsOnCharacters",
    "customNormalization", "camelCaseAttributes", "indexLanguages", "decompoundedAttributes",
    "attributesToTransliterate",
  ]

  /// The search parameters an index may set for all its searches (Algolia's `indexSettingsAsSearchParams`
  /// that are not typed settings).
  static let searchDefaultNames: Set<String> = [
    "advancedSyntax", "advancedSyntaxFeatures", "allowTyposOnNumericTokens", "alternativesAsExact",
    "attributeCriteriaComputedByMinProximity", "decompoundQuery", "disableExactOnAttributes",
    "disableTypoToleranceOnAttributes", "enablePersonalization", "enableReRanking", "enableRules",
    "exactOnSingleWordQuery", "ignorePlurals", "minProximity", "mode", "optionalWords", "queryLanguages",
    "reRankingApplyFilter", "removeStopWords", "removeWordsIfNoResults", "replaceSynonymsInHighlight",
    "responseFields", "restrictHighlightAndSnippetArrays", "semanticSearch", "sortFacetValuesBy",
  ]

  /// Settings that are not search parameters and are not typed: their fates.
  static let otherSettingFates: [String: SettingFate] = [
    "userData": .noEffect(reason: "kept for the application, as on Algolia: returned, never read by the engine"),
    "allowCompressionOfIntegerArray": .noEffect(reason: "a storage choice of Algolia's; answers do not change"),
  ]

  /// Algolia's defaults of the search parameters not applied yet, accepted as settings at those values.
  static let searchDefaultValues: [String: [JSON]] = [:]

  /// Settings Algolia's `GET …/settings` returns even when never set, at the default value the engine
  /// applies (the others it returns are typed properties, always in ``jsonObject``).
  public static let returnedDefaults: [String: JSON] = [
    "exactOnSingleWordQuery": "attribute", "removeWordsIfNoResults": "none", "separatorsToIndex": "",
    "alternativesAsExact": ["ignorePlurals", "singleWordSynonym"],
  ]

  /// The settings as Algolia's `GET …/settings` answers them: ``jsonObject`` and the defaults it
  /// returns even when never set (``returnedDefaults``).
  public var answeredJSONObject: [String: JSON] {
    Self.returnedDefaults.merging(jsonObject) { _, set in set }
  }

  /// Former names Algolia still takes, and the names they are read as.
  static let settingAliases: [String: String] = [
    "attributesToIndex": "searchableAttributes", "numericAttributesToIndex": "numericAttributesForFiltering",
    "slaves": "replicas",
  ]

  /// The fate of every setting by name (built once: every settings object read consults it).
  public static let settingFates: [String: SettingFate] = {
    var fates = otherSettingFates
    for name in typedSettingNames { fates[name] = .applied }
    for name in searchDefaultNames {
      switch SearchParameterFate.all[name] {
      case .noEffect(let reason)?: fates[name] = .noEffect(reason: reason)
      case .notYetApplied?: fates[name] = .notYetApplied(defaults: searchDefaultValues[name] ?? [])
      case .applied?, nil: fates[name] = .searchDefault
      }
    }
    return fates
  }()

  /// Checks the names and values of `object`'s untyped settings against their fates and returns them, as
  /// given, with the search defaults among them.
  ///
  /// - Throws: ``EngineError/unknownSetting(_:)`` for a name that is not one of Algolia's settings,
  ///   ``EngineError/settingNotApplied(_:)`` for one not applied yet with a value other than Algolia's
  ///   default.
  static func untypedSettings(of object: [String: JSON]) throws(EngineError) -> (
    stored: [String: JSON], searchDefaults: [String: JSON]
  ) {
    let fates = settingFates
    var stored: [String: JSON] = [:]
    var defaults: [String: JSON] = [:]
    for (name, value) in object.sorted(by: { $0.key < $1.key }) {
      guard !typedSettingNames.contains(name), name != "rules", name != "synonyms" else { continue }
      switch fates[name] {
      case nil: throw .unknownSetting(name)
      case .applied?: continue
      case .noEffect?: stored[name] = value
      case .searchDefault?:
        stored[name] = value
        defaults[name] = value
      case .notYetApplied(let accepted)?:
        guard value == .null || accepted.contains(value) else { throw .settingNotApplied(name) }
        stored[name] = value
      }
    }
    return (stored, defaults)
  }

  /// `query` with this index's search defaults (``queryDefaults``) for the parameters it does not give:
  /// the query as a search of the index reads it.
  ///
  /// - Throws: ``EngineError/invalidParameter(_:)`` when the combination cannot be read.
  public func applyingDefaults(to query: Query) throws(EngineError) -> Query {
    // `naturalLanguages` sets its parameters over the index's defaults, not over the query's own.
    let query = query.applyingNaturalLanguages()
    guard !queryDefaults.isEmpty else { return query }
    do throws(ResponseDecodingError) {
      return try Query(jsonObject: queryDefaults.merging(query.jsonObject) { _, given in given })
    } catch {
      throw .invalidParameter(error.description)
    }
  }
}
