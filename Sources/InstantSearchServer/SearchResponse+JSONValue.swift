import InstantSearchEngine
import InstantSearchModel

extension SearchResponse {
  /// The response in Algolia's JSON shape (as its `Encodable` form writes it), built directly: the server
  /// writes it with `JSON.appendText(to:)`, several times faster than `JSONEncoder`.
  var jsonValue: JSON {
    var object: [String: JSON] = [
      "hits": .array(hits.map { .object($0.object) }), "nbHits": .number(Double(nbHits)),
      "page": .number(Double(page)), "nbPages": .number(Double(nbPages)),
      "hitsPerPage": .number(Double(hitsPerPage)), "processingTimeMS": .number(Double(processingTimeMS)),
    ]
    if let offset { object["offset"] = .number(Double(offset)) }
    if let length { object["length"] = .number(Double(length)) }
    if !facets.isEmpty {
      object["facets"] = .object(facets.mapValues { .object($0.mapValues { .number(Double($0)) }) })
    }
    if !facetsStats.isEmpty { object["facets_stats"] = .object(facetsStats.mapValues(\.json)) }
    if let exhaustiveFacetsCount { object["exhaustiveFacetsCount"] = .bool(exhaustiveFacetsCount) }
    if let exhaustiveNbHits { object["exhaustiveNbHits"] = .bool(exhaustiveNbHits) }
    if let exhaustiveTypo { object["exhaustiveTypo"] = .bool(exhaustiveTypo) }
    if let exhaustive { object["exhaustive"] = exhaustive.json }
    if let query { object["query"] = .string(query) }
    if let params { object["params"] = .string(params) }
    if let index { object["index"] = .string(index) }
    if let queryID { object["queryID"] = .string(queryID) }
    if let renderingContent { object["renderingContent"] = renderingContent.json }
    if let nbSortedHits { object["nbSortedHits"] = .number(Double(nbSortedHits)) }
    if let userData { object["userData"] = .array(userData) }
    if let appliedRules { object["appliedRules"] = .array(appliedRules) }
    if let queryAfterRemoval { object["queryAfterRemoval"] = .string(queryAfterRemoval) }
    if let automaticRadius { object["automaticRadius"] = .string(automaticRadius) }
    if let extensions { object["extensions"] = .object(extensions) }
    if let message { object["message"] = .string(message) }
    if let appliedRelevancyStrictness {
      object["appliedRelevancyStrictness"] = .number(Double(appliedRelevancyStrictness))
    }
    return .object(object)
  }
}

extension FacetStats {
  /// `{"min":…,"max":…}` with `avg` and `sum` when there.
  var json: JSON {
    var fields: [String: JSON] = ["min": .number(min), "max": .number(max)]
    if let avg { fields["avg"] = .number(avg) }
    if let sum { fields["sum"] = .number(sum) }
    return .object(fields)
  }
}

extension SearchResponse.Exhaustive {
  /// The flags that are set.
  var json: JSON {
    var flags: [String: JSON] = [:]
    if let nbHits { flags["nbHits"] = .bool(nbHits) }
    if let facetsCount { flags["facetsCount"] = .bool(facetsCount) }
    if let facetValues { flags["facetValues"] = .bool(facetValues) }
    if let typo { flags["typo"] = .bool(typo) }
    if let rulesMatch { flags["rulesMatch"] = .bool(rulesMatch) }
    return .object(flags)
  }
}
