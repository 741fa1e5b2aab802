import Foundation
import InstantSearchModel

/// The settings written back: in Algolia's JSON form, and as an index directory keeps them.
extension IndexSettings {
  /// Encodes the settings in Algolia's form.
  public func encode(to encoder: any Encoder) throws {
    try JSON.object(jsonObject).encode(to: encoder)
  }

  /// The settings in Algolia's JSON form.
  public var jsonObject: [String: JSON] {
    var groups: [[String]] = []
    var lastPriority = -1
    for attribute in searchableAttributes {
      let name = attribute.isOrdered ? attribute.path : "unordered(\(attribute.path))"
      if attribute.priority == lastPriority, !groups.isEmpty {
        groups[groups.count - 1].append(name)
      } else {
        groups.append([name])
      }
      lastPriority = attribute.priority
    }
    var object: [String: JSON] = [
      "searchableAttributes": .array(groups.map { .string($0.joined(separator: ",")) }),
      "attributesForFaceting": .array(
        attributesForFaceting.map { facet in
          let name =
            facet.isFilterOnly
            ? "filterOnly(\(facet.path))" : facet.isSearchable ? "searchable(\(facet.path))" : facet.path
          return .string(facet.isAfterDistinct ? "afterDistinct(\(name))" : name)
        }),
      "customRanking": .array(customRanking.map { .string(($0.isAscending ? "asc(" : "desc(") + $0.path + ")") }),
      "ranking": .array(ranking.map(JSON.string)),
      "minWordSizefor1Typo": .number(Double(minWordSizefor1Typo)),
      "minWordSizefor2Typos": .number(Double(minWordSizefor2Typos)),
      "queryType": .string(queryType.rawValue),
      "hitsPerPage": .number(Double(hitsPerPage)),
      "maxValuesPerFacet": .number(Double(maxValuesPerFacet)),
      "paginationLimitedTo": .number(Double(paginationLimitedTo)),
      "unretrievableAttributes": .array(unretrievableAttributes.map(JSON.string)),
      "highlightPreTag": .string(highlightPreTag),
      "snippetEllipsisText": .string(snippetEllipsisText),
      "distinct": .number(Double(distinct)),
      "highlightPostTag": .string(highlightPostTag),
      "disableTypoToleranceOnWords": .array(disableTypoToleranceOnWords.map(JSON.string)),
      "maxFacetHits": .number(Double(maxFacetHits)),
    ]
    if !disablePrefixOnAttributes.isEmpty {
      object["disablePrefixOnAttributes"] = .array(disablePrefixOnAttributes.map(JSON.string))
    }
    object.merge(tokenizationJSON) { _, given in given }
    if let indexLanguages { object["indexLanguages"] = .array(indexLanguages.map(JSON.string)) }
    if let decompoundedAttributes {
      object["decompoundedAttributes"] = .object(decompoundedAttributes.mapValues { .array($0.map(JSON.string)) })
    }
    if let attributesToTransliterate {
      object["attributesToTransliterate"] = .array(attributesToTransliterate.map(JSON.string))
    }
    if let numericAttributesForFiltering {
      object["numericAttributesForFiltering"] = .array(numericAttributesForFiltering.map(JSON.string))
    }
    switch typoTolerance {
    case .enabled: object["typoTolerance"] = true
    case .disabled: object["typoTolerance"] = false
    case .min: object["typoTolerance"] = "min"
    case .strict: object["typoTolerance"] = "strict"
    }
    // As given, while it still says the same (`"false"` for false).
    if let given = givenTypoTolerance, Self.typoTolerance(given) == typoTolerance { object["typoTolerance"] = given }
    object.merge(additionalSettings) { typed, _ in typed }
    if let attributesToRetrieve { object["attributesToRetrieve"] = .array(attributesToRetrieve.map(JSON.string)) }
    if let attributesToHighlight { object["attributesToHighlight"] = .array(attributesToHighlight.map(JSON.string)) }
    if let attributeForDistinct { object["attributeForDistinct"] = .string(attributeForDistinct) }
    if let attributesToSnippet { object["attributesToSnippet"] = .array(attributesToSnippet.map(JSON.string)) }
    if let renderingContent { object["renderingContent"] = renderingContent.json }
    if !replicas.isEmpty { object["replicas"] = .array(replicas.map { .string($0.description) }) }
    if let primary { object["primary"] = .string(primary) }
    if let relevancyStrictness { object["relevancyStrictness"] = .number(Double(relevancyStrictness)) }
    return object
  }

  /// The settings as an index directory keeps them: ``jsonObject`` with the query rules under `rules` and
  /// the synonyms under `synonyms`.
  public var storedJSONObject: [String: JSON] {
    var object = jsonObject
    if !rules.isEmpty { object["rules"] = .array(rules.map(\.json)) }
    if !synonyms.isEmpty { object["synonyms"] = .array(synonyms.map(\.json)) }
    return object
  }
}
